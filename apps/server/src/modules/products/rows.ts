// A listing's row as the products module reads it: every column but the two search vectors, which only search's
// statements test and nothing ever returns.
import { getTableColumns, sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';

const { search: _search, nameSearch: _nameSearch, ...columns } = getTableColumns(products);
export const productColumns = columns;
export type ProductRow = Omit<typeof products.$inferSelect, 'search' | 'nameSearch'>;
export type NewProductRow = Omit<typeof products.$inferInsert, 'search' | 'nameSearch'>;
export type ProductChanges = Omit<NewProductRow, 'id' | 'sellerId' | 'uploaderName' | 'sellerEmail' | 'createdAt'>;

/**
 * A listing as lists give it: what a reply and a cursor need (browse pages read no update time). A browse page also
 * reads its seller's rating sums (null: no review yet); other lists leave them out and are rated by one lookup.
 */
export type ListedProduct = Omit<ProductRow, 'updatedAt'> & { rank: number | null; sellerSum?: number | null; sellerCount?: number | null };

/** A raw statement's select list: a listing's columns, in productColumns' order (rows are decoded by it). */
export const listedColumns = sql.join(Object.values(productColumns).map((column) => sql`${column}`), sql`, `);

/**
 * The row itself with `key` set to `value`: in place, never a spread copy. A spread copy of a listing row (36 fields
 * since places, reviews and offers) comes out of V8 in dictionary mode, so every field a reply's mapper reads misses
 * its inline cache; that cost a third of a browse page's CPU (docs/decisions/031-listing-rows-keep-one-shape.md).
 */
export function withField<Row extends object, K extends string, V>(row: Row, key: K, value: V): Row & Record<K, V> {
  const set = row as Row & Record<K, V>;
  (set as Record<K, V>)[key] = value;
  return set;
}
