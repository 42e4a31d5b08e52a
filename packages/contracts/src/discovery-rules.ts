// Favourites and saved searches, the zod-free part (limits, how a search's filters are read and named), for the
// web's first load and the server alike (docs/product.md#favourites-and-saved-searches).
import { categoryLabel } from './category-keys.ts';
import { formatPrice, type PriceFormat } from './price.ts';
import { RADIUS_KM_DEFAULT } from './place-rules.ts';
import { parseTimelineFilters, type TimelineFilters } from './timeline-filters.ts';

/** Listings one user may keep in Favourites. */
export const FAVOURITES_MAX = 1000;
/** Saved searches one user may keep. */
export const SAVED_SEARCHES_MAX = 50;
/** newCount stops counting here (the web shows "99+"). */
export const NEW_COUNT_CAP = 99;
/** A saved listing's savers are told of a drop of at least this share below the last price they were told of. */
export const PRICE_DROP_SHARE = 0.05;
/** Listings an alert mail names (the rest are behind its link). */
export const ALERT_MAIL_LISTINGS = 10;

export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'off'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];

/** The filters a saved search keeps: the timeline's, as parseTimelineFilters reads them (the order is not a filter). */
export type SavedSearchFilters = Omit<TimelineFilters, 'sort'>;

/** The one reading of a saved search's filters: the timeline's rule, without the order. */
export function savedSearchFilters(raw: Record<string, unknown>): SavedSearchFilters {
  const { sort: _sort, ...filters } = parseTimelineFilters((key) => {
    const value = raw[key];
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  });
  return filters;
}

/** A search's filters as a timeline URL query (`?q=...&category=...`), keys in a fixed order. */
export function filtersQuery(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(filters).sort()) {
    const value = (filters as Record<string, unknown>)[key];
    if (typeof value === 'string') params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** "brass lamp in Home and Living under $50 within 25 km of York" (`placeName`: the place `near` names). */
export function savedSearchLabel(filters: SavedSearchFilters, format?: PriceFormat, placeName?: string): string {
  const parts: string[] = [filters.q ? filters.q : 'Everything'];
  if (filters.category) parts.push(`in ${categoryLabel(filters.category)}`);
  const min = filters.minPrice !== undefined ? formatPrice(Number(filters.minPrice), format) : undefined;
  const max = filters.maxPrice !== undefined ? formatPrice(Number(filters.maxPrice), format) : undefined;
  if (min && max) parts.push(`from ${min} to ${max}`);
  else if (max) parts.push(`under ${max}`);
  else if (min) parts.push(`over ${min}`);
  if (filters.near !== undefined && placeName) parts.push(`within ${filters.radiusKm ?? RADIUS_KM_DEFAULT} km of ${placeName}`);
  return parts.join(' ');
}
