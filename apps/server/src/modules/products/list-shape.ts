// The WHERE and ORDER BY of a list of listings: its filters, the cursor, and that sold listings leave public lists.
// Browsing (the repository) and each search tier (search/) build their statements from it.
import type { ListingOrder } from '@olden/contracts';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { descNullsLast } from '../../db/order.ts';
import { places, products } from '../../db/schema.ts';
import { withinSql } from '../../lib/geo.ts';
import type { SearchTerms } from './search/terms.ts';

/** Listings within `km` of a place's point (near=, radiusKm=); listings without a place are never within. */
export interface NearFilter {
  lat: number;
  lng: number;
  km: number;
}

export interface ListFilter {
  category?: string;
  /** One seller's listings (?email= on the wire). */
  sellerEmail?: string;
  /**
   * Sellers this viewer does not see (blocks, either way: docs/product.md#blocking); undefined for none. Never part
   * of a shared cache's key: search's page memory is skipped when it is set.
   */
  hiddenSellers?: string[];
  /** One seller's listings for sale (their public profile), by id. */
  sellerId?: string;
  minCents?: number;
  maxCents?: number;
  near?: NearFilter;
  search?: SearchTerms;
  sort: ListingOrder;
  /** The last row of the previous page: [createdAt ISO | price cents | rank, id]. */
  after?: [string | number, string];
  limit: number;
}

/** Strictly after the cursor row in the given order (all keys descending or all ascending). */
function afterRow(left: SQL, right: SQL, direction: 'asc' | 'desc'): SQL {
  return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/**
 * Sold listings leave the timeline, category pages and search, and so do hidden and removed ones
 * (docs/product.md#reports-and-moderation); a seller's own list (`sellerEmail`) keeps them all
 * (docs/product.md#trade-lifecycle).
 */
function notSold(filter: Pick<ListFilter, 'sellerEmail'>): SQL | undefined {
  // Written in, not bound: as a parameter, a generic plan (the month walk's) estimated it from the status column's
  // statistics as if any status, and where every listing is available, as matching no row.
  return filter.sellerEmail === undefined ? PUBLIC_LISTING : undefined;
}

/** A listing anyone may see in a list: for sale or reserved, and visible (not hidden or removed by moderation). */
export const PUBLIC_LISTING = sql`${products.status} <> 'sold' and ${products.moderation} = 'visible'`;

/**
 * Listings within `km` of a point: those of the places within it (the places' latitude index, then their listings
 * through products_place_idx), each also tested on its own copied point. Measured at 1,000,000 listings on
 * PostgreSQL, 25 km around London (3,992 listings), newest first: 8 ms, where the test on the listing's point alone
 * was a sequential scan of the table (265 ms; the planner takes latitude and longitude for independent and expects
 * 43 rows). The place list is an array (one InitPlan), which the planner sizes small: it reads the radius's listings
 * and sorts them, however large the radius (500 km around London, 43,170 listings: 166 ms, against 330 ms before).
 */
function withinRadius(lat: unknown, lng: unknown, km: unknown): SQL {
  return sql`(${products.placeId} = any(array(select ${places.id} from ${places} where ${withinSql(places.lat, places.lng, lat, lng, km)}))
    and ${withinSql(products.placeLat, products.placeLng, lat, lng, km)})`;
}

/**
 * A list's WHERE (filters, a search's `match`, `extra` conditions, the cursor) and ORDER BY. With `asPlaceholders`, the filter's values
 * become named placeholders, so one prepared statement serves every request of the same shape. 'relevance' is read
 * one tier at a time (search/tier-page.ts), each in date order as 'newest'.
 */
export function listShape(filter: Omit<ListFilter, 'search'>, asPlaceholders: boolean, extra: SQL[], match?: SQL): { where: SQL | undefined; order: SQL[] } {
  const value = <T>(name: string, v: T) => (asPlaceholders ? sql.placeholder(name) : v);
  const conditions: (SQL | undefined)[] = [
    filter.category !== undefined ? eq(products.category, value('category', filter.category)) : undefined,
    filter.sellerEmail !== undefined ? eq(products.sellerEmail, value('sellerEmail', filter.sellerEmail)) : undefined,
    filter.sellerId !== undefined ? eq(products.sellerId, value('sellerId', filter.sellerId)) : undefined,
    filter.minCents !== undefined ? gte(products.priceCents, value('minCents', filter.minCents)) : undefined,
    filter.maxCents !== undefined ? lte(products.priceCents, value('maxCents', filter.maxCents)) : undefined,
    // One text parameter (ids are hex), so a statement's shape does not vary with how many are hidden.
    filter.hiddenSellers !== undefined
      ? sql`${products.sellerId} <> all(string_to_array(${value('hiddenSellers', filter.hiddenSellers.join(','))}, ','))`
      : undefined,
    filter.near !== undefined ? withinRadius(value('nearLat', filter.near.lat), value('nearLng', filter.near.lng), value('nearKm', filter.near.km)) : undefined,
    match,
    notSold(filter),
    ...extra,
  ];
  const after = filter.after && ([value('after0', filter.after[0]), value('after1', filter.after[1])] as const);
  if (filter.sort === 'price_asc' || filter.sort === 'price_desc') {
    const direction = filter.sort === 'price_asc' ? 'asc' : 'desc';
    if (after) conditions.push(afterRow(sql`${products.priceCents}, ${products.id}`, sql`${after[0]}::bigint, ${after[1]}`, direction));
    const order = direction === 'asc' ? [asc(products.priceCents), asc(products.id)] : [desc(products.priceCents), desc(products.id)];
    return { where: and(...conditions), order };
  }
  if (filter.sort === 'distance') throw new Error('a distance page is read by distancePage (near.ts)');
  if (after) conditions.push(afterRow(sql`${products.createdAt}, ${products.id}`, sql`${after[0]}::timestamptz, ${after[1]}`, 'desc'));
  // NULLS LAST matches the index definitions (db/order.ts), so the planner can walk them.
  return { where: and(...conditions), order: descNullsLast(products.createdAt, products.id) };
}
