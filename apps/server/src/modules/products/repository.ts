// All SQL for listings: CRUD, filtered keyset lists, and search (weighted full text, typos corrected with pg_trgm).
import { and, asc, Column, desc, eq, getTableColumns, gte, inArray, is, lte, ne, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PAGE_LIMIT_DEFAULT } from '@olden/contracts';
import { type Db, type RawSelect, rawPreparedSelect } from '../../db/client.ts';
import { images, products, searchWords } from '../../db/schema.ts';
import { type ChangedRequest, declineOpenRequestsOnListing } from '../buyer-requests/repository.ts';

const { search: _search, nameSearch: _nameSearch, ...productColumns } = getTableColumns(products);
export type ProductRow = Omit<typeof products.$inferSelect, 'search' | 'nameSearch'>;
export type NewProductRow = Omit<typeof products.$inferInsert, 'search' | 'nameSearch'>;
export type ProductChanges = Omit<NewProductRow, 'id' | 'sellerId' | 'uploaderName' | 'sellerEmail' | 'createdAt'>;

/** Corrections tried per misspelt word (dictionary words with pg_trgm similarity >= 0.3, the `%` default). */
const MAX_CORRECTIONS = 3;
/**
 * A word's corrections are kept this long in process (issue 14: most searches repeat words, and asking the
 * dictionary cost a round trip per search). A write through this process clears them at once; another
 * process's new word is learnt within this time.
 */
export const CORRECTIONS_TTL_MS = 30_000;
const CORRECTIONS_CACHE_MAX = 5000;
const dialect = new PgDialect();
/** A relevance statement's select list: a listing's columns, in productColumns' order (runCompiled decodes by it). */
const listedColumns = sql.join(Object.values(productColumns).map((column) => sql`${column}`), sql`, `);
/** Words of q that are looked up for corrections; a longer q still searches in full text. */
const MAX_TYPO_WORDS = 6;
/**
 * Relevance (docs/decisions/012-search-at-a-million.md): tiers, newest first within each. A listing whose name
 * matches the words as typed comes first, then one whose name matches a corrected spelling, then every other
 * match (the words are in its descriptions). A page reads tier by tier until it is full (tierPage): each tier
 * from the newest listings, its GIN match or a date-index walk, whichever is cheap for how common its words are, so a
 * page costs about the same whether a word is in ten listings or in a hundred thousand; no rank is computed per match.
 * The rank a row carries (for its cursor) is tier * RANK_TIER + its creation time in ms, exact in a float8.
 */
export const RANK_TIER = 1e13;
const TIER_NAME_EXACT = 3;
const TIER_NAME_CORRECTED = 2;
const TIER_ANYWHERE = 1;

export type ListSort = 'newest' | 'price_asc' | 'price_desc' | 'relevance';

export interface ListFilter {
  category?: string;
  /** One seller's listings (?email= on the wire). */
  sellerEmail?: string;
  minCents?: number;
  maxCents?: number;
  search?: SearchTerms;
  sort: ListSort;
  /** The last row of the previous page: [createdAt ISO | price cents | rank, id]. */
  after?: [string | number, string];
  limit: number;
}

/** A listing as lists give it: what a reply and a cursor need (browse pages read no seller id or update time). */
export type ListedProduct = Omit<ProductRow, 'sellerId' | 'updatedAt'> & { rank: number | null };

/**
 * What q searches for: its full text (websearch syntax), and, when some words are not in the dictionary
 * of name words, each word OR its closest dictionary words, all words required ("vintge lamp" ->
 * (vintge | vintage) & lamp).
 */
export interface SearchTerms {
  q: string;
  /** Per query word, the word and its corrections; absent when no word needed correcting. */
  alternatives?: string[][];
}

/** Query words for typo matching: letters and digits only, so punctuation never reaches pg_trgm. */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 20);
}

/**
 * How a search's values enter its statement: as themselves, or as named placeholders (one compiled statement per
 * shape of search, issue 14: building the statement cost the process more than running it).
 */
