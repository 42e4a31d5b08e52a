import type { Product } from '@olden/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { PRODUCTS_PAGE_SIZE, productKeys } from './list-products';

/** Under the products list prefix, so any product mutation refreshes it. */
export const publicSellerProductsKey = (sellerId: string) => [...productKeys.lists(), 'public-seller', sellerId] as const;

/** GET /products?sellerId=: a seller's listings for sale, public (their profile page), newest first. */
export function listPublicSellerProducts(sellerId: string, cursor?: string, signal?: AbortSignal): Promise<Page<Product>> {
  return api.page<Product>('/products', { query: { sellerId, limit: PRODUCTS_PAGE_SIZE, cursor }, signal, withoutToken: true });
}

export function usePublicSellerProducts(sellerId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: publicSellerProductsKey(sellerId),
      queryFn: ({ pageParam, signal }) => listPublicSellerProducts(sellerId, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
