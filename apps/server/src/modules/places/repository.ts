// All SQL of the places table: the gazetteer's load, autocomplete, the nearest place, lookups by id and by name.
import { asc, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { PLACE_RESULTS_MAX } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import { places } from '../../db/schema.ts';
import { distanceSql, withinSql } from '../../lib/geo.ts';
import type { GazetteerPlace } from './gazetteer.ts';
import { prefixPattern } from './fold.ts';

export type PlaceRow = typeof places.$inferSelect;

/** Rows per INSERT while loading, sent as one JSON parameter that the statement reads as a record set. */
const LOAD_BATCH = 20_000;
/** Whoever loads the gazetteer holds this transaction lock, so two processes starting together load it once. */
const LOAD_LOCK = 7_341_502;

export function createPlacesRepository(db: Db) {
  const { key: _key, population: _population, ...replyColumns } = {
    id: places.id,
    name: places.name,
    key: places.key,
    region: places.region,
    country: places.country,
    countryCode: places.countryCode,
    lat: places.lat,
    lng: places.lng,
    population: places.population,
  };
  // Autocomplete's statement for a typed prefix (its value a placeholder, or written in for the benchmark). One letter
  // reads its places in population order straight from places_initial_idx (a LIKE would read and sort a tenth of the
  // table); longer prefixes are a LIKE on places_key_idx. Ordered as the index is, `population DESC NULLS LAST` (a
  // plain DESC means nulls first and would not read it; population is never null, so the answers are the same).
  const isInitial = (folded: string) => [...folded].length === 1;
  const prefixStatement = (initial: boolean, value: unknown) =>
    db
      .select(replyColumns)
      .from(places)
      .where(initial ? sql`left(${places.key}, 1) = ${value}` : like(places.key, value as string))
      .orderBy(sql`${places.population} desc nulls last`, asc(places.id))
      .limit(PLACE_RESULTS_MAX);
  const prefixQuery = prefixStatement(false, sql.placeholder('pattern')).prepare('places_prefix');
  const initialQuery = prefixStatement(true, sql.placeholder('initial')).prepare('places_initial');

  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(places);
      return row?.n ?? 0;
    },

    /**
     * Loads `rows` in one transaction unless places are already there; answers how many it inserted (0: another
     * process or an earlier start had loaded them).
     */
    /** Loads every row in one transaction; `signal` aborted (the server stopping) rolls it back between batches. */
    async load(rows: GazetteerPlace[], signal?: AbortSignal): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK})`);
        const [existing] = await tx.select({ id: places.id }).from(places).limit(1);
        if (existing) return 0;
        // One JSON parameter per batch: a multi-row VALUES of the same rows took 33 s on PGlite (binding 18,000
        // parameters a statement).
        for (let i = 0; i < rows.length; i += LOAD_BATCH) {
          signal?.throwIfAborted();
          const batch = rows.slice(i, i + LOAD_BATCH);
          await tx.execute(sql`insert into ${places} (id, name, key, region, country, country_code, lat, lng, population)
            select id, name, key, region, country, country_code, lat, lng, population
            from jsonb_to_recordset(${JSON.stringify(batch.map((r) => ({ ...r, country_code: r.countryCode })))}::jsonb)
              as r(id int, name text, key text, region text, country text, country_code text, lat float8, lng float8, population int)
            on conflict (id) do nothing`);
        }
        return rows.length;
      });
    },

    /** Up to 10 places whose folded name starts with `folded`, most populous first. */
    prefix: (folded: string) => (isInitial(folded) ? initialQuery.execute({ initial: folded }) : prefixQuery.execute({ pattern: prefixPattern(folded) })),

    /** The nearest place within `km` of the point, if any. */
    async nearest(lat: number, lng: number, km: number) {
      const [row] = await db
        .select(replyColumns)
        .from(places)
        .where(withinSql(places.lat, places.lng, lat, lng, km))
        .orderBy(distanceSql(lat, lng, places.lat, places.lng), asc(places.id))
        .limit(1);
      return row;
    },

    async byId(id: number) {
      const [row] = await db.select(replyColumns).from(places).where(eq(places.id, id)).limit(1);
      return row;
    },

    /** The places whose folded name is `folded` (every York), most populous first, with their populations. */
    byName(folded: string, limit = 200): Promise<PlaceRow[]> {
      return db.select().from(places).where(eq(places.key, folded)).orderBy(desc(places.population), asc(places.id)).limit(limit);
    },

    /** For the benchmark: the statement autocomplete runs. */
    explainablePrefix: (folded: string): SQL => prefixStatement(isInitial(folded), isInitial(folded) ? folded : prefixPattern(folded)).getSQL(),

    byIds: (ids: number[]) => (ids.length === 0 ? Promise.resolve([]) : db.select(replyColumns).from(places).where(inArray(places.id, ids))),
  };
}
export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
