// The listing's side of a trade, inside a transaction the buyer-requests module opens: the lock every lifecycle
// transaction takes first and the listing's status moves (available -> reserved -> sold, and back). The products
// table is this module's, so the buy-request lifecycle moves a listing only through here (docs/product.md#trade-lifecycle).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/** The listing's trade statements on the transaction `db`. */
export function listingTrade(db: Db) {
  return {
    /**
     * Locks the listing first: every lifecycle transaction (and a listing's delete) takes the listing before
     * its requests, so two of them never wait on each other in a circle (no deadlock).
     */
    async lockListing(productId: string): Promise<void> {
      await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    },

    /** Moves the listing from `from` to `to` (`UPDATE ... WHERE status = from`): false when it was not `from` (or is gone). */
    async setListingStatus(productId: string, from: 'available' | 'reserved', to: 'available' | 'reserved' | 'sold'): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(products.id, productId), eq(products.status, from)))
        .returning({ id: products.id });
      return rows.length === 1;
    },

    /** The listing's status, locked FOR SHARE (a handover or an accept waits for this transaction); undefined when gone. */
    async listingStatusForShare(productId: string): Promise<string | undefined> {
      const [row] = await db.select({ status: products.status }).from(products).where(eq(products.id, productId)).for('share');
      return row?.status;
    },
  };
}
export type ListingTrade = ReturnType<typeof listingTrade>;
