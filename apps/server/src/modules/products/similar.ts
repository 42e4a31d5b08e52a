// Listings like one (GET /api/products/:id/similar, docs/product.md#similar-listings): available listings sharing the
// rarest words of its name, those in its category first, topped up with its category's newest. The rarest words
// (the dictionary's counts, search_words.refs) keep the candidates few whatever the name: a word held by half the
// listings is never the one looked up while the name has a rarer one, and the candidates are capped.
import { and, desc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, searchWords } from '../../db/schema.ts';
import { PUBLIC_LISTING } from './list-shape.ts';
import { type ListedProduct, productColumns, withField } from './rows.ts';
import { queryWords } from './search/terms.ts';
import { descNullsLast } from '../../db/order.ts';

/** Name words looked up at most, rarest first. */
const WORDS = 3;
/**
 * Word matches ranked at most: enough for eight good ones, bounded for a common word. Each is a heap row read; at
 * 1,000,000 listings with common words, 400 took p50 7-9 ms and p95 11-33 ms, 100 took 3-4 ms and 5-6 ms (decision 035).
 * A name whose rare words fewer listings hold than this is ranked over all its matches either way.
 */
const CANDIDATES = 100;

const { updatedAt: _updatedAt, ...listedColumns } = productColumns;

export interface SimilarTo {
  id: string;
  name: string;
  category: string;
}

/**
 * Which listings may be shown as similar: available ones only (sold, reserved and any other state are left out),
 * public as in every other list (PUBLIC_LISTING: never hidden or removed by moderation), and none of the sellers in
 * `exclude` (the viewer's blocks, both ways).
 */
function shownAsSimilar(of: SimilarTo, exclude: { sellerIds?: string[] }): SQL {
  return and(
    PUBLIC_LISTING,
    eq(products.status, 'available'),
    ne(products.id, of.id),
    exclude.sellerIds && exclude.sellerIds.length > 0 ? notInArray(products.sellerId, exclude.sellerIds) : undefined,
  )!;
}

/** The top-up: the newest listings of its category shown as similar, but `skip` (products_category_newest_idx's order). */
export function categoryNewest(db: Db, of: SimilarTo, exclude: { sellerIds?: string[] }, skip: string[], limit: number) {
  return db
    .select(listedColumns)
    .from(products)
    .where(and(shownAsSimilar(of, exclude), eq(products.category, of.category), skip.length > 0 ? notInArray(products.id, skip) : undefined))
    .orderBy(...descNullsLast(products.createdAt, products.id))
    .limit(limit);
}

export function createSimilarListings(db: Db) {
  /** The name's words that at least one other listing's name holds, rarest first. */
  async function rareWords(name: string): Promise<string[]> {
    const words = [...new Set(queryWords(name))].filter((w) => w.length >= 3);
    if (words.length === 0) return [];
    const rows = await db
      .select({ word: searchWords.word, refs: searchWords.refs })
      .from(searchWords)
      .where(and(inArray(searchWords.word, words), sql`${searchWords.refs} >= 2`));
    return rows.sort((a, b) => a.refs - b.refs || a.word.localeCompare(b.word)).slice(0, WORDS).map((r) => r.word);
  }

  return async function similar(of: SimilarTo, limit: number, exclude: { sellerIds?: string[] } = {}): Promise<ListedProduct[]> {
    const shown = shownAsSimilar(of, exclude);
    const words = await rareWords(of.name);
    let found: ListedProduct[] = [];
    if (words.length > 0) {
      const query = sql.join(words.map((w) => sql`plainto_tsquery('english', ${w})`), sql` || `);
      const candidates = db
        .select({ ...listedColumns, nameSearch: products.nameSearch })
        .from(products)
        .where(and(shown, sql`${products.nameSearch} @@ (${query})`))
        .limit(CANDIDATES)
        .as('c');
      const fields = Object.fromEntries(Object.keys(listedColumns).map((k) => [k, candidates[k as keyof typeof listedColumns]]));
      const rows = await db
        .select(fields as unknown as typeof listedColumns)
        .from(candidates)
        .orderBy(
          desc(sql`(${candidates.category} = ${of.category})`),
          desc(sql`ts_rank(${candidates.nameSearch}, ${query})`),
          desc(candidates.createdAt),
          desc(candidates.id),
        )
        .limit(limit);
      found = (rows as Omit<ListedProduct, 'rank'>[]).map((r) => withField(r, 'rank', null));
    }
    if (found.length < limit) {
      const more = await categoryNewest(db, of, exclude, found.map((r) => r.id), limit - found.length);
      found = [...found, ...more.map((r) => withField(r, 'rank', null))];
    }
    return found;
  };
}
