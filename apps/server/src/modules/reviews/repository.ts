// All SQL of the reviews module's tables (review_windows, reviews, user_ratings), and the read model of public
// profiles. Reads of other modules' tables, where a join is the point: a buy request's parties and status (who may
// review), users (an author's name and photo, a profile's own fields), products (a profile's listings and location)
// and a seller's first answers on buy requests and their threads (the response rate and time).
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ReviewRole } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import { buyerRequests, reviews, reviewWindows, userRatings, users } from '../../db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;
export type ReviewWindowRow = typeof reviewWindows.$inferSelect;

/** What deciding who may review needs of a buy request. */
export interface TradeFacts {
  id: string;
  buyerId: string;
  sellerId: string;
  status: string;
  productId: string;
  name: string;
  image1: string;
  /** When its status last changed: for a Completed request, the handover. */
  updatedAt: Date;
}

/** A published review with its author as they are now (null once the account is gone). */
export interface ListedReviewRow extends ReviewRow {
  authorName: string | null;
  authorPhoto: string | null;
}

export interface ProfileRow {
  id: string;
  name: string;
  photoUrl: string;
  createdAt: Date;
  emailVerified: boolean;
  location: string | null;
  available: number;
  sold: number;
  sellerSum: number;
  sellerCount: number;
  buyerSum: number;
  buyerCount: number;
}

export interface ResponseFigures {
  requests: number;
  answeredInTime: number;
  /** Median seconds to the first answer among answered requests; null when none was answered. */
  medianSeconds: number | null;
}

const rows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/** Writes of a review's lifecycle, on a transaction. */
export function reviewWrites(tx: Db) {
  return {
    /** Opens the window unless it is open; answers its row and whether this call opened it. */
    async openWindow(
      facts: Pick<TradeFacts, 'id' | 'buyerId' | 'sellerId' | 'productId' | 'name' | 'image1'>,
      closesAt: SQL,
    ): Promise<ReviewWindowRow | undefined> {
      const [row] = await tx
        .insert(reviewWindows)
        .values({
          requestId: facts.id,
          buyerId: facts.buyerId,
          sellerId: facts.sellerId,
          productId: facts.productId,
          productName: facts.name,
          productImage: facts.image1,
          closesAt: closesAt as unknown as Date,
        })
        .onConflictDoNothing({ target: reviewWindows.requestId })
        .returning();
      return row;
    },

    /** The window, locked until the transaction ends, and whether it is past its close by the database's clock. */
    async lockWindow(requestId: string): Promise<(ReviewWindowRow & { due: boolean }) | undefined> {
      const [row] = await tx
        .select({ window: reviewWindows, due: sql<boolean>`${reviewWindows.closesAt} <= now()` })
        .from(reviewWindows)
        .where(eq(reviewWindows.requestId, requestId))
        .for('update');
      return row && { ...row.window, due: row.due };
    },

    async closeWindow(requestId: string): Promise<void> {
      await tx.update(reviewWindows).set({ closedAt: sql`now()` }).where(and(eq(reviewWindows.requestId, requestId), sql`${reviewWindows.closedAt} is null`));
    },

    async reviewsOf(requestId: string): Promise<ReviewRow[]> {
      return tx.select().from(reviews).where(eq(reviews.requestId, requestId));
    },

    async insert(row: NewReviewRow): Promise<ReviewRow> {
      const [inserted] = await tx.insert(reviews).values(row).returning();
      return inserted!;
    },

    /** Publishes the trade's pending reviews and adds them to their subjects' sums, in this transaction. */
    async publishPending(requestId: string): Promise<ReviewRow[]> {
      const published = await tx
        .update(reviews)
        .set({ status: 'published', publishedAt: sql`now()` })
        .where(and(eq(reviews.requestId, requestId), eq(reviews.status, 'pending')))
        .returning();
      // Sums rows in one order (by user id): two trades between the same two people, published at once, would
      // otherwise lock the buyer's and the seller's rows in opposite orders and deadlock (a 500 on PostgreSQL).
      const bySubject = [...published].sort((a, b) => (a.subjectId < b.subjectId ? -1 : a.subjectId > b.subjectId ? 1 : 0));
      for (const review of bySubject) await addToSums(tx, review.subjectId, review.role, review.rating, 1);
      return published;
    },

    /** Deletes a review; a published one leaves its subject's sums. */
    async remove(id: string): Promise<ReviewRow | undefined> {
      const [row] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
      if (row?.status === 'published') await addToSums(tx, row.subjectId, row.role, -row.rating, -1);
      return row;
    },
  };
}
export type ReviewWrites = ReturnType<typeof reviewWrites>;

