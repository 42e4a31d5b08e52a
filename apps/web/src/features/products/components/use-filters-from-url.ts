import { CATEGORY_KEYS, PRODUCT_SORTS, type ProductSort } from '@olden/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductFilters } from '../api/list-products';

const isPrice = (v: string | null): v is string => v !== null && /^\d{1,9}(\.\d{1,2})?$/.test(v);

/** Reads filters from the URL, ignoring anything malformed, so a shared link never errors. */
export function parseFilters(params: URLSearchParams): ProductFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  const q = params.get('q')?.trim();
  const minPrice = params.get('minPrice');
  const maxPrice = params.get('maxPrice');
  return {
    ...(category && (CATEGORY_KEYS as readonly string[]).includes(category) ? { category } : {}),
    ...(q ? { q: q.slice(0, 200) } : {}),
    ...(isPrice(minPrice) ? { minPrice } : {}),
    ...(isPrice(maxPrice) ? { maxPrice } : {}),
    ...(sort && sort !== 'newest' && (PRODUCT_SORTS as readonly string[]).includes(sort) ? { sort: sort as ProductSort } : {}),
  };
}

export function filtersToParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, String(v));
  return params;
}

/** Filter state lives in the URL: shareable, and it survives reload and back/forward. */
export function useFiltersFromUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string key is the identity
  const filters = useMemo(() => parseFilters(searchParams), [key]);
  const setFilters = useCallback((next: ProductFilters) => setSearchParams(filtersToParams(next)), [setSearchParams]);
  return [filters, setFilters] as const;
}
