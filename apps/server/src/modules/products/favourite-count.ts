// A listing's public favouriteCount, moved by the favourites module inside its own transaction: the products table is
// this module's, so the count changes only through here (docs/modules.md, "one transaction over two modules").
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

export interface FavouritedListing {
  id: string;
  sellerId: string;
  name: string;
  priceCents: number;
  status: string;
  favouriteCount: number;
}

/** The listing statements of a favourite's write, on its transaction `tx`. */
export function listingFavourites(tx: Db) {
  return {
    /** Locks the listing first (the order every listing transaction keeps) and answers what a favourite needs of it. */
    async lockListing(productId: string): Promise<FavouritedListing | undefined> {
      const [row] = await tx
        .select({
          id: products.id,
          sellerId: products.sellerId,
          name: products.name,
          priceCents: products.priceCents,
          status: products.status,
          favouriteCount: products.favouriteCount,
        })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      return row;
    },

    /** Moves the count by `delta` (never below 0) and answers it. */
    async addToCount(productId: string, delta: number): Promise<number> {
      const [row] = await tx
        .update(products)
        .set({ favouriteCount: sql`greatest(0, ${products.favouriteCount} + ${delta})` })
        .where(eq(products.id, productId))
        .returning({ favouriteCount: products.favouriteCount });
      return row?.favouriteCount ?? 0;
    },
  };
}
export type ListingFavourites = ReturnType<typeof listingFavourites>;

/** Each listing's public favouriteCount (a seller's stats: modules/reach); listings that are gone are left out. */
export async function favouriteCountsOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, count: products.favouriteCount }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.count]));
}
