// All SQL of the favourites module's tables (favourites, favourite_notices, favourite_mailings). The list joins the
// listings (a read model: a saved listing's current status and price) and reads the users' mail switch.
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favouriteMailings, favouriteNotices, favourites, products } from '../../db/schema.ts';
import { productColumns, type ProductRow } from '../products/rows.ts';
import { descNullsLast } from '../../db/order.ts';

export type FavouriteRow = typeof favourites.$inferSelect;
export type NoticeRow = typeof favouriteNotices.$inferSelect;
export interface ListedFavourite {
  favourite: FavouriteRow;
  product: ProductRow | null;
}

export function createFavouritesRepository(db: Db) {
  function listQuery(userId: string, after: [string, string] | undefined, limit: number) {
    const conditions = [eq(favourites.userId, userId)];
    if (after) conditions.push(sql`(${favourites.createdAt}, ${favourites.productId}) < (${after[0]}::timestamptz, ${after[1]})`);
    return db
      .select({ favourite: favourites, product: productColumns })
      .from(favourites)
      .leftJoin(products, and(eq(products.id, favourites.productId), eq(products.moderation, 'visible')))
      .where(and(...conditions))
      .orderBy(...descNullsLast(favourites.createdAt, favourites.productId))
      .limit(limit);
  }

  return {
    /** Serialises one user's favourite writes (the cap is counted, then written) for the transaction's length. */
    async lockUser(tx: Db, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`favourites:${userId}`}, 0))`);
    },

    async count(tx: Db, userId: string): Promise<number> {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(favourites).where(eq(favourites.userId, userId));
      return row?.n ?? 0;
    },

    /** Answers whether it was new. */
    async insert(tx: Db, row: typeof favourites.$inferInsert): Promise<boolean> {
      const inserted = await tx.insert(favourites).values(row).onConflictDoNothing().returning({ userId: favourites.userId });
      return inserted.length === 1;
    },

    /** Answers whether there was one. */
    async remove(tx: Db, userId: string, productId: string): Promise<boolean> {
      const gone = await tx
        .delete(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)))
        .returning({ userId: favourites.userId });
      return gone.length === 1;
    },

    async exists(tx: Db, userId: string, productId: string): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql`1` })
        .from(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * A page of the user's favourites, newest saved first, after the cursor row [createdAt ISO, productId]. A listing
     * hidden or removed by moderation reads as gone (its page answers 404 to all but its seller and admins).
     */
    async list(userId: string, after: [string, string] | undefined, limit: number): Promise<ListedFavourite[]> {
      const rows = await listQuery(userId, after, limit);
      return rows.map((r) => ({ favourite: r.favourite, product: r.product?.id ? (r.product as ProductRow) : null }));
    },

    /** The list's statement, not run (the benchmark EXPLAINs it). */
    listQuery,

    async ids(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: favourites.productId })
        .from(favourites)
        .where(eq(favourites.userId, userId))
        .orderBy(...descNullsLast(favourites.createdAt, favourites.productId));
      return rows.map((r) => r.id);
    },

    async hasSavers(tx: Db, productId: string): Promise<boolean> {
      const [row] = await tx.select({ one: sql`1` }).from(favourites).where(eq(favourites.productId, productId)).limit(1);
      return row !== undefined;
    },

    async savers(productId: string): Promise<string[]> {
      const rows = await db.select({ userId: favourites.userId }).from(favourites).where(eq(favourites.productId, productId));
      return rows.map((r) => r.userId);
    },

    /** The listing is gone: its savers keep the name and price it had. */
    async markDeleted(tx: Db, productId: string, name: string, priceCents: number): Promise<void> {
      await tx.update(favourites).set({ deleted: true, name, priceCents }).where(eq(favourites.productId, productId));
    },

    /** Keeps the name and price savers would see once it is deleted. */
    async refreshSnapshot(tx: Db, productId: string, name: string, priceCents: number): Promise<void> {
      await tx.update(favourites).set({ name, priceCents }).where(eq(favourites.productId, productId));
    },

    /**
     * The savers (not the seller) to tell of a price of `newCents`: at least `share` below the price each was last told
     * of, and not told of a drop since `repeatAfter`. Marks them told, records a notice each, and answers them with
     * the price they were told of before.
     */
    async claimPriceDrop(
      tx: Db,
      listing: { id: string; sellerId: string; name: string; priceCents: number },
      share: number,
      repeatAfter: Date,
    ): Promise<{ userId: string; oldCents: number }[]> {
      const result = await tx.execute(sql`
        with told as (
          select user_id, told_price_cents as old_cents from ${favourites}
          where product_id = ${listing.id} and user_id <> ${listing.sellerId}
            and ${listing.priceCents}::bigint <= told_price_cents * ${1 - share}::numeric
            and (told_at is null or told_at <= ${repeatAfter.toISOString()}::timestamptz)
          for update
        ), moved as (
          update ${favourites} f set told_price_cents = ${listing.priceCents}::bigint, told_at = now()
          from told where f.user_id = told.user_id and f.product_id = ${listing.id}
          returning f.user_id
        )
        insert into ${favouriteNotices} (user_id, product_id, name, old_cents, new_cents)
        select told.user_id, ${listing.id}, ${listing.name}, told.old_cents, ${listing.priceCents}::bigint from told join moved using (user_id)
        returning user_id as "userId", old_cents as "oldCents"`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { userId: string; oldCents: string | number }[];
      return rows.map((r) => ({ userId: r.userId, oldCents: Number(r.oldCents) }));
    },

    /** Marks a price-drop mail due for `userId` unless one is queued; answers when it is due (undefined: already queued). */
    async markMailDue(tx: Db, userId: string, intervalMs: number): Promise<Date | undefined> {
      const result = await tx.execute(sql`
        insert into ${favouriteMailings} (user_id, due_at) values (${userId}, now())
        on conflict (user_id) do update
          set due_at = greatest(now(), coalesce(${favouriteMailings.lastMailedAt} + ${`${intervalMs} milliseconds`}::interval, now()))
          where ${favouriteMailings.dueAt} is null
        returning due_at as "dueAt"`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { dueAt: string | Date }[];
      return rows[0] ? new Date(rows[0].dueAt) : undefined;
    },

    async lockMailing(tx: Db, userId: string) {
      const [row] = await tx.select().from(favouriteMailings).where(eq(favouriteMailings.userId, userId)).for('update');
      return row;
    },

    async lastNoticeSeq(tx: Db, userId: string, after: number): Promise<number | undefined> {
      const [row] = await tx
        .select({ seq: sql<string | null>`max(${favouriteNotices.seq})` })
        .from(favouriteNotices)
        .where(and(eq(favouriteNotices.userId, userId), gt(favouriteNotices.seq, after)));
      return row?.seq == null ? undefined : Number(row.seq);
    },

    async setMailing(tx: Db, userId: string, set: Partial<typeof favouriteMailings.$inferInsert>): Promise<void> {
      await tx.update(favouriteMailings).set(set).where(eq(favouriteMailings.userId, userId));
    },

    /** The notices of one batch (after `from`, up to `to`), oldest first. */
    async notices(userId: string, from: number, to: number): Promise<NoticeRow[]> {
      return db
        .select()
        .from(favouriteNotices)
        .where(and(eq(favouriteNotices.userId, userId), gt(favouriteNotices.seq, from), lte(favouriteNotices.seq, to)))
        .orderBy(favouriteNotices.seq);
    },

    /** Notices already mailed are only history: deleted once mailed. */
    async pruneNotices(userId: string, upTo: number): Promise<void> {
      await db.delete(favouriteNotices).where(and(eq(favouriteNotices.userId, userId), lte(favouriteNotices.seq, upTo)));
    },

    /** Listings' current status (the mail leaves out one sold or removed since). */
    async statuses(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, status: products.status })
        .from(products)
        .where(inArray(products.id, ids));
      return new Map(rows.map((r) => [r.id, r.status]));
    },

    /**
     * An account's deletion, on its transaction `tx`: every favourite, notice and mailing state of the user. Answers
     * the listings whose count must move (their ids in order, the order their rows are then locked in).
     */
    async removeAllOf(tx: Db, userId: string): Promise<string[]> {
      const gone = await tx.delete(favourites).where(eq(favourites.userId, userId)).returning({ productId: favourites.productId });
      await tx.delete(favouriteNotices).where(eq(favouriteNotices.userId, userId));
      await tx.delete(favouriteMailings).where(eq(favouriteMailings.userId, userId));
      return gone.map((r) => r.productId).sort();
    },

    /** A user's price-drop notices not mailed yet, oldest first (their data export). */
    async noticesOf(userId: string): Promise<NoticeRow[]> {
      return db.select().from(favouriteNotices).where(eq(favouriteNotices.userId, userId)).orderBy(favouriteNotices.seq);
    },
  };
}
export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;