/**
 * A deleted account (docs/decisions/024, 027), in the deletion's transaction: reviews about them go with their
 * profile (and their sums); their pending reviews, which nobody has seen, go too; their published reviews of others
 * stay, under the tombstone's name, so the other party's rating does not change. Their open windows close (nothing
 * is left to publish in them, and the other party cannot review a deleted account).
 */
export async function removeAccountReviews(tx: Db, userId: string): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.subjectId, userId));
  await tx.delete(reviews).where(and(eq(reviews.authorId, userId), eq(reviews.status, 'pending')));
  await tx.delete(userRatings).where(eq(userRatings.userId, userId));
  await tx
    .update(reviewWindows)
    .set({ closedAt: sql`now()` })
    .where(and(or(eq(reviewWindows.buyerId, userId), eq(reviewWindows.sellerId, userId)), sql`${reviewWindows.closedAt} is null`));
}

/** A user's export: the reviews they wrote (any status) and the published reviews of them, each with the other party's name. */
export async function reviewsForExport(db: Db, userId: string): Promise<{ written: (ReviewRow & { otherName: string | null })[]; received: (ReviewRow & { otherName: string | null })[] }> {
  const [written, received] = await Promise.all([
    db.select({ review: reviews, otherName: users.name }).from(reviews).leftJoin(users, eq(users.id, reviews.subjectId)).where(eq(reviews.authorId, userId)).orderBy(reviews.createdAt),
    db
      .select({ review: reviews, otherName: users.name })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.authorId))
      .where(and(eq(reviews.subjectId, userId), eq(reviews.status, 'published')))
      .orderBy(reviews.createdAt),
  ]);
  const flat = (list: { review: ReviewRow; otherName: string | null }[]) => list.map((r) => ({ ...r.review, otherName: r.otherName }));
  return { written: flat(written), received: flat(received) };
}

/** Moves one user's running sums (an upsert, so the first review creates the row). */
async function addToSums(tx: Db, userId: string, role: ReviewRole, rating: number, count: number): Promise<void> {
  const sum = role === 'seller' ? userRatings.sellerSum : userRatings.buyerSum;
  const n = role === 'seller' ? userRatings.sellerCount : userRatings.buyerCount;
  const values = role === 'seller' ? { userId, sellerSum: rating, sellerCount: count } : { userId, buyerSum: rating, buyerCount: count };
  await tx
    .insert(userRatings)
    .values(values)
    .onConflictDoUpdate({
      target: userRatings.userId,
      set: role === 'seller' ? { sellerSum: sql`${sum} + ${rating}`, sellerCount: sql`${n} + ${count}` } : { buyerSum: sql`${sum} + ${rating}`, buyerCount: sql`${n} + ${count}` },
    });
}

