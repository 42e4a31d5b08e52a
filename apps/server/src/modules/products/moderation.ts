// A listing's moderation state (visible, hidden, removed), apart from its trade status (decision 026). The products
// table is this module's: the reports module hides, restores and removes a listing only through here, inside its own
// transaction `tx` (a report that reaches the threshold, a moderator's decision).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ListingModeration } from '@olden/contracts/constants';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

export interface ModeratedListing {
  id: string;
  sellerId: string;
  name: string;
  moderation: ListingModeration;
}

/** The listing's moderation statements on the transaction `db`. */
export function listingModeration(db: Db) {
  return {
    /** Locks the listing (the lock every trade transaction takes first) and answers it; undefined when gone. */
    async lock(productId: string): Promise<ModeratedListing | undefined> {
      const [row] = await db
        .select({ id: products.id, sellerId: products.sellerId, name: products.name, moderation: products.moderation })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      return row;
    },

    /** Moves the listing to `to` when its state is one of `from`; false when it was not (or is gone). */
    async move(productId: string, from: readonly ListingModeration[], to: ListingModeration): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ moderation: to, updatedAt: sql`now()` })
        .where(and(eq(products.id, productId), inArray(products.moderation, [...from])))
        .returning({ id: products.id });
      return rows.length === 1;
    },
  };
}
export type ListingModerationStatements = ReturnType<typeof listingModeration>;
