import type { Product } from '@olden/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { productKeys } from './product-keys';

export const ALL_PRODUCTS_PAGE_SIZE = 24;

/** Spec: GET /products, every listing (the admin's Manage All Products), one page at a time. */
export function listAllProducts(cursor?: string, limit = ALL_PRODUCTS_PAGE_SIZE): Promise<Page<Product>> {
  return api.page<Product>('/products', { query: { limit, cursor } });
}

export const allProductsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: productKeys.allListings(),
    queryFn: ({ pageParam }) => listAllProducts(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAllProducts() {
  return useInfiniteQuery(allProductsQueryOptions());
}
