// How PostgreSQL plans a search's month walk (docs/decisions/012-search-at-a-million.md). PostgreSQL only
// (TEST_DATABASE_URL): PGlite runs each statement as it is built, with no plan cache. Its own file, so the process's
// count of named month walks (NAMED_MONTH_SHAPES, search/statements.ts) starts here at zero.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { useTestApp } from '../../test/harness.ts';
import { createProduct } from './fixtures.ts';
import { createFullTextSearch } from './search/full-text.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.log('search-plans.test: skipped: TEST_DATABASE_URL is not set (PGlite has no plan cache)');

const getApp = useTestApp({ RATE_LIMIT_FACTOR: '10' });

const ADJECTIVES = ['Vintage', 'Antique', 'Rustic', 'Painted', 'Carved'];
const NOUNS = ['lamp', 'chair', 'mirror', 'clock', 'vase', 'desk', 'radio', 'globe'];

describe.skipIf(!onPostgres)('a month walk on PostgreSQL', () => {
  it('keeps a generic plan: planned for its first five searches on a connection, not for every search', async () => {
    const t = getApp();
    const seller = await t.createUser();
    for (const adjective of ADJECTIVES) {
      for (const noun of NOUNS) await createProduct(t, seller, { name: `${adjective} ${noun}`, shortDescription: `A ${noun}` });
    }
    await t.database.db.execute(sql`analyze products`);
    // Planned as for a million listings (the planner scales the row count it keeps by the pages there are): with a
    // few dozen, every estimate rounds to one row, custom or generic, and any statement would keep its generic plan.
    await t.database.db.execute(sql`update pg_class set reltuples = 1000000 where oid = 'products'::regclass`);
    // One connection, so the prepared statements it lists are the ones the searches ran.
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const one = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      // walkFirst 0: every name tier goes to the month walk; no page is remembered.
      const engine = createFullTextSearch(one.db, { walkFirst: 0, searchPageTtlMs: 0 });
      const queries = ADJECTIVES.flatMap((adjective) => NOUNS.slice(0, 3).map((noun) => `${adjective.toLowerCase()} ${noun}`));
      for (const q of queries) {
        const found = await engine.search({ terms: (await t.services.products.searchTerms(q))! }, undefined, 3);
        expect(found[0]?.name.toLowerCase(), q).toBe(q);
      }
      const { rows: plans } = (await one.db.execute(
        sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'og_search_months_%'`,
      )) as unknown as { rows: { name: string; generic_plans: number; custom_plans: number }[] };
      // Every query has the same shape (two known words, no filter): one statement, planned five times for its
      // values, then generic. Were its generic plan estimated dearer than a custom one, every search would be planned.
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatchObject({ custom_plans: 5, generic_plans: queries.length - 5 });
    } finally {
      await one.close();
    }
  });
});