type Bind = (name: string, value: unknown) => unknown;
const asValues: Bind = (_name, value) => value;
const asPlaceholders: Bind = (name) => sql.placeholder(name);

const exactQuery = (search: SearchTerms, bind: Bind = asValues) => sql`websearch_to_tsquery('english', ${bind('q', search.q)})`;

function typoQuery(search: SearchTerms, bind: Bind = asValues): SQL | undefined {
  if (!search.alternatives) return undefined;
  const perWord = search.alternatives.map(
    (words, i) => sql`(${sql.join(words.map((w, j) => sql`plainto_tsquery('english', ${bind(`a${i}_${j}`, w)})`), sql` || `)})`,
  );
  return sql`(${sql.join(perWord, sql` && `)})`;
}

/** The name's words (a stored vector with its own GIN index, migration 0007). */
const nameVector = products.nameSearch;
/**
 * A tier's matches are first probed through its GIN index, at most this many: when that finds them all, they are
 * sorted (in SQL); when there are more, the word is common, and walking the date index finds a page in a few
 * thousand rows. So neither a rare word (a long walk) nor a common one (sorting a hundred thousand rows) is slow.
 */
export const PROBE_LIMIT = 1000;
/**
 * A search's first page (relevance order, no cursor, not one seller's list) is remembered this long in process,
 * as its listings' ids and ranks (issue 14: buyers repeat the same searches; a page costs a few milliseconds of
 * GIN and heap reads, its ids one primary-key read). The listings themselves are read afresh on every request,
 * so a price, a status or a name is never older than the request; a sold or deleted one makes the page be
 * searched again. What can be up to this old is which listings the page holds: one created, renamed or repriced
 * by another process since may be missing, or still shown though it no longer matches (this process's own writes
 * forget every page at once).
 */
export const SEARCH_PAGE_TTL_MS = 5000;
const SEARCH_PAGE_CACHE_MAX = 1000;
/**
 * Month walks run as named statements (runCompiled), at most this many per process: each is prepared on every pool
 * connection that runs it. Names are counted per process, as repositories may share a pool.
 */
const NAMED_MONTH_SHAPES = 64;
let namedStatements = 0;
/** A tier is first looked for among this many newest listings (tierPage): enough for a word in one in ten. */
export const WALK_FIRST = 500;
/** A many-named tier the pairs cannot read looks among this many times the listings that should hold its page. */
const WINDOW_MARGIN = 2;
/** ... and among at most this many. */
const WINDOW_MAX = 100_000;

/** Quotes, `-word` and `or` are web-search syntax: such a q is taken literally, without corrections or word pairs. */
export const hasSearchOperators = (q: string) => /"|(^|\s)-\S|(^|\s)or(\s|$)/i.test(q);

/** A web-search q with a negated word ("lamp -brass"): a name match must also hold for the descriptions. */
const hasNegation = (q: string) => /(^|\s)-\S/.test(q);

/**
 * A relevance tier: its number, the test that puts a listing in it, and for a name tier whose words the name's word
 * pairs by month can find (migration 0012), those pairs for a month (month NULL: whether there are any). The pairs
 * choose the listings to test; the tier's test still decides.
 */
interface Tier {
  tier: number;
  condition: SQL;
  pairs?: (month: SQL) => SQL;
}

/**
 * The relevance tiers of a search, best first. `once`: each query (the web-search one, the corrected one) is a scalar
 * sub-select, computed once per statement; written in place, a generic plan (the month walk's) computes it again for
 * every row it tests.
 */
