// A relevance page: tier by tier, best first, each tier's page read by whichever statement is cheap for how common its
// words are (docs/decisions/012-search-at-a-million.md), so a page costs about the same whether a word is in ten
// listings or in a hundred thousand; no rank is computed per match.
import { type SQL, sql } from 'drizzle-orm';
import { products } from '../../../db/schema.ts';
import { type ListFilter, listShape } from '../list-shape.ts';
import { listedColumns, type ListedProduct, productColumns, type ProductRow, withField } from '../rows.ts';
import type { Dictionary } from './dictionary.ts';
import { asPlaceholders, asValues, type Bind, nameVector, relevanceTiers } from './match.ts';
import { rankOf, splitRank, TIER_ANYWHERE, TIER_NAME_CORRECTED, TIER_NAME_EXACT } from './rank.ts';
import type { Run } from './statements.ts';
import { hasNegation, queryWords, type SearchTerms } from './terms.ts';

/**
 * A tier's matches are first probed through its GIN index, at most this many: when that finds them all, they are
 * sorted (in SQL); when there are more, the word is common, and walking the date index finds a page in a few
 * thousand rows. So neither a rare word (a long walk) nor a common one (sorting a hundred thousand rows) is slow.
 */
export const PROBE_LIMIT = 1000;
/** A tier is first looked for among this many newest listings (tierPage): enough for a word in one in ten. */
export const WALK_FIRST = 500;
/** A many-named tier the pairs cannot read looks among this many times the listings that should hold its page. */
const WINDOW_MARGIN = 2;
/** ... and among at most this many. */
const WINDOW_MAX = 100_000;

export type SearchFilter = ListFilter & { search: SearchTerms };

export interface TierOptions {
  /** Tiers with more matches than this are read by walking the date index (tests lower it). */
  probeLimit?: number;
  /** How many newest listings a tier is first looked for in (tests set 0 to reach the probe). */
  walkFirst?: number;
  /** Whether a name tier is read through the name's word pairs by month (migration 0012) when it can; tests compare. */
  namePairs?: boolean;
}

