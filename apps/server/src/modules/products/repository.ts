// All SQL for listings: CRUD, filtered keyset lists, and search (weighted full text, typos corrected with pg_trgm).
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images, products, searchWords } from '../../db/schema.ts';

const { search: _search, ...productColumns } = getTableColumns(products);
export type ProductRow = Omit<typeof products.$inferSelect, 'search'>;
export type NewProductRow = Omit<typeof products.$inferInsert, 'search'>;
export type ProductChanges = Omit<NewProductRow, 'id' | 'sellerId' | 'uploaderName' | 'sellerEmail' | 'createdAt'>;

/** Corrections tried per misspelt word (dictionary words with pg_trgm similarity >= 0.3, the `%` default). */
const MAX_CORRECTIONS = 3;
/** Words of q that are looked up for corrections; a longer q still searches in full text. */
const MAX_TYPO_WORDS = 6;
/** ts_rank weights for D, C, B, A: the name (A) counts five times the short description (B). */
const RANK_WEIGHTS = '{0.05,0.1,0.2,1.0}';

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

export type ListedProduct = ProductRow & { rank: number | null };

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

/** A name match ranks first through the weights; an exact match adds its rank to the corrected one. */
function rankOf(search: SearchTerms): SQL<number> {
  const exact = sql`ts_rank(${RANK_WEIGHTS}::float4[], ${products.search}, ${exactQuery(search)})::float8`;
  const typo = typoQuery(search);
  // float8 throughout so the value survives the round trip through a cursor bit for bit.
  return typo
    ? sql<number>`(${exact} + ts_rank(${RANK_WEIGHTS}::float4[], ${products.search}, ${typo})::float8)`
    : sql<number>`${exact}`;
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

export function createProductsRepository(db: Db) {
  /**
   * The list query, unexecuted: the benchmark EXPLAINs exactly this. With `asPlaceholders`, the filter's
   * values become named placeholders so one prepared statement serves every request of the same shape.
   */
  function buildListQuery(filter: ListFilter, on: Db = db, asPlaceholders = false) {
    const value = <T>(name: string, v: T) => (asPlaceholders ? sql.placeholder(name) : v);
    const conditions: (SQL | undefined)[] = [
      filter.category !== undefined ? eq(products.category, value('category', filter.category)) : undefined,
      filter.sellerEmail !== undefined ? eq(products.sellerEmail, value('sellerEmail', filter.sellerEmail)) : undefined,
      filter.minCents !== undefined ? gte(products.priceCents, value('minCents', filter.minCents)) : undefined,
      filter.maxCents !== undefined ? lte(products.priceCents, value('maxCents', filter.maxCents)) : undefined,
      filter.search ? matchOf(filter.search) : undefined,
    ];
    const rank = filter.search ? rankOf(filter.search) : sql<null>`null::float8`;
    let order: SQL[];
    const after = filter.after && ([value('after0', filter.after[0]), value('after1', filter.after[1])] as const);
    switch (filter.sort) {
      case 'relevance': {
        if (after) conditions.push(afterRow(sql`${rank}, ${products.id}`, sql`${after[0]}::float8, ${after[1]}`, 'desc'));
        order = [sql`${rank} desc`, sql`${products.id} desc`];
        break;
      }
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
    return on
      .select({ ...productColumns, rank: sql<number | null>`${rank}`.mapWith((v) => (v === null ? null : Number(v))) })
      .from(products)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(value('limit', filter.limit));
  }

  /**
   * Browsing (no q) has at most 96 query shapes; each is prepared once per connection, which saves the
   * parse and plan on every page (search queries vary with their corrections and stay unprepared).
   */
  const prepared = new Map<string, ReturnType<ReturnType<typeof buildListQuery>['prepare']>>();
  function preparedList(filter: ListFilter) {
    const shape = [
      filter.sort,
      filter.category !== undefined ? 'c' : '',
      filter.sellerEmail !== undefined ? 'e' : '',
      filter.minCents !== undefined ? 'min' : '',
      filter.maxCents !== undefined ? 'max' : '',
      filter.after ? 'after' : '',
    ].join('_');
    let query = prepared.get(shape);
    if (!query) {
      query = buildListQuery(filter, db, true).prepare(`products_list_${shape}`);
      prepared.set(shape, query);
    }
    return query.execute({
      category: filter.category,
      sellerEmail: filter.sellerEmail,
      minCents: filter.minCents,
      maxCents: filter.maxCents,
      after0: filter.after?.[0],
      after1: filter.after?.[1],
      limit: filter.limit,
    });
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

  return {
    buildListQuery,
    buildCorrectionsQuery,

    async list(filter: ListFilter): Promise<ListedProduct[]> {
      return filter.search ? buildListQuery(filter) : preparedList(filter);
    },

    /**
     * For each word of q that is not in the dictionary of name words, its closest dictionary words
     * (pg_trgm similarity over a small table, so it stays fast however many listings exist).
     */
    async corrections(words: string[]): Promise<Map<string, string[]>> {
      const query = buildCorrectionsQuery(words);
      const found = new Map<string, string[]>();
      if (!query) return found;
      const { rows } = (await db.execute(query)) as unknown as { rows: { word: string; alternative: string }[] };
      for (const row of rows) found.set(row.word, [...(found.get(row.word) ?? []), row.alternative]);
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
      return db.transaction(async (tx) => {
        const missing = await lockImages(tx as unknown as Db, imageIds);
        if (missing.length > 0) return { missing };
        const [inserted] = await tx.insert(products).values(row).returning({ id: products.id });
        return { id: inserted!.id, missing };
      });
    },

    /** Replaces a listing's fields, answering the row as it was (undefined if it is gone). */
    async update(
      id: string,
      changes: ProductChanges,
      imageIds: string[] = [],
    ): Promise<{ before?: ProductRow; missing: string[] }> {
      return db.transaction(async (tx) => {
        const missing = await lockImages(tx as unknown as Db, imageIds);
        if (missing.length > 0) return { missing };
        const [before] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for('update');
        if (!before) return { missing };
        await tx.update(products).set(changes).where(eq(products.id, id));
        return { before, missing };
      });
    },

    /** Deletes a listing (its buy requests cascade), answering the row as it was. */
    async delete(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.delete(products).where(eq(products.id, id)).returning(productColumns);
      return row;
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
