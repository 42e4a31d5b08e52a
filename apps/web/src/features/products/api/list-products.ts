import type { Product, ProductSort } from '@olden/contracts';
import { PAGE_LIMIT_DEFAULT } from '@olden/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const PRODUCTS_PAGE_SIZE = PAGE_LIMIT_DEFAULT;

export interface ProductFilters {
  category?: string;
  q?: string;
  minPrice?: string;
  maxPrice?: string;
  sort?: ProductSort;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (filters: ProductFilters) => ['products', 'list', filters] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

export function listProducts(filters: ProductFilters, cursor?: string, signal?: AbortSignal) {
  return api.page<Product>('/products', { query: { ...filters, limit: PRODUCTS_PAGE_SIZE, cursor }, signal });
}

export const productsInfiniteQueryOptions = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listProducts(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery(productsInfiniteQueryOptions(filters));
}