export function createReviewsRepository(db: Db) {
  return {
    transaction<T>(work: (writes: ReviewWrites, handle: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(reviewWrites(tx as unknown as Db), tx as unknown as Db));
    },

    async tradeFacts(requestId: string): Promise<TradeFacts | undefined> {
      const [row] = await db
        .select({
          id: buyerRequests.id,
          buyerId: buyerRequests.buyerId,
          sellerId: buyerRequests.sellerId,
          status: buyerRequests.status,
          productId: buyerRequests.productId,
          name: buyerRequests.name,
          image1: buyerRequests.image1,
          updatedAt: buyerRequests.updatedAt,
        })
        .from(buyerRequests)
        .where(eq(buyerRequests.id, requestId))
        .limit(1);
      return row;
    },

    async findWindow(requestId: string): Promise<ReviewWindowRow | undefined> {
      const [row] = await db.select().from(reviewWindows).where(eq(reviewWindows.requestId, requestId)).limit(1);
      return row;
    },

    async findById(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
      return row;
    },

    /** The caller's reviews of these trades, and the trades' windows (for their close times). */
    async mineFor(requestIds: string[], authorId: string): Promise<{ reviews: ReviewRow[]; windows: ReviewWindowRow[] }> {
      if (requestIds.length === 0) return { reviews: [], windows: [] };
      const [mine, windows] = await Promise.all([
        db.select().from(reviews).where(and(inArray(reviews.requestId, requestIds), eq(reviews.authorId, authorId))),
        db.select().from(reviewWindows).where(inArray(reviewWindows.requestId, requestIds)),
      ]);
      return { reviews: mine, windows };
    },

    /** Sets the reply once, on a published review of `subjectId`; undefined when it had one (or is not theirs). */
    async reply(id: string, subjectId: string, text: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .update(reviews)
        .set({ replyText: text, replyAt: sql`now()` })
        .where(and(eq(reviews.id, id), eq(reviews.subjectId, subjectId), eq(reviews.status, 'published'), sql`${reviews.replyText} is null`))
        .returning();
      return row;
    },

    /** A user's published reviews in one role, newest first, keyset on (published_at, id) (the partial index). */
    async listPublished(subjectId: string, role: ReviewRole, limit: number, after?: [string, string]): Promise<ListedReviewRow[]> {
      const conditions: SQL[] = [eq(reviews.subjectId, subjectId), eq(reviews.role, role), eq(reviews.status, 'published')];
      if (after) conditions.push(sql`(${reviews.publishedAt}, ${reviews.id}) < (${after[0]}::timestamptz, ${after[1]})`);
      const list = await db
        .select({ review: reviews, authorName: users.name, authorPhoto: users.photoUrl })
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.authorId))
        .where(and(...conditions))
        .orderBy(sql`${reviews.publishedAt} desc nulls last`, sql`${reviews.id} desc nulls last`)
        .limit(limit);
      return list.map((r) => ({ ...r.review, authorName: r.authorName, authorPhoto: r.authorPhoto }));
    },

    /** Sellers' running sums, for product replies: one query for a page's sellers. */
    async sellerSums(userIds: string[]): Promise<Map<string, { sum: number; count: number }>> {
      const map = new Map<string, { sum: number; count: number }>();
      if (userIds.length === 0) return map;
      const found = await db
        .select({ userId: userRatings.userId, sum: userRatings.sellerSum, count: userRatings.sellerCount })
        .from(userRatings)
        .where(inArray(userRatings.userId, userIds));
      for (const r of found) map.set(r.userId, { sum: r.sum, count: r.count });
      return map;
    },

    /** The full recount the running sums must equal (tests, and an operator's check). */
    async recount(): Promise<{ userId: string; role: ReviewRole; sum: number; count: number }[]> {
      return rows<{ userId: string; role: ReviewRole; sum: number; count: number }>(
        await db.execute(sql`
          select subject_id as "userId", role, sum(rating)::int as sum, count(*)::int as count
          from ${reviews} where status = 'published' group by subject_id, role`),
      );
    },

    async allSums(): Promise<(typeof userRatings.$inferSelect)[]> {
      return db.select().from(userRatings);
    },

    /** A profile's own figures: one statement over the user, their listings (through the seller index) and sums. */
    async profile(userId: string): Promise<ProfileRow | undefined> {
      const [row] = rows<ProfileRow>(
        await db.execute(sql`
          select u.id, u.name, u.photo_url as "photoUrl", u.created_at as "createdAt", u.email_verified as "emailVerified",
            l.location, coalesce(l.available, 0)::int as available, coalesce(l.sold, 0)::int as sold,
            coalesce(r.seller_sum, 0)::int as "sellerSum", coalesce(r.seller_count, 0)::int as "sellerCount",
            coalesce(r.buyer_sum, 0)::int as "buyerSum", coalesce(r.buyer_count, 0)::int as "buyerCount"
          from users u
          left join user_ratings r on r.user_id = u.id
          left join lateral (
            select count(*) filter (where p.status <> 'sold') as available,
              count(*) filter (where p.status = 'sold') as sold,
              (select p2.uploader_location from products p2 where p2.seller_id = u.id
                group by p2.uploader_location order by count(*) desc, p2.uploader_location limit 1) as location
            from products p where p.seller_id = u.id
          ) l on true
          where u.id = ${userId} and u.deleted_at is null`),
      );
      if (!row) return undefined;
      return { ...row, createdAt: new Date(row.createdAt) };
    },

    /**
     * The seller's buy requests of the last 90 days, those first answered (a decision, or a message in the thread)
     * within 48 hours, and the median time to a first answer.
     */
    async responseFigures(sellerId: string): Promise<ResponseFigures> {
      const [row] = rows<{ requests: number; answered: number; median: number | string | null }>(
        await db.execute(sql`
          select count(*)::int as requests,
            count(*) filter (where first_answer is not null and first_answer - created_at <= interval '48 hours')::int as answered,
            percentile_cont(0.5) within group (order by extract(epoch from first_answer - created_at))
              filter (where first_answer is not null) as median
          from (
            select r.created_at, least(r.seller_answered_at,
              (select min(m.created_at) from request_messages m where m.request_id = r.id and m.sender_id = r.seller_id)) as first_answer
            from buyer_requests r
            where r.seller_id = ${sellerId} and r.created_at >= now() - interval '90 days'
          ) asked`),
      );
      return { requests: row?.requests ?? 0, answeredInTime: row?.answered ?? 0, medianSeconds: row?.median == null ? null : Number(row.median) };
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
