import type { Product } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './list-products';

/** docs/product.md#similar-listings: up to eight available listings like this one. */
export function getSimilarProducts(id: string, signal?: AbortSignal): Promise<Product[]> {
  return api.get<Product[]>(`/products/${encodeURIComponent(id)}/similar`, { signal });
}

export const similarProductsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...productKeys.detail(id), 'similar'] as const,
    queryFn: ({ signal }) => getSimilarProducts(id, signal),
    staleTime: 5 * 60_000,
  });

export function useSimilarProducts(id: string) {
  return useQuery(similarProductsQueryOptions(id));
}
