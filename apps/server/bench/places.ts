// Near me in the benchmark: the gazetteer loaded, every listing given a place (weighted by population, as listings
// would be), and the statements of a radius search, a radius search with a word and a distance-sorted page timed in the
// database (docs/decisions/028-places-distance-index.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import type { NearFilter } from '../src/modules/products/list-shape.ts';
import { explainableDistanceStatement } from '../src/modules/products/near.ts';
import type { PlacesService } from '../src/modules/places/service.ts';
import { rowsOf } from './seed.ts';

/** London: a large city, the centre of the near-me scenarios. */
export const LONDON = 2643743;
/** What autocomplete is timed with: one letter (the most matches), a few letters, several words, accents. */
export const PLACE_PREFIXES = ['l', 's', 'lon', 'spring', 'sao pa', 'zur', 'new yo'];

/** Loads the gazetteer and gives every listing without a place one, drawn by population (a hash of its id). */
export async function preparePlaces(db: Db, places: PlacesService, log: (line: string) => void): Promise<void> {
  const loaded = await places.load();
  if (loaded.inserted > 0) log(`Loaded ${loaded.inserted.toLocaleString('en')} places in ${(loaded.ms / 1000).toFixed(1)} s`);
  const [unplaced] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products where place_id is null`));
  if (!unplaced || Number(unplaced.n) === 0) return;
  const started = Date.now();
  await db.execute(sql`drop table if exists og_bench_places`);
  await db.execute(sql`create table og_bench_places as
    select id, name, country_code, lat, lng, sum(population::bigint) over (order by id) as upto from places`);
  await db.execute(sql`create index on og_bench_places (upto)`);
  const [total] = rowsOf<{ total: string }>(await db.execute(sql`select max(upto)::text as total from og_bench_places`));
  // Each listing's place: the one whose population range holds a number drawn from the listing's id.
  await db.execute(sql`update products set (place_id, place_name, place_country_code, place_lat, place_lng) = (
      select b.id, b.name, b.country_code, b.lat, b.lng from og_bench_places b
      -- A bigint against the bigint index (a float8 comparison would cast every upto and scan the whole table per row).
      where b.upto > floor(('x' || substr(md5(products.id), 1, 12))::bit(48)::bigint::float8 / 281474976710656.0 * ${Number(total!.total)}::float8)::bigint
      order by b.upto limit 1)
    where place_id is null`);
  await db.execute(sql`drop table og_bench_places`);
  // The update left a dead copy of every listing: vacuumed, as autovacuum (on by default, not on every test machine)
  // would have, so no timed read wades through a million dead rows.
  await db.execute(sql`vacuum analyze products`);
  log(`Placed ${Number(unplaced.n).toLocaleString('en')} listings by population in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The centre of the scenarios, as the service would read it. */
export async function londonNear(places: PlacesService, km: number): Promise<NearFilter> {
  const london = await places.get(LONDON);
  if (!london) throw new Error('London is not in the gazetteer');
  return { lat: london.lat, lng: london.lng, km };
}

/** The distance page's statement, as it runs (100 km around London, nearest first). */
export function distanceStatement(near: NearFilter, limit: number) {
  return explainableDistanceStatement({ near, limit });
}
