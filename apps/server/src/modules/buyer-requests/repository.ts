// All SQL for buy requests (cart items seen from the buyer, requests seen from the seller; BuyerProduct on the wire).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerRequests } from '../../db/schema.ts';

export type BuyerRequestRow = typeof buyerRequests.$inferSelect;
export type NewBuyerRequestRow = typeof buyerRequests.$inferInsert;

export function createBuyerRequestsRepository(db: Db) {
  return {
    async insert(row: NewBuyerRequestRow): Promise<string> {
      const [inserted] = await db.insert(buyerRequests).values(row).returning({ id: buyerRequests.id });
      return inserted!.id;
    },

    async findById(id: string): Promise<BuyerRequestRow | undefined> {
      const [row] = await db.select().from(buyerRequests).where(eq(buyerRequests.id, id)).limit(1);
      return row;
    },

    async findOpen(buyerId: string, productId: string): Promise<BuyerRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(buyerRequests)
        .where(
          and(eq(buyerRequests.buyerId, buyerId), eq(buyerRequests.productId, productId), eq(buyerRequests.status, 'Pending')),
        )
        .limit(1);
      return row;
    },

    /** Newest first by buyer email (the cart) or seller email (requests to the seller); keyset on (created_at, id). */
    async list(
      by: { buyerEmail: string } | { sellerEmail: string },
      limit: number,
      after?: [string, string],
    ): Promise<BuyerRequestRow[]> {
      const conditions: SQL[] = [
        'buyerEmail' in by ? eq(buyerRequests.buyerEmail, by.buyerEmail) : eq(buyerRequests.sellerEmail, by.sellerEmail),
      ];
      if (after) {
        conditions.push(sql`(${buyerRequests.createdAt}, ${buyerRequests.id}) < (${after[0]}::timestamptz, ${after[1]})`);
      }
      return db
        .select()
        .from(buyerRequests)
        .where(and(...conditions))
        // NULLS LAST as in the index definitions, so the planner walks them.
        .orderBy(sql`${buyerRequests.createdAt} desc nulls last`, sql`${buyerRequests.id} desc nulls last`)
        .limit(limit);
    },

    async delete(id: string): Promise<number> {
      const rows = await db.delete(buyerRequests).where(eq(buyerRequests.id, id)).returning({ id: buyerRequests.id });
      return rows.length;
    },
  };
}
export type BuyerRequestsRepository = ReturnType<typeof createBuyerRequestsRepository>;
