import type { Product } from '@olden/contracts';
import { PAGE_LIMIT_MAX } from '@olden/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { productKeys } from './list-products';

/** Under the products list prefix, so any product mutation refreshes it. */
export const sellerProductsKey = (email: string) => [...productKeys.lists(), 'seller', email] as const;

/** docs/product.md#server-rules-listings: GET /products?email={email}, the seller's own listings (self or admin only on the server). */
export function listSellerProducts(email: string, cursor?: string): Promise<Page<Product>> {
  return api.page<Product>('/products', { query: { email, limit: PAGE_LIMIT_MAX, cursor } });
}

export const sellerProductsQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: sellerProductsKey(email),
    queryFn: ({ pageParam }) => listSellerProducts(email, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useSellerProducts(email: string | undefined) {
  return useInfiniteQuery({ ...sellerProductsQueryOptions(email ?? ''), enabled: Boolean(email) });
}
