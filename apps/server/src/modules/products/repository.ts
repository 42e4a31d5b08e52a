// All SQL for listings: CRUD, filtered keyset lists, and search (weighted full text, typos corrected with pg_trgm).
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
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
/** Words of q that are looked up for corrections; a longer q still searches in full text. */
const MAX_TYPO_WORDS = 6;
/**
 * Relevance (docs/decisions/012-search-at-a-million.md): tiers, newest first within each. A listing whose name
 * matches the words as typed comes first, then one whose name matches a corrected spelling, then every other
 * match (the words are in its descriptions). One statement reads a page (buildRelevanceQuery): each tier from
 * the newest listings, its GIN match or a date-index walk, whichever is cheap for how common its words are, so a
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

const exactQuery = (search: SearchTerms) => sql`websearch_to_tsquery('english', ${search.q})`;

function typoQuery(search: SearchTerms): SQL | undefined {
  if (!search.alternatives) return undefined;
  const perWord = search.alternatives.map(
    (words) => sql`(${sql.join(words.map((w) => sql`plainto_tsquery('english', ${w})`), sql` || `)})`,
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
/** A tier is first looked for among this many newest listings (tierCtes): enough for a word in one in ten. */
export const WALK_FIRST = 500;

/** A web-search q with a negated word ("lamp -brass"): a name match must also hold for the descriptions. */
const hasNegation = (q: string) => /(^|\s)-\S/.test(q);

/** The relevance tiers of a search, best first: [tier, the condition that puts a listing in it]. */
function relevanceTiers(search: SearchTerms): [number, SQL][] {
  const exact = exactQuery(search);
  const typo = typoQuery(search);
  const anyName = typo ? sql`(${exact} || ${typo})` : exact;
  const exactName = hasNegation(search.q) ? sql`${nameVector} @@ ${exact} and ${matchOf(search)}` : sql`${nameVector} @@ ${exact}`;
  return [
    [TIER_NAME_EXACT, exactName],
    ...(typo ? [[TIER_NAME_CORRECTED, sql`${nameVector} @@ ${typo} and not (${nameVector} @@ ${exact})`] as [number, SQL]] : []),
    [TIER_ANYWHERE, sql`${matchOf(search)} and not (${nameVector} @@ ${anyName})`],
  ];
}

/** A relevance cursor's rank back into its tier and the row's creation time (ISO). */
export function splitRank(rank: number): { tier: number; createdAt: string } | undefined {
  const tier = Math.floor(rank / RANK_TIER);
  const time = new Date(rank - tier * RANK_TIER);
  if (tier < TIER_ANYWHERE || tier > TIER_NAME_EXACT || Number.isNaN(time.getTime())) return undefined;
  return { tier, createdAt: time.toISOString() };
}

/** One GIN lookup on the weighted tsvector, whatever the corrections. */
function matchOf(search: SearchTerms): SQL {
  const typo = typoQuery(search);
  return sql`${products.search} @@ ${typo ? sql`(${exactQuery(search)} || ${typo})` : exactQuery(search)}`;
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
  return filter.sellerEmail === undefined ? ne(products.status, 'sold') : undefined;
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
  /** SEARCH_PAGE_TTL_MS (0: every search runs its queries). */
  searchPageTtlMs?: number;
  /** Milliseconds now (tests move it). */
  now?: () => number;
}

