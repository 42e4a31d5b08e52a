import type { BuyerProduct } from '@olden/contracts';
import { PAGE_LIMIT_MAX, type RequestListView } from '@olden/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';
import { useRequestHistory } from './request-history';

/** Requests made to me as a seller (spec: GET /buyerProduct?email=), open ones or the history (`status=closed`). */
export function listSellerRequests(email: string, cursor?: string, view: RequestListView = 'open') {
  const status = view === 'closed' ? view : undefined;
  return api.page<BuyerProduct>('/buyerProduct', { query: { email, status, limit: PAGE_LIMIT_MAX, cursor } });
}

export const sellerRequestsQueryOptions = (email: string) =>
  queryOptions({ queryKey: buyerRequestKeys.seller(email), queryFn: () => listSellerRequests(email) });

export function useSellerRequests(email: string | undefined, enabled = true) {
  return useQuery({ ...sellerRequestsQueryOptions(email ?? ''), enabled: enabled && Boolean(email) });
}

/** Closed requests to me (Declined, Cancelled, Completed), newest first, a page at a time. */
export function useSellerRequestHistory(email: string | undefined, enabled = true) {
  return useRequestHistory(buyerRequestKeys.seller(email ?? '', 'closed'), listSellerRequests, email, enabled);
}
