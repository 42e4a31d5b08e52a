import type { Product, TimelineFilters } from '@olden/contracts';
import { PAGE_LIMIT_DEFAULT } from '@olden/contracts/constants';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export const PRODUCTS_PAGE_SIZE = PAGE_LIMIT_DEFAULT;

/** The timeline's filters (one rule for the web and the server: contracts timeline-filters.ts). */
export type ProductFilters = TimelineFilters;

export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (filters: ProductFilters) => ['products', 'list', filters] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

export function listProducts(filters: ProductFilters, cursor?: string, signal?: AbortSignal) {
  // Signed in, the token goes along: a viewer's blocks leave sellers out (docs/product.md#blocking). A visitor has none,
  // so their first page's request is the plain one the timeline's HTML preloads (apps/server/src/modules/pages/timeline.ts
  // firstPagePreload); a signed-in timeline gets its first page in the HTML instead.
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

/** The element the server fills with the timeline's first page (apps/server/src/modules/pages/timeline.ts). */
export const INJECTED_TIMELINE_ID = 'olden-timeline';

const FILTER_KEYS = ['category', 'q', 'minPrice', 'maxPrice', 'near', 'radiusKm', 'sort'] as const;
const sameFilters = (a: ProductFilters, b: ProductFilters) => FILTER_KEYS.every((k) => (a[k] ?? undefined) === (b[k] ?? undefined));

/**
 * The timeline's first page the server put into the HTML, if it was read for these filters
 * (docs/decisions/021-first-screens-from-the-components.md). Read once: the element is removed, later visits fetch as usual.
 */
export function takeInjectedTimeline(filters: ProductFilters): Page<Product> | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(INJECTED_TIMELINE_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as { filters?: ProductFilters; items?: Product[]; nextCursor?: string };
    if (!data || !Array.isArray(data.items) || !data.filters || !sameFilters(data.filters, filters)) return undefined;
    return { items: data.items, nextCursor: typeof data.nextCursor === 'string' ? data.nextCursor : undefined };
  } catch {
    return undefined;
  }
}

/** Puts the injected first page (if it matches `filters`) into the cache as this list's first page, fresh now. */
export function seedInjectedTimeline(client: QueryClient, filters: ProductFilters): boolean {
  const page = takeInjectedTimeline(filters);
  if (!page) return false;
  client.setQueryData<InfiniteData<Page<Product>, string | undefined>>(
    productKeys.list(filters),
    { pages: [page], pageParams: [undefined] },
    { updatedAt: Date.now() },
  );
  return true;
}
