import { parseTimelineFilters } from '@olden/contracts/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductFilters } from '../api/list-products';

/** Reads filters from the URL, ignoring anything malformed, so a shared link never errors (the server reads them alike). */
export function parseFilters(params: URLSearchParams): ProductFilters {
  return parseTimelineFilters((key) => params.get(key) ?? undefined);
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
