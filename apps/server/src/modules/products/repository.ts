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
 * match (the words are in its descriptions). Each tier is one query that walks an index in date order, so a
 * page costs the same whether a word is in ten listings or in a hundred thousand; no rank is computed per match.
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
 * sorted in memory; when there are more, the word is common, and walking the date index finds a page in a few
 * thousand rows. So neither a rare word (a long walk) nor a common one (sorting a hundred thousand rows) is slow.
 */
const PROBE_LIMIT = 1000;

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

export function createProductsRepository(db: Db) {
  /** Per word: its corrections (none for a known word), and when they were read. */
  const correctionCache = new Map<string, { alternatives: string[]; at: number }>();
  /** A write may add or remove dictionary words: once it is done, corrections are asked afresh. */
  async function forgetCorrectionsAfter<T>(write: PromiseLike<T>): Promise<T> {
    try {
      return await write;
    } finally {
      correctionCache.clear();
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
   * One tier's rows after `after`, newest first: probed first (PROBE_LIMIT), then either sorted from the probe
   * or read by walking the date index (see PROBE_LIMIT). `onQuery` sees each query run.
   */
  async function tierRows(filter: ListFilter, condition: SQL, onQuery?: (query: SQL) => void): Promise<ProductRow[]> {
    const where = buildListQuery({ ...filter, search: undefined, sort: 'newest' }, db, false, [condition]);
    const probe = db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(listShape({ ...filter, search: undefined, sort: 'newest' }, false, [condition]).where)
      .limit(PROBE_LIMIT + 1);
    onQuery?.(probe.getSQL());
    const found = await probe;
    if (found.length > PROBE_LIMIT) {
      onQuery?.(where.getSQL());
      return where;
    }
    const page = found
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, filter.limit)
      .map((r) => r.id);
    if (page.length === 0) return [];
    const fetch = db.select(productColumns).from(products).where(inArray(products.id, page));
    onQuery?.(fetch.getSQL());
    const byId = new Map((await fetch).map((row) => [row.id, row]));
    return page.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined);
  }

  /** A relevance page: the tiers in order, each from where the cursor stands, until the page is full. */
  async function listByRelevance(filter: ListFilter & { search: SearchTerms }, onQuery?: (query: SQL) => void): Promise<ListedProduct[]> {
    const from = filter.after ? splitRank(Number(filter.after[0])) : undefined;
    if (filter.after && !from) return [];
    const rows: ListedProduct[] = [];
    for (const [tier, condition] of relevanceTiers(filter.search)) {
      if (from && tier > from.tier) continue;
      const limit = filter.limit - rows.length;
      if (limit <= 0) break;
      const after: ListFilter['after'] = from && tier === from.tier ? [from.createdAt, filter.after![1]] : undefined;
      for (const row of await tierRows({ ...filter, after, limit }, condition, onQuery)) {
        rows.push({ ...row, rank: tier * RANK_TIER + row.createdAt.getTime() });
      }
    }
    return rows;
  }

  return {
    buildListQuery,
    buildBrowseQuery,
    buildCorrectionsQuery,

    async list(filter: ListFilter): Promise<ListedProduct[]> {
      if (filter.search && filter.sort === 'relevance') return listByRelevance({ ...filter, search: filter.search });
      return filter.search ? buildListQuery(filter) : preparedList(filter);
    },

    /** The queries one list request runs, as they run (the benchmark EXPLAIN ANALYZEs them). */
    async explainableQueries(filter: ListFilter): Promise<SQL[]> {
      if (!filter.search) return [buildBrowseQuery(filter).getSQL()];
      if (filter.sort !== 'relevance') return [buildListQuery(filter).getSQL()];
      const queries: SQL[] = [];
      await listByRelevance({ ...filter, search: filter.search }, (q) => queries.push(q));
      return queries;
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
      return forgetCorrectionsAfter(db.transaction(async (tx) => {
        const missing = await lockImages(tx as unknown as Db, imageIds);
        if (missing.length > 0) return { missing };
        const [before] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for('update');
        if (!before) return { missing };
        await tx.update(products).set({ ...changes, updatedAt: sql`now()` }).where(eq(products.id, id));
        return { before, missing };
      }));
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