function relevanceTiers(search: SearchTerms, bind: Bind, namePairs: boolean, once = false): Tier[] {
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

/** A relevance cursor's rank back into its tier and the row's creation time (ISO). */
export function splitRank(rank: number): { tier: number; createdAt: string } | undefined {
  const tier = Math.floor(rank / RANK_TIER);
  const time = new Date(rank - tier * RANK_TIER);
  if (tier < TIER_ANYWHERE || tier > TIER_NAME_EXACT || Number.isNaN(time.getTime())) return undefined;
  return { tier, createdAt: time.toISOString() };
}

/** One GIN lookup on the weighted tsvector, whatever the corrections. */
function matchOf(search: SearchTerms, bind: Bind = asValues): SQL {
  const typo = typoQuery(search, bind);
  return sql`${products.search} @@ ${typo ? sql`(${exactQuery(search, bind)} || ${typo})` : exactQuery(search, bind)}`;
}

/** Strictly after the cursor row in the given order (all keys descending or all ascending). */
function afterRow(left: SQL, right: SQL, direction: 'asc' | 'desc'): SQL {
  return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/**
 * Locks the stored images a listing names (FOR SHARE) inside the listing's transaction, so releasing
 * an image (which locks it FOR UPDATE, then looks for references) waits for this write and then sees
 * it. Answers the ids that are no longer stored.
 */
async function lockImages(db: Db, imageIds: string[]): Promise<string[]> {
  if (imageIds.length === 0) return [];
  const rows = await db.select({ id: images.id }).from(images).where(inArray(images.id, imageIds)).for('share');
  const found = new Set(rows.map((r) => r.id));
  return imageIds.filter((id) => !found.has(id));
}

/**
 * Sold listings leave the timeline, category pages and search; a seller's own list (`sellerEmail`) keeps
 * them (docs/product.md#trade-lifecycle).
 */
function notSold(filter: Pick<ListFilter, 'sellerEmail'>): SQL | undefined {
  // Written in, not bound: as a parameter, a generic plan (the month walk's) estimated it from the status column's
  // statistics as if any status, and where every listing is available, as matching no row.
  return filter.sellerEmail === undefined ? sql`${products.status} <> 'sold'` : undefined;
}

/** What a list reads: every column but the tsvectors, and no rank (relevance pages add theirs). */
const listSelection = { ...productColumns, rank: sql<number | null>`null::float8` };
/** What a browse page (no q) reads: what its reply and cursor need, nothing more (issue 14). */
const { sellerId: _sellerId, updatedAt: _updatedAt, ...browseColumns } = listSelection;
const browseSelection = browseColumns;

export interface ProductsRepositoryOptions {
  /** Tiers with more matches than this are read by walking the date index (tests lower it). */
  probeLimit?: number;
  /** How many newest listings a tier is first looked for in (tests set 0 to reach the probe). */
  walkFirst?: number;
  /** Whether a tier's probe asks the index of the name's word pairs (migration 0011) when it can; tests compare. */
  namePairs?: boolean;
  /** SEARCH_PAGE_TTL_MS (0: every search runs its queries). */
  searchPageTtlMs?: number;
  /** Milliseconds now (tests move it). */
  now?: () => number;
}

export function createProductsRepository(db: Db, options: ProductsRepositoryOptions = {}) {
  const probeLimit = options.probeLimit ?? PROBE_LIMIT;
  const walkFirst = options.walkFirst ?? WALK_FIRST;
  const namePairs = options.namePairs ?? true;
  const searchPageTtlMs = options.searchPageTtlMs ?? SEARCH_PAGE_TTL_MS;
  const clock = options.now ?? Date.now;
  /**
   * First search pages (SEARCH_PAGE_TTL_MS): the ids and ranks, once the search that found them is done; `at` is
   * when that search started; `refreshing` while it is searched again in the background.
   */
  const searchPages = new Map<string, { at: number; page: Promise<{ id: string; rank: number }[]>; refreshing?: boolean }>();
  /** Per word: its corrections (none for a known word), and when they were read. */
  const correctionCache = new Map<string, { alternatives: string[]; at: number }>();
  /**
   * The dictionary holds the words of listing names (a trigger keeps it): a write that may add or remove a name
   * (a listing created or deleted, or renamed) makes corrections be asked afresh once it is done. Other edits
   * (price, descriptions, status) leave the cache alone: clearing it on every write made a busy site ask the
   * dictionary on nearly every search.
   */
  async function forgetCorrectionsAfter<T>(write: PromiseLike<T>, changesNames: (result: T | undefined) => boolean = () => true): Promise<T> {
    let result: T | undefined;
    try {
      result = await write;
      return result;
    } finally {
      if (changesNames(result)) correctionCache.clear();
      // Any edit may move a listing into or out of a search (its price, category or words).
      searchPages.clear();
    }
  }
  /** A list's WHERE (filters, `extra` conditions, the cursor) and ORDER BY. */
  function listShape(filter: ListFilter, asPlaceholders: boolean, extra: SQL[]): { where: SQL | undefined; order: SQL[] } {
    const value = <T>(name: string, v: T) => (asPlaceholders ? sql.placeholder(name) : v);
    const conditions: (SQL | undefined)[] = [
      filter.category !== undefined ? eq(products.category, value('category', filter.category)) : undefined,
      filter.sellerEmail !== undefined ? eq(products.sellerEmail, value('sellerEmail', filter.sellerEmail)) : undefined,
      filter.minCents !== undefined ? gte(products.priceCents, value('minCents', filter.minCents)) : undefined,
      filter.maxCents !== undefined ? lte(products.priceCents, value('maxCents', filter.maxCents)) : undefined,
      filter.search ? matchOf(filter.search) : undefined,
      notSold(filter),
      ...extra,
    ];
    let order: SQL[];
    const after = filter.after && ([value('after0', filter.after[0]), value('after1', filter.after[1])] as const);
    switch (filter.sort) {
      case 'price_asc':
      case 'price_desc': {
        const direction = filter.sort === 'price_asc' ? 'asc' : 'desc';
        if (after) {
          conditions.push(
            afterRow(sql`${products.priceCents}, ${products.id}`, sql`${after[0]}::bigint, ${after[1]}`, direction),
          );
        }
        order = direction === 'asc' ? [asc(products.priceCents), asc(products.id)] : [desc(products.priceCents), desc(products.id)];
        break;
      }
      // 'relevance' reads one tier at a time (listByRelevance), each in date order like 'newest'.
      default: {
        if (after) {
          conditions.push(
            afterRow(sql`${products.createdAt}, ${products.id}`, sql`${after[0]}::timestamptz, ${after[1]}`, 'desc'),
          );
        }
        // NULLS LAST matches the index definitions (drizzle's .desc() writes it), so the planner can walk them.
        order = [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`];
      }
    }
    return { where: and(...conditions), order };
  }

  /**
   * The list query, unexecuted: the benchmark EXPLAINs exactly this. With `asPlaceholders`, the filter's
   * values become named placeholders so one prepared statement serves every request of the same shape.
   */
  function buildListQuery(filter: ListFilter, on: Db = db, asPlaceholders = false, extra: SQL[] = []) {
    const { where, order } = listShape(filter, asPlaceholders, extra);
    return on
      .select(listSelection)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(asPlaceholders ? sql.placeholder('limit') : filter.limit);
  }

  /**
   * A browse page's query (no q): the list's shape, only the columns a page shows. Prepared (`asPlaceholders`), the
   * default page's LIMIT is written in: with `limit $n` PostgreSQL costs a generic plan as if a tenth of the table were
   * asked for, so it planned every execution afresh (0.1-1.2 ms of planning for a 0.05 ms query); with the number
   * written in it settles on the generic plan after five runs (decision 019). Other page sizes keep the placeholder,
   * so a caller cannot make a statement per size.
   */
  function buildBrowseQuery(filter: ListFilter, asPlaceholders = false) {
    const { where, order } = listShape(filter, asPlaceholders, []);
    const literalLimit = asPlaceholders && filter.limit === PAGE_LIMIT_DEFAULT + 1;
    return db
      .select(browseSelection)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(
        literalLimit
          ? // drizzle writes an SQL chunk as it is (its own limit is always a parameter); an integer, never client text.
            (sql.raw(String(Math.trunc(filter.limit))) as unknown as ReturnType<typeof sql.placeholder>)
          : asPlaceholders
            ? sql.placeholder('limit')
            : filter.limit,
      );
  }

  /**
   * Browsing (no q) has at most 96 query shapes; each is prepared once per connection, which saves the
   * parse and plan on every page (search queries vary with their corrections and stay unprepared).
   */
  const prepared = new Map<string, ReturnType<ReturnType<typeof buildBrowseQuery>['prepare']>>();
  const rawLists = new Map<string, RawSelect<ListedProduct> | null>();
  function preparedList(filter: ListFilter) {
    const shape = [
      filter.sort,
      filter.category !== undefined ? 'c' : '',
      filter.sellerEmail !== undefined ? 'e' : '',
      filter.minCents !== undefined ? 'min' : '',
      filter.maxCents !== undefined ? 'max' : '',
      filter.after ? 'after' : '',
      // The default page has its own statements (buildBrowseQuery writes its LIMIT in).
      filter.limit === PAGE_LIMIT_DEFAULT + 1 ? 'page' : '',
    ].join('_');
    const values = {
      category: filter.category,
      sellerEmail: filter.sellerEmail,
      minCents: filter.minCents,
      maxCents: filter.maxCents,
      after0: filter.after?.[0],
      after1: filter.after?.[1],
      limit: filter.limit,
    };
    // Issue 14: on PostgreSQL the same statement runs straight on pg, its rows decoded without drizzle's mapper.
    let raw = rawLists.get(shape);
    if (raw === undefined) {
      raw = rawPreparedSelect<ListedProduct>(db, `products_list_raw_${shape}`, buildBrowseQuery(filter, true), browseSelection) ?? null;
      rawLists.set(shape, raw);
    }
    if (raw) return raw(values);
    let query = prepared.get(shape);
    if (!query) {
      query = buildBrowseQuery(filter, true).prepare(`products_list_${shape}`);
      prepared.set(shape, query);
    }
    return query.execute(values);
  }

  /** Unexecuted, for the benchmark's EXPLAIN; undefined when no word is worth correcting. */
  function buildCorrectionsQuery(words: string[]): SQL | undefined {
    const candidates = [...new Set(words)].filter((w) => w.length >= 3 && w.length <= 40).slice(0, MAX_TYPO_WORDS);
    if (candidates.length === 0) return undefined;
    return sql`
      select q.w as word, s.word as alternative
      from (values ${sql.join(candidates.map((w) => sql`(${w}::text)`), sql`, `)}) as q(w)
      cross join lateral (
        select d.word from ${searchWords} d where d.word % q.w
        order by similarity(d.word, q.w) desc, d.word limit ${MAX_CORRECTIONS}
      ) s
      -- Known words and stop words ("with" is not a typo for "withers") are never widened.
      where not exists (select 1 from ${searchWords} e where e.word = q.w)
        and numnode(plainto_tsquery('english', q.w)) > 0`;
  }

  /**
   * At most how many listing names hold every group's word (one of its spellings), and how many listings there are:
   * the dictionary's counts (search_words.refs, kept by a trigger) and the planner's row count, remembered per word
   * for CORRECTIONS_TTL_MS. Only an estimate, to choose how a name tier is read; every way gives the same page.
   */
  const nameCounts = new Map<string, { refs: number; at: number }>();
  let listingCount = { n: 0, at: -Infinity };
  async function namesHolding(groups: string[][]): Promise<{ atMost: number; listings: number }> {
    const now = Date.now();
    const words = [...new Set(groups.flat())];
    const unknown = words.filter((w) => !(now - (nameCounts.get(w)?.at ?? -Infinity) < CORRECTIONS_TTL_MS));
    if (unknown.length > 0 || !(now - listingCount.at < CORRECTIONS_TTL_MS)) {
      // Per word its count; then one row without a word: how many listings there are.
      const { rows } = (await db.execute(sql`
        select q.w as word, coalesce(s.refs, 0)::float8 as n
        from unnest(${sql.param(unknown)}::text[]) as q(w) left join ${searchWords} s on s.word = q.w
        union all select null, greatest(reltuples, 0)::float8 from pg_class where oid = 'products'::regclass`)) as unknown as {
        rows: { word: string | null; n: number }[];
      };
      for (const row of rows) {
        if (row.word === null) listingCount = { n: Number(row.n), at: now };
        else {
          if (nameCounts.size >= CORRECTIONS_CACHE_MAX) nameCounts.delete(nameCounts.keys().next().value!);
          nameCounts.set(row.word, { refs: Number(row.n), at: now });
        }
      }
    }
    const perGroup = groups.map((spellings) => spellings.reduce((sum, w) => sum + (nameCounts.get(w)?.refs ?? 0), 0));
    return { atMost: Math.min(...perGroup), listings: listingCount.n };
  }

  /** How a relevance page runs its statements: compiled once per shape on pg (runCompiled), or recorded (the bench). */
  type Run = <Row>(key: string, build: (bind: Bind) => SQL, selection: Record<string, unknown>, values: Record<string, unknown>, generic?: boolean) => Promise<Row[]>;

  /**
   * Statements compiled once per shape of search (which statement, the tier, how many words and spellings per word,
   * the filters, whether the cursor is in the tier), their values bound per request; run on pg as unnamed statements,
   * so each is still planned for its own words (a generic plan would not know a rare word from a common one), except
   * the month walks (below).
   * On PGlite each is built and run as it is.
   */
  const compiledStatements = new Map<string, RawSelect<unknown> | null>();
  const COMPILED_SHAPES_MAX = 1000;
  const runCompiled: Run = async <Row>(key: string, build: (bind: Bind) => SQL, selection: Record<string, unknown>, values: Record<string, unknown>, generic = false) => {
    let statement = compiledStatements.get(key);
    if (statement === undefined) {
      const compiled = build(asPlaceholders);
      // `generic`: a statement whose plan is the same whatever its values runs named, so after five runs PostgreSQL
      // keeps a generic plan and stops planning it (0.5 ms a search).
      const name = generic && namedStatements < NAMED_MONTH_SHAPES ? `og_search_months_${++namedStatements}` : undefined;
      statement = rawPreparedSelect<unknown>(db, name, { toSQL: () => dialect.sqlToQuery(compiled) }, selection) ?? null;
      if (compiledStatements.size >= COMPILED_SHAPES_MAX) compiledStatements.delete(compiledStatements.keys().next().value!);
      compiledStatements.set(key, statement);
    }
    if (statement) return (await statement(values)) as Row[];
    // PGlite: rows come keyed by column name, in the driver's types; each is mapped as drizzle maps a select's.
    const { rows } = (await db.execute(build(asValues))) as unknown as { rows: Record<string, unknown>[] };
    const fields = Object.entries(selection);
    return rows.map((raw) => {
      const row: Record<string, unknown> = {};
      for (const [name, field] of fields) {
        const value = is(field, Column) ? raw[field.name] : raw[name];
        row[name] = value !== null && value !== undefined && is(field, Column) ? field.mapFromDriverValue(value) : value;
      }
      return row as Row;
    });
  };

  /**
   * One tier's page of ids after the cursor (when the cursor is in this tier), newest first, at most `limit`, in small
   * statements (issue 14: one statement holding every way to every tier took longer to parse and plan than to run):
   * 1. `head`: the tier's matches among the newest WALK_FIRST listings of the filter. A common word (one listing in
   *    ten) fills the page here, from pages already in memory, without counting its matches. A name tier skips it
   *    when the dictionary's counts (namesHolding) say its names cannot fill a page among that many.
   * 2. Else, for a name tier whose words make pairs, `months`: the pairs by month, newest month first, until the
   *    page is full (about a month of the pair's matches read, however many it has). The exact tier of a search
   *    with corrections takes no pairs (relevanceTiers): its unknown word is most likely in no name, which the probe
   *    finds at once.
   * 3. Else `probe`: the tier's GIN match, at most probeLimit + 1 rows; when that found them all, the page is the
   *    newest of the probe (a rare word: a few hundred heap reads).
   * 4. Else the word is in more than probeLimit listings, but fewer than one in WALK_FIRST / limit: `walk` reads
   *    the page by walking the date index with the tier's test.
   */
  async function tierPage(filter: ListFilter & { search: SearchTerms }, tier: number, run: Run, shape: string, values: Record<string, unknown>): Promise<ProductRow[]> {
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
    const counts = groups && (await namesHolding(groups));
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
    const unfiltered = filter.category === undefined && filter.sellerEmail === undefined && filter.minCents === undefined && filter.maxCents === undefined;
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
  async function relevancePage(filter: ListFilter & { search: SearchTerms }, run: Run): Promise<ListedProduct[]> {
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
    ]);
    const values: Record<string, unknown> = {
      q: search.q,
      category: filter.category,
      sellerEmail: filter.sellerEmail,
      minCents: filter.minCents,
      maxCents: filter.maxCents,
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
        rows.push({ ...row, rank: tier * RANK_TIER + row.createdAt.getTime() });
      }
      if (rows.length >= filter.limit) break;
    }
    return rows;
  }

  const listByRelevance = (filter: ListFilter & { search: SearchTerms }) => relevancePage(filter, runCompiled);

  /** Listings by id, still on sale (a remembered search page's rows, read afresh). */
  const onSaleByIds = db
    .select(productColumns)
    .from(products)
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')})`, ne(products.status, 'sold')))
    .prepare('products_on_sale_by_ids');

  /** A search's first page, its ids remembered for SEARCH_PAGE_TTL_MS (see there). */
  async function firstSearchPage(filter: ListFilter & { search: SearchTerms }): Promise<ListedProduct[]> {
    const key = JSON.stringify([
      filter.search.q,
      filter.search.alternatives ?? null,
      filter.category ?? null,
      filter.minCents ?? null,
      filter.maxCents ?? null,
      filter.limit,
    ]);
    const now = clock();
    const remembered = searchPages.get(key);
    const idsOf = (rows: ListedProduct[]) => rows.map((row) => ({ id: row.id, rank: row.rank! }));
    if (remembered && now - remembered.at < searchPageTtlMs) {
      // Past 60% of its time, a page in use is searched again in the background while it still serves, so steady
      // traffic never waits for a search (when one expired, every request for it waited for the next search).
      if (now - remembered.at >= searchPageTtlMs * 0.6 && !remembered.refreshing) {
        remembered.refreshing = true;
        listByRelevance(filter).then(
          (rows) => {
            // Forgotten meanwhile (a listing write) or replaced: this search may predate the change.
            if (searchPages.get(key) !== remembered) return;
            searchPages.delete(key);
            searchPages.set(key, { at: now, page: Promise.resolve(idsOf(rows)) });
          },
          () => {
            remembered.refreshing = false;
          },
        );
      }
      const entries = await remembered.page.catch(() => undefined);
      if (entries?.length === 0) return [];
      if (entries) {
        const rows = (await onSaleByIds.execute({ ids: entries.map((e) => e.id) })) as ProductRow[];
        if (rows.length === entries.length) {
          const byId = new Map(rows.map((row) => [row.id, row]));
          return entries.map(({ id, rank }) => ({ ...byId.get(id)!, rank }));
        }
        // One was sold or deleted meanwhile: the page is searched again (below).
      }
    }
    const found = listByRelevance(filter);
    const page = found.then(idsOf);
    page.catch(() => {}); // a failed search is answered by `found`; the next request searches again
    if (searchPages.size >= SEARCH_PAGE_CACHE_MAX) searchPages.delete(searchPages.keys().next().value!);
    searchPages.delete(key);
    searchPages.set(key, { at: now, page });
    return found;
  }

  return {
    buildListQuery,
    buildBrowseQuery,
    buildCorrectionsQuery,

    async list(filter: ListFilter): Promise<ListedProduct[]> {
      if (filter.search && filter.sort === 'relevance') {
        const search = { ...filter, search: filter.search };
        const remember = searchPageTtlMs > 0 && !filter.after && filter.sellerEmail === undefined;
        return remember ? firstSearchPage(search) : listByRelevance(search);
      }
      return filter.search ? buildListQuery(filter) : preparedList(filter);
    },

    /** The queries one list request runs, as they run (the benchmark EXPLAIN ANALYZEs them). */
    async explainableQueries(filter: ListFilter): Promise<SQL[]> {
      if (!filter.search) return [buildBrowseQuery(filter).getSQL()];
      if (filter.sort !== 'relevance') return [buildListQuery(filter).getSQL()];
      // The statements this page runs, each run once here (a tier's next step depends on what the last found).
      const statements: SQL[] = [];
      await relevancePage({ ...filter, search: filter.search }, async (key, build, selection, values, generic) => {
        statements.push(build(asValues));
        return runCompiled(key, build, selection, values, generic);
      });
      return statements;
    },

    /** How many listings on sale a search matches (the benchmark states it). */
    buildCountQuery(search: SearchTerms): SQL {
      return sql`select count(*)::int as count from ${products} where ${matchOf(search)} and ${products.status} <> 'sold'`;
    },

    /**
     * For each word of q that is not in the dictionary of name words, its closest dictionary words
     * (pg_trgm similarity over a small table, so it stays fast however many listings exist).
     */
    async corrections(words: string[]): Promise<Map<string, string[]>> {
      const now = Date.now();
      const found = new Map<string, string[]>();
      const unknown: string[] = [];
      for (const word of new Set(words)) {
        const cached = correctionCache.get(word);
        if (cached && now - cached.at < CORRECTIONS_TTL_MS) {
          if (cached.alternatives.length > 0) found.set(word, cached.alternatives);
        } else unknown.push(word);
      }
      const query = buildCorrectionsQuery(unknown);
      if (!query) return found;
      const { rows } = (await db.execute(query)) as unknown as { rows: { word: string; alternative: string }[] };
      const fresh = new Map<string, string[]>(unknown.map((w) => [w, []]));
      for (const row of rows) fresh.get(row.word)?.push(row.alternative);
      for (const [word, alternatives] of fresh) {
        if (correctionCache.size >= CORRECTIONS_CACHE_MAX) correctionCache.delete(correctionCache.keys().next().value!);
        correctionCache.set(word, { alternatives, at: now });
        if (alternatives.length > 0) found.set(word, alternatives);
      }
      return found;
    },

    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
      return row;
    },

    /**
     * Inserts the listing; its name's words enter the dictionary by trigger. `imageIds` (the stored
     * images it names) are locked first: when one has gone meanwhile, nothing is written and its id is
     * in `missing`.
     */
    async insert(row: NewProductRow, imageIds: string[] = []): Promise<{ id?: string; missing: string[] }> {
      return forgetCorrectionsAfter(db.transaction(async (tx) => {
        const missing = await lockImages(tx as unknown as Db, imageIds);
        if (missing.length > 0) return { missing };
        const [inserted] = await tx.insert(products).values(row).returning({ id: products.id });
        return { id: inserted!.id, missing };
      }));
    },

    /** Replaces a listing's fields, answering the row as it was (undefined if it is gone). */
    async update(
      id: string,
      changes: ProductChanges,
      imageIds: string[] = [],
    ): Promise<{ before?: ProductRow; missing: string[] }> {
      // A failed write (result undefined) clears too: whether it renamed anything is unknown.
      const renamed = (result: { before?: ProductRow } | undefined) => result === undefined || (result.before !== undefined && result.before.name !== changes.name);
      return forgetCorrectionsAfter(db.transaction(async (tx) => {
        const missing = await lockImages(tx as unknown as Db, imageIds);
        if (missing.length > 0) return { missing };
        const [before] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for('update');
        if (!before) return { missing };
        await tx.update(products).set({ ...changes, updatedAt: sql`now()` }).where(eq(products.id, id));
        return { before, missing };
      }), renamed);
    },

    /**
     * Deletes a listing, answering the row as it was; its open buy requests are declined in the same
     * transaction (requests are kept for history: no foreign key cascades).
     */
    async delete(id: string): Promise<{ row?: ProductRow; declined: ChangedRequest[] }> {
      return forgetCorrectionsAfter(db.transaction(async (tx) => {
        const [row] = await tx.delete(products).where(eq(products.id, id)).returning(productColumns);
        if (!row) return { declined: [] };
        return { row, declined: await declineOpenRequestsOnListing(tx as unknown as Db, id) };
      }));
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