export function createRelevancePages(dictionary: Dictionary, options: TierOptions = {}) {
  const probeLimit = options.probeLimit ?? PROBE_LIMIT;
  const walkFirst = options.walkFirst ?? WALK_FIRST;
  const namePairs = options.namePairs ?? true;

  /**
   * One tier's page of ids after the cursor (when the cursor is in this tier), newest first, at most `limit`, in small
   * statements (one statement holding every way to every tier took longer to parse and plan than to run):
   * 1. `head`: the tier's matches among the newest WALK_FIRST listings of the filter. A common word (one listing in
   *    ten) fills the page here, from pages already in memory, without counting its matches. A name tier skips it
   *    when the dictionary's counts (dictionary.namesHolding) say its names cannot fill a page among that many.
   * 2. Else, for a name tier whose words make pairs, `months`: the pairs by month, newest month first, until the
   *    page is full (about a month of the pair's matches read, however many it has). The exact tier of a search
   *    with corrections takes no pairs (relevanceTiers): its unknown word is most likely in no name, which the probe
   *    finds at once.
   * 3. Else `probe`: the tier's GIN match, at most probeLimit + 1 rows; when that found them all, the page is the
   *    newest of the probe (a rare word: a few hundred heap reads).
   * 4. Else the word is in more than probeLimit listings, but fewer than one in WALK_FIRST / limit: `walk` reads
   *    the page by walking the date index with the tier's test.
   */
  async function tierPage(filter: SearchFilter, tier: number, run: Run, shape: string, values: Record<string, unknown>): Promise<ProductRow[]> {
    const from = filter.after ? splitRank(Number(filter.after[0])) : undefined;
    const after: ListFilter['after'] = from && tier === from.tier ? [from.createdAt, filter.after![1]] : undefined;
    const key = (step: string) => JSON.stringify([step, tier, shape, after !== undefined]);
    const part = (bind: Bind, once = false) => {
      const found = relevanceTiers(filter.search, bind, namePairs, once).find((t) => t.tier === tier)!;
      const shaped = { ...filter, search: undefined, after, sort: 'newest' } as const;
      const placeholders = bind === asPlaceholders;
      const byMonth = found.pairs && sql`og_name_pairs_by_month(${nameVector}, ${products.createdAt}) @@ ${found.pairs(sql`months.month`)}`;
      return {
        found,
        where: listShape(shaped, placeholders, [found.condition]).where,
        byMonth,
        unmatched: listShape(shaped, placeholders, []).where,
        limit: bind('limit', filter.limit),
        after0: bind('after0', after?.[0]),
      };
    };
    const newestFirst = sql`${products.createdAt} desc nulls last, ${products.id} desc nulls last`;
    const groups = tier === TIER_NAME_EXACT ? queryWords(filter.search.q).map((w) => [w]) : tier === TIER_NAME_CORRECTED ? filter.search.alternatives! : undefined;
    const counts = groups && (await dictionary.namesHolding(groups));
    // The tier's matches among the newest `window` listings of the filter. Inside, those rows are aliased
    // "products", so the tier's condition reads their columns.
    const newestListings = (window: number) =>
      run<ProductRow>(key('head'), (bind) => {
        const { found, unmatched, limit } = part(bind);
        return sql`select ${listedColumns} from (
            select * from ${products} where ${unmatched} order by ${newestFirst} limit ${bind('window', window)}
          ) as products where ${found.condition} order by created_at desc, id desc limit ${limit}`;
      }, productColumns, { ...values, window });
    if (walkFirst > 0 && (!counts || counts.atMost * walkFirst >= filter.limit * counts.listings)) {
      const head = await newestListings(walkFirst);
      if (head.length >= filter.limit) return head;
    }
    if (relevanceTiers(filter.search, asValues, namePairs).find((t) => t.tier === tier)!.pairs) {
      // The name's word pairs by month (migration 0012): the newest month first (the cursor's, in its tier), a month
      // at a time back to the oldest listing's, until the page is full; a month's listings that hold the pairs are
      // tested with the tier's test, the filters and the cursor (behind OFFSET 0, so the planner cannot take any of
      // them to another index: ANDing the category index, 110,000 entries, into every month took 1.7 s) and sorted
      // by date. The months are the outer side of a lateral join: read in order, no further than the page
      // needs. `paired` is false when the pairs cannot say the tier's words (NULL): then one row of nulls comes
      // back, and the tier is read below, without them. Its plan is the same whatever the words (every month is one
      // GIN lookup of a pair computed at run time; the filters wait behind OFFSET 0), so it runs `generic`.
      const rows = await run<ProductRow & { paired: boolean }>(key(`months ${filter.limit}`), (bind) => {
        const { found, byMonth, where, after0 } = part(bind, true);
        // The page size is written into the statement (and its key): as a parameter, the generic plan's estimate
        // of the outer LIMIT was so high that PostgreSQL kept planning every run.
        const limit = sql.raw(String(Math.trunc(filter.limit)));
        // The newest and oldest listings' months, read from the date index by ORDER BY ... LIMIT 1 (as max() and
        // min(), the planner's min/max rewrite tripled the statement's planning time: 0.5 -> 1.3-1.8 ms).
        const edge = (order: SQL) => sql`(select og_month(created_at) from ${products} order by ${order} limit 1)`;
        const newest = after ? sql`og_month(${after0}::timestamptz)` : edge(newestFirst);
        const oldest = edge(sql`${products.createdAt} asc nulls first, ${products.id} asc nulls first`);
        // `paired` is computed once, behind OFFSET 0 (pulled up into the join's condition, a generic plan computed it
        // again for every row found), and gates the walk: when false, no month is read.
        return sql`select ${listedColumns}, pairs.paired from (
            select ${found.pairs!(sql`null::int`)} is not null as paired offset 0
          ) as pairs left join lateral (
            select ${listedColumns} from generate_series(${newest}, ${oldest}, -1) as months(month)
            cross join lateral (
              select ${listedColumns} from (select * from ${products} where ${byMonth!} offset 0) as products
              where ${where} order by created_at desc, id desc limit ${limit}
            ) as products where pairs.paired limit ${limit}
          ) as products on true`;
      }, { ...productColumns, paired: sql`paired` }, values, true);
      if (rows[0]?.paired) return rows.filter((row) => row.id !== null).map(({ paired: _paired, ...row }) => row);
    }
    // A name tier the pairs cannot read whose words the dictionary finds in more than probeLimit names (a word left
    // beside a stop word, "oak can"; a word repeated): its probe would only count past its limit. Without a filter,
    // those names are spread over the listings, so the newest WINDOW_MARGIN times as many listings as should hold a
    // page are read first (the rows the walk would read, bounded; the walk's plan, estimated from a count far too low,
    // could be a bitmap of every match instead).
    const unfiltered =
      filter.category === undefined && filter.sellerEmail === undefined && filter.minCents === undefined && filter.maxCents === undefined && filter.near === undefined;
    if (walkFirst > 0 && counts && unfiltered && counts.atMost > probeLimit) {
      const window = Math.min(WINDOW_MAX, Math.ceil((WINDOW_MARGIN * filter.limit * counts.listings) / counts.atMost));
      if (window > walkFirst) {
        const found = await newestListings(window);
        if (found.length >= filter.limit) return found;
      }
    }
    // The probe's newest rows and how many it found (at most probeLimit + 1): all of them, or more than it reads.
    const probe = await run<ProductRow & { n: string | number }>(key('probe'), (bind) => {
      const { where, limit } = part(bind);
      return sql`select ${listedColumns}, newest.n from ${products} join (
          select id, created_at, n from (
            select id, created_at, count(*) over () as n from (
              select ${products.id} as id, ${products.createdAt} as created_at from ${products} where ${where} limit ${probeLimit + 1}
            ) as probe
          ) as counted order by created_at desc, id desc limit ${limit}
        ) as newest on newest.id = ${products.id} order by newest.created_at desc, newest.id desc`;
    }, { ...productColumns, n: sql`n` }, values);
    if (probe.length === 0 || Number(probe[0]!.n) <= probeLimit) return probe.map(({ n: _n, ...row }) => row);
    return run<ProductRow>(key('walk'), (bind) => {
      const { where, limit } = part(bind);
      return sql`select ${listedColumns} from ${products} where ${where} order by ${newestFirst} limit ${limit}`;
    }, productColumns, values);
  }

  /** A relevance page: tier by tier, best first, until the page is full (tierPage); a tier above the cursor's is skipped. */
  async function relevancePage(filter: SearchFilter, run: Run): Promise<ListedProduct[]> {
    const { search } = filter;
    const from = filter.after ? splitRank(Number(filter.after[0])) : undefined;
    if (filter.after && !from) return [];
    const shape = JSON.stringify([
      search.alternatives?.map((spellings) => spellings.length) ?? null,
      hasNegation(search.q),
      filter.category !== undefined,
      filter.sellerEmail !== undefined,
      filter.minCents !== undefined,
      filter.maxCents !== undefined,
      filter.hiddenSellers !== undefined,
      filter.near !== undefined,
    ]);
    const values: Record<string, unknown> = {
      q: search.q,
      category: filter.category,
      sellerEmail: filter.sellerEmail,
      minCents: filter.minCents,
      maxCents: filter.maxCents,
      hiddenSellers: filter.hiddenSellers?.join(','),
      nearLat: filter.near?.lat,
      nearLng: filter.near?.lng,
      nearKm: filter.near?.km,
      after0: from?.createdAt,
      after1: filter.after?.[1],
    };
    search.alternatives?.forEach((spellings, i) => {
      values[`g${i}`] = spellings.join(' ');
      spellings.forEach((w, j) => (values[`a${i}_${j}`] = w));
    });
    const tiers = search.alternatives ? [TIER_NAME_EXACT, TIER_NAME_CORRECTED, TIER_ANYWHERE] : [TIER_NAME_EXACT, TIER_ANYWHERE];
    const rows: ListedProduct[] = [];
    for (const tier of tiers) {
      if (from && tier > from.tier) continue;
      const limit = filter.limit - rows.length;
      for (const row of await tierPage({ ...filter, limit }, tier, run, shape, { ...values, limit })) {
        rows.push(withField(row, 'rank', rankOf(tier, row.createdAt)));
      }
      if (rows.length >= filter.limit) break;
    }
    return rows;
  }
  return relevancePage;
}