export function createProductsRepository(db: Db, options: ProductsRepositoryOptions = {}) {
  const probeLimit = options.probeLimit ?? PROBE_LIMIT;
  const walkFirst = options.walkFirst ?? WALK_FIRST;
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

  /** A browse page's query (no q): the list's shape, only the columns a page shows. */
  function buildBrowseQuery(filter: ListFilter, asPlaceholders = false) {
    const { where, order } = listShape(filter, asPlaceholders, []);
    return db
      .select(browseSelection)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(asPlaceholders ? sql.placeholder('limit') : filter.limit);
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
   * One tier's page of ids after `after`, newest first, as CTEs named `${name}_head`, `${name}_probe` and `${name}`
   * (issue 14: the probe used to bring up to 1,000 ids and dates to the process, to be sorted there, before a
   * second query fetched the page). Three ways to the page, each gated on the one before (one-time filters;
   * a CTE runs only when first read), and all of them on `gate` (the tiers before it did not fill the page):
   * 1. `head`: the tier's matches among the newest WALK_FIRST listings of the filter. A common word (one listing
   *    in ten) fills the page here, from pages already in memory, without counting its matches.
   * 2. Else `probe`: the tier's GIN match, at most probeLimit + 1 rows; when that found them all, the page is the
   *    newest of the probe (a rare word: a few hundred heap reads).
   * 3. Else the word is in more than probeLimit listings, but fewer than one in WALK_FIRST / limit: the page is
   *    read by walking the date index with the tier's test.
   */
  function tierCtes(name: string, filter: ListFilter, condition: SQL, gate: SQL): SQL {
    const shape = { ...filter, search: undefined, sort: 'newest' } as const;
    const { where } = listShape(shape, false, [condition]);
    const { where: unmatched } = listShape(shape, false, []);
    const newestFirst = sql`${products.createdAt} desc nulls last, ${products.id} desc nulls last`;
    const [head, probe, page] = [sql.raw(`${name}_head`), sql.raw(`${name}_probe`), sql.raw(name)];
    // Inside `head`, the newest rows are aliased "products", so the tier's condition reads their columns.
    return sql`${head} as (
        select id, created_at from (
          select ${products.id}, ${products.createdAt}, ${products.search}, ${products.nameSearch} from ${products}
          where ${unmatched} order by ${newestFirst} limit ${walkFirst}
        ) as products where ${condition} order by created_at desc, id desc limit ${filter.limit}
      ),
      ${probe} as (select ${products.id} as id, ${products.createdAt} as created_at from ${products} where ${where} limit ${probeLimit + 1}),
      ${page} as (
        (select id from ${head} where ${gate} and (select count(*) from ${head}) >= ${filter.limit})
        union all
        (select id from ${probe} where ${gate} and (select count(*) from ${head}) < ${filter.limit} and (select count(*) from ${probe}) <= ${probeLimit}
          order by created_at desc, id desc limit ${filter.limit})
        union all
        (select ${products.id} from ${products} where ${gate} and ${where} and (select count(*) from ${head}) < ${filter.limit}
          and (select count(*) from ${probe}) > ${probeLimit} order by ${newestFirst} limit ${filter.limit})
      )`;
  }

  /**
   * A relevance page in ONE statement: each tier's page of ids (tierCtes), a tier read only when the ones before it
   * did not fill the page; then the listings, each with its tier (the first tier whose test it passes), best tier
   * first and newest first within it. A tier above the cursor's is skipped; the cursor's own tier starts after it.
   */
  function buildRelevanceQuery(filter: ListFilter & { search: SearchTerms }) {
    const from = filter.after ? splitRank(Number(filter.after[0])) : undefined;
    if (filter.after && !from) return undefined;
    const tiers = relevanceTiers(filter.search).filter(([tier]) => !from || tier <= from.tier);
    const ctes: SQL[] = [];
    const names: string[] = [];
    for (const [tier, condition] of tiers) {
      const after: ListFilter['after'] = from && tier === from.tier ? [from.createdAt, filter.after![1]] : undefined;
      const gate = names.length === 0
        ? sql`true`
        : sql`(${sql.join(names.map((n) => sql`(select count(*) from ${sql.raw(n)})`), sql` + `)}) < ${filter.limit}`;
      const name = `tier${tier}`;
      ctes.push(tierCtes(name, { ...filter, after }, condition, gate));
      names.push(name);
    }
    const tierOf = sql<number>`case ${sql.join(tiers.map(([tier, condition]) => sql`when ${condition} then ${sql.raw(String(tier))}`), sql` `)} else 0 end`;
    const ids = sql`${products.id} in (with ${sql.join(ctes, sql`, `)} ${sql.join(names.map((n) => sql`select id from ${sql.raw(n)}`), sql` union all `)})`;
    return db
      .select({ ...productColumns, tier: tierOf.as('tier') })
      .from(products)
      .where(ids)
      .orderBy(sql`tier desc`, sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`)
      .limit(filter.limit);
  }

  /** A relevance page (buildRelevanceQuery). */
  async function listByRelevance(filter: ListFilter & { search: SearchTerms }): Promise<ListedProduct[]> {
    const query = buildRelevanceQuery(filter);
    if (!query) return [];
    return (await query).map(({ tier, ...row }) => ({ ...row, rank: tier * RANK_TIER + row.createdAt.getTime() }));
  }

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
      const query = buildRelevanceQuery({ ...filter, search: filter.search });
      return query ? [query.getSQL()] : [];
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
