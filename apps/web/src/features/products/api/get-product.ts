import type { ProductDetail } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './list-products';

export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return api.get<ProductDetail>(`/products/${encodeURIComponent(id)}`, { signal });
}

/** The element the server fills with the listing of the product page it answered (apps/server/src/modules/pages/head.ts). */
export const INJECTED_LISTING_ID = 'olden-listing';

/**
 * The listing the server put into the first HTML response, if it is this one: the first load starts from it
 * instead of asking again (docs/decisions/009-listing-pages.md). Read once; later visits fetch as usual.
 */
export function takeInjectedProduct(id: string): { data: ProductDetail; at: number } | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(INJECTED_LISTING_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as ProductDetail;
    return data && data._id === id ? { data, at: Date.now() } : undefined;
  } catch {
    return undefined;
  }
}

export const productQueryOptions = (id: string) => {
  const injected = takeInjectedProduct(id);
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    ...(injected ? { initialData: injected.data, initialDataUpdatedAt: injected.at } : {}),
  });
};

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
