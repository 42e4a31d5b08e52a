import type { ListingStatsResponse, ProductStats } from '@olden/contracts';
import { LISTING_STATS_MAX_IDS } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './list-products';

/** docs/product.md#reach: a listing's views for the last 30 days, saves and open requests (its seller or an admin). */
export function getProductStats(id: string, signal?: AbortSignal): Promise<ProductStats> {
  return api.get<ProductStats>(`/products/${encodeURIComponent(id)}/stats`, { signal });
}

export function useProductStats(id: string) {
  return useQuery(queryOptions({ queryKey: [...productKeys.detail(id), 'stats'] as const, queryFn: ({ signal }) => getProductStats(id, signal) }));
}

/** Total views and saves of the listed listings, by id (a page of My Added Products, in requests of at most 100). */
export async function getListingStats(ids: string[], signal?: AbortSignal): Promise<Map<string, { totalViews: number; favouriteCount: number }>> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += LISTING_STATS_MAX_IDS) chunks.push(ids.slice(i, i + LISTING_STATS_MAX_IDS));
  const answers = await Promise.all(chunks.map((chunk) => api.get<ListingStatsResponse>('/listingStats', { query: { ids: chunk.join(',') }, signal })));
  return new Map(answers.flatMap((a) => a.items.map((item) => [item.productId, item] as const)));
}

export function useListingStats(ids: string[]) {
  return useQuery({
    queryKey: [...productKeys.all, 'listing-stats', ids] as const,
    queryFn: ({ signal }) => getListingStats(ids, signal),
    enabled: ids.length > 0,
  });
}
