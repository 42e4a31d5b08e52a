// Pages nearest first (sort=distance, docs/product.md#near-me, docs/decisions/028-places-distance-index.md): the places
// within the radius in order of distance (read from the places table, a read model of the places module's, through
// its latitude index), and for each, its listings by id (products_place_idx) with the list's filters, until the page
// is full. Ties (every listing of one place) are in id order; the cursor names the place and the listing. A page
// without search words is the repository's (distanceList); one with words is the search engine's (SearchEngine.nearest),
// which the full-text engine answers with the same statement and its match.
import { type SQL, sql } from 'drizzle-orm';
import { places, products } from '../../db/schema.ts';
import { distanceSql, withinSql } from '../../lib/geo.ts';
import { type ListFilter, listShape, type NearFilter } from './list-shape.ts';
import { listedColumns, type ListedProduct, productColumns } from './rows.ts';
import { asPlaceholders, asValues, type Bind, matchOf } from './search/match.ts';
import type { Run } from './search/statements.ts';

/** Where a distance page ended: the last listing's distance (km, as the statement computed it), place and id. */
export type DistanceAfter = [km: number, placeId: number, id: string];
export type DistancedProduct = ListedProduct & { distance: number };
/** What a distance page is filtered by: the list's filters and the radius, never a cursor of another order. */
export type DistanceFilter = Omit<ListFilter, 'near' | 'after' | 'sort'> & { near: NearFilter };

/** The statement of a page nearest first, its values bound by `bind` (placeholders, or written in). */
function distanceStatement(filter: DistanceFilter, after: DistanceAfter | undefined, bind: Bind): SQL {
  const { near } = filter;
  const [lat, lng, km] = [bind('nearLat', near.lat), bind('nearLng', near.lng), bind('nearKm', near.km)];
  const placeholders = bind === asPlaceholders;
  const { where } = listShape({ ...filter, near: undefined, sort: 'newest', after: undefined }, placeholders, [], filter.search && matchOf(filter.search, bind));
  const [after0, after1, after2] = [bind('after0', after?.[0]), bind('after1', after?.[1]), bind('after2', after?.[2])];
  const placesAfter = after ? sql`where (within.km, within.id) >= (${after0}::float8, ${after1}::int)` : sql``;
  const listingsAfter = after ? sql`and (near.km > ${after0}::float8 or near.id <> ${after1}::int or ${products.id} > ${after2}::text)` : sql``;
  const limit = sql.raw(String(Math.trunc(filter.limit)));
  return sql`select ${listedColumns}, near.km as distance from (
      select id, km from (select ${places.id} as id, ${distanceSql(lat, lng, places.lat, places.lng)} as km from ${places}
        where ${withinSql(places.lat, places.lng, lat, lng, km)}) as within ${placesAfter}
      order by km, id
    ) as near cross join lateral (
      select * from ${products} where ${products.placeId} = near.id and ${where ?? sql`true`} ${listingsAfter}
      order by ${products.id} limit ${limit}
    ) as products
    order by near.km, near.id, products.id limit ${limit}`;
}

/** A page nearest first, compiled once per shape and run with its values bound (search's statement runner). */
export function distancePage(run: Run, filter: DistanceFilter, after: DistanceAfter | undefined): Promise<DistancedProduct[]> {
  const { search } = filter;
  const key = JSON.stringify([
    'distance',
    filter.category !== undefined,
    filter.sellerEmail !== undefined,
    filter.minCents !== undefined,
    filter.maxCents !== undefined,
    filter.hiddenSellers !== undefined,
    search ? (search.alternatives?.map((spellings) => spellings.length) ?? 0) : null,
    after !== undefined,
    filter.limit,
  ]);
  const values: Record<string, unknown> = {
    nearLat: filter.near.lat,
    nearLng: filter.near.lng,
    nearKm: filter.near.km,
    category: filter.category,
    sellerEmail: filter.sellerEmail,
    minCents: filter.minCents,
    maxCents: filter.maxCents,
    // As listShape binds it: one text parameter (docs/product.md#blocking).
    hiddenSellers: filter.hiddenSellers?.join(','),
    q: search?.q,
    after0: after?.[0],
    after1: after?.[1],
    after2: after?.[2],
  };
  search?.alternatives?.forEach((spellings, i) => spellings.forEach((w, j) => (values[`a${i}_${j}`] = w)));
  return run<DistancedProduct>(key, (bind) => distanceStatement(filter, after, bind), { ...productColumns, distance: sql`distance` }, values);
}

/** For the benchmark: a distance page's statement with its values written in. */
export const explainableDistanceStatement = (filter: DistanceFilter, after?: DistanceAfter): SQL => distanceStatement(filter, after, asValues);
