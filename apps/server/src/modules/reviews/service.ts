// Reviews after a completed trade, double-blind, and public profiles (docs/product.md#reviews-and-profiles).
//
// A handover opens the trade's review window in its own transaction (onCompleted, wired in app.ts), with two jobs: the
// "How was it?" mails and events at once, and the window's close at its end. A review is pending (its author alone sees
// it) until the other party reviewed too or the window closed; both happen under the window's row lock, so a review
// racing the close has exactly one outcome: written before the close (and published by it) or refused. Publication
// moves the reviewed users' running sums in the same transaction.
import {
  isAdminUser,
  type Profile,
  type PublicReview,
  ratingAverage,
  RESPONSE_MIN_REQUESTS,
  type Review,
  REVIEW_BUDGET,
  type ReviewRole,
  type SellerRating,
} from '@olden/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import { type AuthUser } from '../../lib/auth-user.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, notFound, notYours } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { absoluteImageUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';
import type { Mailer } from '../../lib/mail.ts';
import { type CursorSpec, isCursorDate, isCursorId, isTuple, keysetPage, type Page, type PageRequest } from '../../lib/pagination.ts';
import { PG_UNIQUE_VIOLATION, pgCode } from '../../lib/pg-errors.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { BusEvent, EventBus } from '../events/bus.ts';
import type { UsersService } from '../users/service.ts';
import { reviewPublishedMail, reviewWindowMail } from './mails.ts';
import {
  createReviewsRepository,
  type ListedReviewRow,
  removeAccountReviews,
  type ReviewRow,
  reviewsForExport,
  type ReviewWindowRow,
  reviewWrites,
  type TradeFacts,
} from './repository.ts';

export const REVIEW_JOBS = {
  /** The window opened: mail and tell both parties. */
  opened: 'reviews.window-opened',
  /** The window's end: publish what is pending. */
  close: 'reviews.window-close',
  /** A review was published: mail and tell the reviewed user. */
  published: 'reviews.published',
} as const;

const alreadyReviewed = () => new AppError('ALREADY_REVIEWED', 'You already reviewed this trade');
const windowClosed = () => new AppError('REVIEW_WINDOW_CLOSED', 'The time to review this trade is over');

/** Profiles' reviews: newest publication first, keyset on (published_at, id), tagged. */
const PUBLISHED_CURSOR: CursorSpec<{ publishedAt: Date | null; id: string }, ['r', string, string]> = {
  keyOf: (row) => ['r', row.publishedAt!.toISOString(), row.id],
  isKey: (values): values is ['r', string, string] =>
    isTuple(values, ['string', 'string', 'string']) && values[0] === 'r' && isCursorDate(values[1]) && isCursorId(values[2]),
};

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    requestId: row.requestId,
    role: row.role,
    subjectId: row.subjectId,
    rating: row.rating,
    text: row.text,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    reply: row.replyText !== null && row.replyAt ? { text: row.replyText, createdAt: row.replyAt.toISOString() } : null,
  };
}

/** A published review as profiles show it, its pictures named where they are served (lib/image-urls.ts). */
export function toPublicReview(row: ListedReviewRow, urls: ImageUrlConfig): PublicReview {
  return {
    _id: row.id,
    role: row.role,
    rating: row.rating,
    text: row.text,
    reply: row.replyText !== null && row.replyAt ? { text: row.replyText, createdAt: row.replyAt.toISOString() } : null,
    date: (row.publishedAt ?? row.createdAt).toISOString(),
    author: { _id: row.authorId, name: row.authorName ?? 'Former member', photoURL: row.authorPhoto ? absoluteImageUrl(row.authorPhoto, urls) : '' },
    listing: { _id: row.productId, name: row.productName, image: absoluteImageUrl(row.productImage, urls) },
  };
}

/** A median answer time as a person says it. */
export function responseStep(seconds: number): string {
  const hours = seconds / 3600;
  if (hours <= 1) return 'within an hour';
  if (hours <= 6) return 'within a few hours';
  if (hours <= 24) return 'within a day';
  return 'within a few days';
}

/** What the buyer-requests module shows of a trade's review to one party. */
export interface MyReview {
  myReview: Review | null;
  reviewClosesAt: string | null;
}

/** Removes a review as an admin in the transaction `tx` (sums and audit with it): the removed row, or undefined. */
export type RemoveReview = (tx: Db, caller: AuthUser, id: string, details?: Record<string, unknown>) => Promise<ReviewRow | undefined>;

