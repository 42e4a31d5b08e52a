// The timeline's filters as they stand in its URL (`/timeline?category=&q=&minPrice=&maxPrice=&near=&radiusKm=&sort=`), read by
// one rule on both sides: the web's filter bar and the server that paints the timeline's first page into its HTML
// (docs/decisions/021-first-screens-from-the-components.md). If the two read a URL differently, the web would not recognise the
// painted page as its own. Anything malformed is ignored, so a shared link never errors. Zod-free.
import { CATEGORY_KEYS } from './category-keys.ts';
import { isPlaceId, RADIUS_KM_DEFAULT, RADIUS_KM_MAX, RADIUS_KM_MIN } from './place-rules.ts';

/** `distance` (nearest first) only with `near` (a place): without one it is not a sort. */
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'distance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The orders a list of listings can be in: the sorts a client asks for, and relevance, the order of a search
 * (docs/product.md#search-order). Relevance is not asked for by name: a search (a q with words) in the default order
 * is in relevance order; a search sorted by price stays in price order.
 */
export const LISTING_ORDERS = [...PRODUCT_SORTS, 'relevance'] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];
export const listingOrder = (sort: ProductSort, searching: boolean): ListingOrder => (searching && sort === 'newest' ? 'relevance' : sort);

export interface TimelineFilters {
  category?: string;
  q?: string;
  minPrice?: string;
  maxPrice?: string;
  /** A place id: listings within radiusKm of it. */
  near?: string;
  /** Only with near; absent for the default (RADIUS_KM_DEFAULT). */
  radiusKm?: string;
  /** Absent for the default order (newest); distance only with near. */
  sort?: ProductSort;
}

/** A radius as the URL gives it: a whole number of kilometres within the bounds. */
export const isRadiusKm = (v: string | undefined): v is string =>
  v !== undefined && /^\d{1,3}$/.test(v) && Number(v) >= RADIUS_KM_MIN && Number(v) <= RADIUS_KM_MAX;

/** The longest search text the filters keep (the API refuses longer). */
export const TIMELINE_QUERY_MAX = 200;

const isPrice = (v: string | undefined): v is string => v !== undefined && /^\d{1,9}(\.\d{1,2})?$/.test(v);

/** The filters of a URL query, read through `get` (first value of a key, or undefined). */
export function parseTimelineFilters(get: (key: string) => string | undefined): TimelineFilters {
  const category = get('category');
  const sort = get('sort');
  const q = get('q')?.trim();
  const minPrice = get('minPrice');
  const maxPrice = get('maxPrice');
  const near = get('near');
  const radiusKm = get('radiusKm');
  const hasNear = isPlaceId(near);
  return {
    ...(category && (CATEGORY_KEYS as readonly string[]).includes(category) ? { category } : {}),
    ...(q ? { q: q.slice(0, TIMELINE_QUERY_MAX) } : {}),
    ...(isPrice(minPrice) ? { minPrice } : {}),
    ...(isPrice(maxPrice) ? { maxPrice } : {}),
    ...(hasNear ? { near } : {}),
    ...(hasNear && isRadiusKm(radiusKm) && Number(radiusKm) !== RADIUS_KM_DEFAULT ? { radiusKm: String(Number(radiusKm)) } : {}),
    ...(sort && sort !== 'newest' && (PRODUCT_SORTS as readonly string[]).includes(sort) && (sort !== 'distance' || hasNear)
      ? { sort: sort as ProductSort }
      : {}),
  };
}
