// The benchmark's and the tests' view inside the full-text engine: the statements a relevance page runs, as it runs
// them, and how many listings a search matches. Nothing in the app calls these.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import { createDictionary } from './dictionary.ts';
import { asValues, matchOf } from './match.ts';
import { createStatementRunner, type Run } from './statements.ts';
import type { SearchTerms } from './terms.ts';
import { createRelevancePages, type SearchFilter, type TierOptions } from './tier-page.ts';

export { buildCorrectionsQuery } from './dictionary.ts';

/** How many listings on sale a search matches (the benchmark states it). */
export function buildCountQuery(search: SearchTerms): SQL {
  return sql`select count(*)::int as count from ${products} where ${matchOf(search)} and ${products.status} <> 'sold' and ${products.moderation} = 'visible'`;
}

/** The statements one relevance page runs with these options, each run once here (a tier's next step depends on what the last found). */
export function createSearchInspector(db: Db, options: TierOptions = {}) {
  const run = createStatementRunner(db);
  const relevancePage = createRelevancePages(createDictionary(db), options);
  return {
    async statements(filter: Omit<SearchFilter, 'sort'>): Promise<SQL[]> {
      const statements: SQL[] = [];
      const recording: Run = async (key, build, selection, values, generic) => {
        statements.push(build(asValues));
        return run(key, build, selection, values, generic);
      };
      await relevancePage({ ...filter, sort: 'relevance' }, recording);
      return statements;
    },
  };
}
