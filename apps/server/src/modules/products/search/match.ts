// The full-text tests of a search: which listings match it, and which relevance tier each match is in.
import { type SQL, sql } from 'drizzle-orm';
import { products } from '../../../db/schema.ts';
import { TIER_ANYWHERE, TIER_NAME_CORRECTED, TIER_NAME_EXACT } from './rank.ts';
import { hasNegation, hasSearchOperators, queryWords, type SearchTerms } from './terms.ts';

/**
 * How a search's values enter its statement: as themselves, or as named placeholders (one compiled statement per
 * shape of search: building the statement cost the process more than running it).
 */
export type Bind = (name: string, value: unknown) => unknown;
export const asValues: Bind = (_name, value) => value;
export const asPlaceholders: Bind = (name) => sql.placeholder(name);

const exactQuery = (search: SearchTerms, bind: Bind = asValues) => sql`websearch_to_tsquery('english', ${bind('q', search.q)})`;

function typoQuery(search: SearchTerms, bind: Bind = asValues): SQL | undefined {
  if (!search.alternatives) return undefined;
  const perWord = search.alternatives.map(
    (words, i) => sql`(${sql.join(words.map((w, j) => sql`plainto_tsquery('english', ${bind(`a${i}_${j}`, w)})`), sql` || `)})`,
  );
  return sql`(${sql.join(perWord, sql` && `)})`;
}

/** The name's words (a stored vector with its own GIN index, migration 0010). */
export const nameVector = products.nameSearch;

/** Whether a listing matches the search anywhere (name or descriptions): one GIN lookup, whatever the corrections. */
export function matchOf(search: SearchTerms, bind: Bind = asValues): SQL {
  const typo = typoQuery(search, bind);
  return sql`${products.search} @@ ${typo ? sql`(${exactQuery(search, bind)} || ${typo})` : exactQuery(search, bind)}`;
}

/**
 * A relevance tier: its number, the test that puts a listing in it, and for a name tier whose words the name's word
 * pairs by month can find (migration 0012), those pairs for a month (month NULL: whether there are any). The pairs
 * choose the listings to test; the tier's test still decides.
 */
export interface Tier {
  tier: number;
  condition: SQL;
  pairs?: (month: SQL) => SQL;
}

/**
 * The relevance tiers of a search, best first. `once`: each query (the web-search one, the corrected one) is a scalar
 * sub-select, computed once per statement; written in place, a generic plan (the month walk's) computes it again for
 * every row it tests.
 */
export function relevanceTiers(search: SearchTerms, bind: Bind, namePairs: boolean, once = false): Tier[] {
  const computed = (query: SQL) => (once ? sql`(select ${query})` : query);
  const exact = computed(exactQuery(search, bind));
  const corrections = typoQuery(search, bind);
  const typo = corrections && computed(corrections);
  const anyName = typo ? sql`(${exact} || ${typo})` : exact;
  // matchOf's test, with the same queries.
  const anyText = sql`${products.search} @@ ${anyName}`;
  const exactName = hasNegation(search.q) ? sql`${nameVector} @@ ${exact} and ${anyText}` : sql`${nameVector} @@ ${exact}`;
  const paired = namePairs && !hasSearchOperators(search.q) && queryWords(search.q).length >= 2;
  // A search with corrections has a word the dictionary does not hold, most likely in no name: its exact tier takes
  // no pairs, so it goes to the probe, whose GIN lookup ends at that word's empty entry (5 pages, 0.1 ms), where the
  // month walk would look in every month (24 at a million listings: a hundred pages, 0.7 ms).
  const exactPairs = paired && !typo;
  const tiers: Tier[] = [
    { tier: TIER_NAME_EXACT, condition: exactName, pairs: exactPairs ? (month) => sql`og_query_pairs(${exact}, ${month})` : undefined },
  ];
  if (typo) {
    const corrected = sql`${nameVector} @@ ${typo}`;
    const notExact = sql`not (${nameVector} @@ ${exact})`;
    const groups = sql`array[${sql.join(search.alternatives!.map((spellings, i) => sql`${bind(`g${i}`, spellings.join(' '))}`), sql`, `)}]::text[]`;
    tiers.push({
      tier: TIER_NAME_CORRECTED,
      condition: sql`${corrected} and ${notExact}`,
      pairs: paired && search.alternatives!.length >= 2 ? (month) => sql`og_name_pairs_query(${groups}, ${month})` : undefined,
    });
  }
  const anywhere = sql`${anyText} and not (${nameVector} @@ ${anyName})`;
  tiers.push({ tier: TIER_ANYWHERE, condition: anywhere });
  return tiers;
}
