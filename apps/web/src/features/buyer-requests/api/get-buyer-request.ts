import type { BuyerProduct } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';

/** GET /buyerProduct/:id: one request, for its buyer, its seller and admins (anyone else gets 404). */
export function getBuyerRequest(id: string, signal?: AbortSignal): Promise<BuyerProduct> {
  return api.get<BuyerProduct>(`/buyerProduct/${encodeURIComponent(id)}`, { signal });
}

export const buyerRequestQueryOptions = (id: string) =>
  queryOptions({ queryKey: buyerRequestKeys.detail(id), queryFn: ({ signal }) => getBuyerRequest(id, signal) });

export function useBuyerRequest(id: string) {
  return useQuery(buyerRequestQueryOptions(id));
}
