import type { BuyerProduct } from '@olden/contracts';
import { PAGE_LIMIT_MAX } from '@olden/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';

/** Requests made to me as a seller (spec: GET /buyerProduct?email=; the navbar shows the count). */
export function listSellerRequests(email: string, cursor?: string) {
  return api.page<BuyerProduct>('/buyerProduct', { query: { email, limit: PAGE_LIMIT_MAX, cursor } });
}

export const sellerRequestsQueryOptions = (email: string) =>
  queryOptions({ queryKey: buyerRequestKeys.seller(email), queryFn: () => listSellerRequests(email) });

export function useSellerRequests(email: string | undefined, enabled = true) {
  return useQuery({ ...sellerRequestsQueryOptions(email ?? ''), enabled: enabled && Boolean(email) });
}