export function createReviewsService(
  ctx: AppContext,
  deps: {
    mailer: Mailer;
    users: Pick<UsersService, 'findById'>;
    events: Pick<EventBus, 'publish'>;
    /** The audit log (an admin's removal of a review is recorded there). */
    audit?: AuditRecorder;
  },
) {
  const repo = createReviewsRepository(ctx.db);
  const { publicUrl } = ctx.config;
  const windowSeconds = () => ctx.config.REVIEW_WINDOW_HOURS * 3600;
  const closesIn = (from: SQL) => sql`${from} + make_interval(secs => ${windowSeconds()}::double precision)`;
  type SQL = ReturnType<typeof sql>;

  function publish(userIds: string[], event: BusEvent): void {
    deps.events.publish(userIds, event).catch((error: unknown) => ctx.log.warn({ err: error, event: event.name }, 'live event not published'));
  }

  /** Jobs for each just-published review (mail and event to its subject), in the publishing transaction. */
  async function announce(tx: Db, published: ReviewRow[]): Promise<void> {
    for (const review of published) await ctx.jobs.send(REVIEW_JOBS.published, { reviewId: review.id }, { tx });
  }

  /** Opens a window and queues its jobs, in `tx`; answers the window (undefined when it was open already). */
  async function openWindow(tx: Db, facts: Parameters<ReturnType<typeof reviewWrites>['openWindow']>[0], from: SQL): Promise<ReviewWindowRow | undefined> {
    const window = await reviewWrites(tx).openWindow(facts, closesIn(from));
    if (!window) return undefined;
    await ctx.jobs.send(REVIEW_JOBS.close, { requestId: window.requestId }, { tx, startAfter: window.closesAt });
    return window;
  }

  /** Mails `userId` once per key (if the account exists and wants trade mail). */
  async function mailOnce(key: string, userId: string, build: (to: { email: string; name: string }) => Parameters<Mailer['send']>[0]): Promise<void> {
    const user = await deps.users.findById(userId);
    if (!user || !user.notifyByEmail) return;
    await deps.mailer.sendOnce(key, build({ email: user.email, name: user.emailVerified ? user.name : '' }));
  }

  ctx.jobs.define<{ requestId: string }>(REVIEW_JOBS.opened, async ({ requestId }) => {
    const window = await repo.findWindow(requestId);
    if (!window) return;
    const url = `${publicUrl}/dashboard/requests/${encodeURIComponent(requestId)}`;
    const [buyer, seller] = await Promise.all([deps.users.findById(window.buyerId), deps.users.findById(window.sellerId)]);
    for (const [me, other] of [[window.buyerId, seller], [window.sellerId, buyer]] as const) {
      await mailOnce(`review-window:${requestId}:${me}`, me, (to) =>
        reviewWindowMail(to, { listing: window.productName, otherName: other?.name ?? 'a former member', closesAt: window.closesAt }, url),
      );
    }
    publish([window.buyerId, window.sellerId], { name: 'review', data: { requestId, kind: 'opened', productName: window.productName } });
  });

  ctx.jobs.define<{ requestId: string }>(REVIEW_JOBS.close, async ({ requestId }) => {
    await closeWindow(requestId);
  });

  ctx.jobs.define<{ reviewId: string }>(REVIEW_JOBS.published, async ({ reviewId }) => {
    const review = await repo.findById(reviewId);
    if (!review || review.status !== 'published') return;
    await mailOnce(`review-published:${reviewId}`, review.subjectId, (to) =>
      reviewPublishedMail(to, { listing: review.productName, rating: review.rating }, `${publicUrl}/sellers/${encodeURIComponent(review.subjectId)}`),
    );
    publish([review.subjectId], { name: 'review', data: { requestId: review.requestId, kind: 'published', productName: review.productName } });
  });

  /**
   * Removes a review as an admin, in the caller's transaction `tx`: a published one leaves its subject's sums, and the
   * audit event commits or rolls back with it. Undefined when there is no such review. Used by DELETE /api/reviews/:id and
   * by a moderator's `remove_review` decision on reported reviews (`details` says so).
   */
  const removeIn: RemoveReview = async (tx, caller, id, details = {}) => {
    const removed = await reviewWrites(tx).remove(id);
    if (!removed) return undefined;
    await deps.audit?.(tx, {
      actorId: caller.id,
      action: 'admin.review.delete',
      targetType: 'review',
      targetId: id,
      details: { subjectId: removed.subjectId, authorId: removed.authorId, rating: removed.rating, role: removed.role, productName: removed.productName, ...details },
    });
    return removed;
  };

  /** The window's end (the close job; idempotent): whatever is pending is published. */
  async function closeWindow(requestId: string): Promise<ReviewRow[]> {
    return repo.transaction(async (writes, tx) => {
      const window = await writes.lockWindow(requestId);
      if (!window || window.closedAt) return [];
      const published = await writes.publishPending(requestId);
      await writes.closeWindow(requestId);
      await announce(tx, published);
      return published;
    });
  }

  /** The caller's part in a trade (by id: reviews are between the two accounts), or null. */
  function partOf(caller: AuthUser, facts: TradeFacts): 'buyer' | 'seller' | null {
    if (caller.id === facts.buyerId) return 'buyer';
    if (caller.id === facts.sellerId) return 'seller';
    return null;
  }

  return {
    closeWindow,

    /** Deleting and exporting an account (lib/account-lifecycle.ts; decision 027 says what stays). */
    accountPart(): AccountPart {
      return {
        module: 'reviews',
        tables: ['reviews', 'review_windows', 'user_ratings'],
        onDelete: async (tx, userId) => {
          await removeAccountReviews(tx, userId);
        },
        notExported: {
          review_windows: 'a trade\'s review period: its dates are in each review and in the buy requests',
          user_ratings: 'running sums of the published reviews, which are exported',
        },
        exportFor: async (userId) => {
          const { written, received } = await reviewsForExport(ctx.db, userId);
          const common = (row: ReviewRow) => ({
            _id: row.id,
            requestId: row.requestId,
            productName: row.productName,
            rating: row.rating,
            text: row.text,
            createdAt: row.createdAt.toISOString(),
            publishedAt: row.publishedAt?.toISOString() ?? null,
            reply: row.replyText,
          });
          return {
            reviewsWritten: written.map((row) => ({ ...common(row), status: row.status, about: row.otherName, theirPart: row.role })),
            // Only published ones: a pending review of them is its author's alone until the window closes (double-blind).
            reviewsReceived: received.map((row) => ({ ...common(row), by: row.otherName, yourPart: row.role })),
          };
        },
      };
    },

    /**
     * For the buyer-requests module: the handover's transaction `tx` opens the trade's window (REVIEW_WINDOW_HOURS
     * from now) and queues its jobs, so they exist exactly when the completion does.
     */
    async onCompleted(tx: Db, request: Pick<TradeFacts, 'id' | 'buyerId' | 'sellerId' | 'productId' | 'name' | 'image1'>): Promise<void> {
      const window = await openWindow(tx, request, sql`now()`);
      if (window) await ctx.jobs.send(REVIEW_JOBS.opened, { requestId: window.requestId }, { tx });
    },

    /** POST /api/buyerProduct/:id/review. */
    async create(caller: AuthUser, requestId: string, body: { rating: number; text: string }): Promise<Review> {
      if (!isId(requestId)) throw notFound('Buy request');
      const facts = await repo.tradeFacts(requestId);
      const part = facts && partOf(caller, facts);
      if (!facts || !part) throw notFound('Buy request');
      if (facts.status !== 'Completed') throw new AppError('NOT_COMPLETED', 'Only a completed trade can be reviewed');
      await enforceBudget(ctx, 'review', caller.id, REVIEW_BUDGET.max, REVIEW_BUDGET.windowMs);
      const role: ReviewRole = part === 'buyer' ? 'seller' : 'buyer';
      try {
        return await repo.transaction(async (writes, tx) => {
          // A trade completed before reviews existed opens its window with its first review (from its handover).
          await openWindow(tx, facts, sql`${facts.updatedAt.toISOString()}::timestamptz`);
          const window = await writes.lockWindow(requestId);
          if (!window) throw windowClosed();
          const existing = await writes.reviewsOf(requestId);
          if (existing.some((r) => r.role === role)) throw alreadyReviewed();
          if (window.closedAt || window.due) throw windowClosed();
          let review = await writes.insert({
            id: newId(),
            requestId,
            authorId: caller.id,
            subjectId: part === 'buyer' ? facts.sellerId : facts.buyerId,
            role,
            rating: body.rating,
            text: body.text,
            productId: window.productId,
            productName: window.productName,
            productImage: window.productImage,
          });
          if (existing.length > 0) {
            // Both have reviewed: both are published now, and the window is done.
            const published = await writes.publishPending(requestId);
            await writes.closeWindow(requestId);
            await announce(tx, published);
            review = published.find((r) => r.id === review.id) ?? review;
          }
          return toReview(review);
        });
      } catch (error) {
        if (pgCode(error) === PG_UNIQUE_VIOLATION) throw alreadyReviewed();
        throw error;
      }
    },

    /** What a party sees of their review of each of these trades (myReview, reviewClosesAt on BuyerProduct). */
    async mineFor(caller: AuthUser, requests: { id: string; status: string; updatedAt: Date; buyerId: string; sellerId: string }[]): Promise<Map<string, MyReview>> {
      const completed = requests.filter((r) => r.status === 'Completed' && (r.buyerId === caller.id || r.sellerId === caller.id));
      const { reviews: mine, windows } = await repo.mineFor(completed.map((r) => r.id), caller.id);
      const map = new Map<string, MyReview>();
      for (const r of completed) {
        const review = mine.find((m) => m.requestId === r.id);
        const window = windows.find((w) => w.requestId === r.id);
        const closesAt = window?.closesAt ?? new Date(r.updatedAt.getTime() + windowSeconds() * 1000);
        map.set(r.id, { myReview: review ? toReview(review) : null, reviewClosesAt: closesAt.toISOString() });
      }
      return map;
    },

    /** POST /api/reviews/:id/reply: the reviewed user, once, on a published review. */
    async reply(caller: AuthUser, id: string, text: string): Promise<Review> {
      if (!isId(id)) throw notFound('Review');
      const review = await repo.findById(id);
      // A pending review is its author's alone: to anyone else it does not exist yet.
      if (!review || (review.status !== 'published' && review.authorId !== caller.id)) throw notFound('Review');
      if (review.subjectId !== caller.id) throw notYours('Only the reviewed member may answer a review');
      await enforceBudget(ctx, 'review', caller.id, REVIEW_BUDGET.max, REVIEW_BUDGET.windowMs);
      const replied = await repo.reply(id, caller.id, text);
      if (!replied) throw new AppError('ALREADY_REPLIED', 'This review already has your answer');
      return toReview(replied);
    },

    removeIn,

    /** DELETE /api/reviews/:id: admins only; a published review leaves its subject's sums in the same transaction. */
    async remove(caller: AuthUser, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isAdminUser(caller)) throw new AppError('ADMINS_ONLY', 'Admins only');
      if (!isId(id)) throw notFound('Review');
      const removed = await repo.transaction((_writes, tx) => removeIn(tx, caller, id));
      if (!removed) throw notFound('Review');
      logSecurityEvent(ctx.log, 'admin.review.delete', { userId: caller.id, ip: caller.ip, target: id, subjectId: removed.subjectId });
      return { acknowledged: true, deletedCount: 1 };
    },

    /** GET /api/users/:id/reviews: published reviews in one role, newest first. */
    async list(userId: string, query: PageRequest & { role: ReviewRole }): Promise<Page<ListedReviewRow>> {
      const page = keysetPage(PUBLISHED_CURSOR, query);
      if (!isId(userId)) return page.fetch(async () => []);
      return page.fetch((after, limit) => repo.listPublished(userId, query.role, limit, after && [after[1], after[2]]));
    },

    /** GET /api/users/:id/profile; undefined for an unknown (or banned: the account is gone) user. */
    async profile(userId: string): Promise<Profile | undefined> {
      if (!isId(userId)) return undefined;
      const [row, figures] = await Promise.all([repo.profile(userId), repo.responseFigures(userId)]);
      if (!row) return undefined;
      const enough = figures.requests >= RESPONSE_MIN_REQUESTS;
      return {
        _id: row.id,
        name: row.name,
        photoURL: absoluteImageUrl(row.photoUrl, ctx.config),
        memberSince: row.createdAt.toISOString(),
        emailVerified: row.emailVerified,
        location: row.location,
        listings: { available: row.available, sold: row.sold },
        asSeller: { ratingAverage: ratingAverage(row.sellerSum, row.sellerCount), ratingCount: row.sellerCount },
        asBuyer: { ratingAverage: ratingAverage(row.buyerSum, row.buyerCount), ratingCount: row.buyerCount },
        responseRate: enough ? Math.round((figures.answeredInTime / figures.requests) * 100) / 100 : null,
        responseTime: enough && figures.medianSeconds !== null ? responseStep(figures.medianSeconds) : null,
      };
    },

    /** Each seller's rating for product replies: one query per page. */
    async sellerRatings(sellerIds: string[]): Promise<Map<string, SellerRating>> {
      const sums = await repo.sellerSums([...new Set(sellerIds)]);
      const map = new Map<string, SellerRating>();
      for (const [id, s] of sums) map.set(id, { average: ratingAverage(s.sum, s.count), count: s.count });
      return map;
    },

    repository: repo,
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
