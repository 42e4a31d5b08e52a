// The reach module's tables: listing_views (counts per listing and day) and listing_viewers (who was counted today).
// It reads buyer_requests to count a listing's open requests (a read model: the stats page's figure).
import { OPEN_REQUEST_STATUSES } from '@olden/contracts';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerRequests, listingViewers, listingViews, products } from '../../db/schema.ts';

export interface ViewSeen {
  productId: string;
  day: string;
  visitor: string;
}

export function createReachRepository(db: Db) {
  return {
    /**
     * Adds a batch of views: each (day, listing, visitor) not yet counted is recorded and adds one to its day's count,
     * in one statement, so two processes flushing the same visitor count it once. Views of a listing deleted
     * meanwhile are dropped. Answers how many were new.
     */
    async record(views: ViewSeen[]): Promise<number> {
      if (views.length === 0) return 0;
      const input = JSON.stringify(views.map((v) => ({ product_id: v.productId, day: v.day, visitor: v.visitor })));
      const result = await db.execute(sql`
        with input as (
          select x.product_id, x.day, x.visitor
          from jsonb_to_recordset(${input}::jsonb) as x(product_id text, day date, visitor text)
          join ${products} p on p.id = x.product_id
        ),
        fresh as (
          insert into ${listingViewers} (day, product_id, visitor)
          select day, product_id, visitor from input
          on conflict do nothing
          returning product_id, day
        ),
        counted as (
          insert into ${listingViews} (product_id, day, count)
          select product_id, day, count(*)::int from fresh group by product_id, day
          on conflict (product_id, day) do update set count = ${listingViews}.count + excluded.count
          returning count
        )
        select (select count(*) from fresh)::int as fresh
      `);
      const rows = (Array.isArray(result) ? result : (result as { rows: { fresh: number }[] }).rows) as { fresh: number }[];
      return rows[0]?.fresh ?? 0;
    },

    /** Counts per day since `since` (a YYYY-MM-DD day), and the total of every day. */
    async viewsOf(productId: string, since: string): Promise<{ days: { day: string; count: number }[]; total: number }> {
      const [days, [total]] = await Promise.all([
        db
          .select({ day: listingViews.day, count: listingViews.count })
          .from(listingViews)
          .where(and(eq(listingViews.productId, productId), gte(listingViews.day, since))),
        db
          .select({ total: sql<number>`coalesce(sum(${listingViews.count}), 0)::int` })
          .from(listingViews)
          .where(eq(listingViews.productId, productId)),
      ]);
      return { days, total: total?.total ?? 0 };
    },

    /** Every listed id's total views (ids without any are left out). */
    async totalsOf(productIds: string[]): Promise<Map<string, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ productId: listingViews.productId, total: sql<number>`sum(${listingViews.count})::int` })
        .from(listingViews)
        .where(inArray(listingViews.productId, productIds))
        .groupBy(listingViews.productId);
      return new Map(rows.map((r) => [r.productId, r.total]));
    },

    async openRequestsOf(productId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(buyerRequests)
        .where(and(eq(buyerRequests.productId, productId), inArray(buyerRequests.status, [...OPEN_REQUEST_STATUSES])));
      return row?.n ?? 0;
    },

    /** Forgets who was counted before `day`: their views are in the counts. */
    async pruneViewers(day: string): Promise<number> {
      const gone = await db.delete(listingViewers).where(lt(listingViewers.day, day)).returning({ day: listingViewers.day });
      return gone.length;
    },
  };
}
export type ReachRepository = ReturnType<typeof createReachRepository>;
