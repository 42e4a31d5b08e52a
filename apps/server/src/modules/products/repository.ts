// All SQL for listings: CRUD, filtered keyset lists, and search (weighted full text OR trigram typo tolerance).
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images, products } from '../../db/schema.ts';

const { search: _search, ...productColumns } = getTableColumns(products);
export type ProductRow = Omit<typeof products.$inferSelect, 'search'>;
export type NewProductRow = Omit<typeof products.$inferInsert, 'search'>;
export type ProductChanges = Omit<NewProductRow, 'id' | 'sellerId' | 'uploaderName' | 'email' | 'createdAt'>;

/**
 * A query word matches a name when its trigram word similarity reaches this. pg_trgm's default (0.6)
 * misses one-letter typos in short words ("vintge" scores 0.57 against "Vintage"); 0.5 finds them
 * while staying selective enough for the GIN index.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/** Words of q used for typo matching on names; a longer q still searches in full text. */
const MAX_TRIGRAM_WORDS = 6;
/** ts_rank weights for D, C, B, A: the name (A) counts five times the short description (B). */
const RANK_WEIGHTS = '{0.05,0.1,0.2,1.0}';

export type ListSort = 'newest' | 'price_asc' | 'price_desc' | 'relevance';

export interface ListFilter {
  category?: string;
  email?: string;
  minCents?: number;
  maxCents?: number;
  /** Search text; `words` are its word tokens (at least one). */
  search?: { q: string; words: string[] };
  sort: ListSort;
  /** The last row of the previous page: [createdAt ISO | price cents | rank, id]. */
  after?: [string | number, string];
  limit: number;
}

export type ListedProduct = ProductRow & { rank: number | null };

function rankOf(search: { q: string }): SQL<number> {
  const tsq = sql`websearch_to_tsquery('english', ${search.q})`;
  // float8 throughout so the value survives the round trip through a cursor bit for bit.
  return sql<number>`(ts_rank(${RANK_WEIGHTS}::float4[], ${products.search}, ${tsq})::float8 + word_similarity(${search.q}, ${products.name})::float8)`;
}

function matchOf(search: { q: string; words: string[] }): SQL {
  const fullText = sql`${products.search} @@ websearch_to_tsquery('english', ${search.q})`;
  // Every word must be (nearly) in the name: `name %> word` is the GIN-indexable word_similarity test.
  const typo = and(...search.words.slice(0, MAX_TRIGRAM_WORDS).map((w) => sql`${products.name} %> ${w}`))!;
  return sql`(${fullText} OR (${typo}))`;
}

/** Strictly after the cursor row in the given order (all keys descending or all ascending). */
function afterRow(left: SQL, right: SQL, direction: 'asc' | 'desc'): SQL {
  return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

export function createProductsRepository(db: Db) {
  /** The list query, unexecuted: the benchmark EXPLAINs exactly this. */
  function buildListQuery(filter: ListFilter, on: Db = db) {
    const conditions: (SQL | undefined)[] = [
      filter.category !== undefined ? eq(products.category, filter.category) : undefined,
      filter.email !== undefined ? eq(products.email, filter.email) : undefined,
      filter.minCents !== undefined ? gte(products.priceCents, filter.minCents) : undefined,
      filter.maxCents !== undefined ? lte(products.priceCents, filter.maxCents) : undefined,
      filter.search ? matchOf(filter.search) : undefined,
    ];
    const rank = filter.search ? rankOf(filter.search) : sql<null>`null::float8`;
    let order: SQL[];
    const after = filter.after;
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
      .limit(filter.limit);
  }

  return {
    buildListQuery,

    /** Lowers the trigram threshold for this transaction only, so pooled connections stay untouched. */
    async withSearchSettings<T>(run: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
        );
        return run(tx as unknown as Db);
      });
    },

    async list(filter: ListFilter): Promise<ListedProduct[]> {
      if (!filter.search) return buildListQuery(filter);
      return this.withSearchSettings((tx) => buildListQuery(filter, tx));
    },

    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
      return row;
    },

    async insert(row: NewProductRow): Promise<string> {
      const [inserted] = await db.insert(products).values(row).returning({ id: products.id });
      return inserted!.id;
    },

    async update(id: string, changes: ProductChanges): Promise<number> {
      const rows = await db.update(products).set(changes).where(eq(products.id, id)).returning({ id: products.id });
      return rows.length;
    },

    async delete(id: string): Promise<number> {
      const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
      return rows.length;
    },

    /** Which of these image ids the images module has stored (read-only look at its table). */
    async existingImageIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
