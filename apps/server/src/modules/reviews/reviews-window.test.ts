// The review window's end (docs/product.md#reviews-and-profiles), with a window of a few seconds
// (REVIEW_WINDOW_HOURS=0.001): the close job publishes what is pending, a review after it is refused, a review racing
// the close has exactly one outcome, and a trade completed before reviews existed opens its window with its first
// review. PGlite, and PostgreSQL with TEST_DATABASE_URL (where the race is real concurrency).
import { eq } from 'drizzle-orm';
import type { Profile, Review } from '@olden/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buyerRequests, reviews, reviewWindows } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { expectError, type TestUser, useTestApp } from '../../test/harness.ts';
import { completeTrade, review } from './fixtures.ts';

// A shared machine: a fresh app with its job queue may take a while to start.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const WINDOW_HOURS = 0.001; // 3.6 seconds
const getApp = useTestApp({ REVIEW_WINDOW_HOURS: String(WINDOW_HOURS), JOB_POLL_MS: '500', RATE_LIMIT_FACTOR: '20' });

let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  const t = getApp();
  seller = await t.createUser({ name: 'Sam Seller' });
  buyer = await t.createUser({ name: 'Bea Buyer' });
});

const windowOf = async (requestId: string) => (await getApp().database.db.select().from(reviewWindows).where(eq(reviewWindows.requestId, requestId)))[0];
const reviewsOf = async (requestId: string) => getApp().database.db.select().from(reviews).where(eq(reviews.requestId, requestId));
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

describe('the window closed by its job', () => {
  it('publishes a lone review at the window’s end, to the second, and refuses any review after it', async () => {
    const t = getApp();
    const { requestId } = await completeTrade(t, seller, buyer);
    const window = (await windowOf(requestId))!;
    expect(window.closesAt.getTime() - window.openedAt.getTime()).toBe(WINDOW_HOURS * 3600_000);
    const mine = (await review(t, buyer, requestId, { rating: 2, text: 'Slow to answer' })).json<{ review: Review }>().review;
    expect(mine.status).toBe('pending');

    await expect.poll(async () => (await reviewsOf(requestId))[0]!.status, { timeout: 15_000, interval: 100 }).toBe('published');
    const [published] = await reviewsOf(requestId);
    // Published by the job: not before the window's end, and within a few polls of it.
    expect(published!.publishedAt!.getTime()).toBeGreaterThanOrEqual(window.closesAt.getTime());
    expect(published!.publishedAt!.getTime() - window.closesAt.getTime()).toBeLessThan(5000);
    expect((await windowOf(requestId))!.closedAt).not.toBeNull();
    expect((await t.injectAs(null, { method: 'GET', url: `/api/users/${seller.id}/profile` })).json<Profile>().asSeller.ratingCount).toBeGreaterThanOrEqual(1);

    expectError(await review(t, seller, requestId, { rating: 5 }), 409, { code: 'REVIEW_WINDOW_CLOSED' });
    // The close job again (a retry) changes nothing.
    await t.services.reviews.closeWindow(requestId);
    expect(await reviewsOf(requestId)).toHaveLength(1);
  });

  it('a window nobody reviewed in closes with nothing to publish', async () => {
    const t = getApp();
    const { requestId } = await completeTrade(t, seller, buyer);
    await expect.poll(async () => (await windowOf(requestId))!.closedAt, { timeout: 15_000, interval: 100 }).not.toBeNull();
    expectError(await review(t, buyer, requestId, { rating: 5 }), 409, { code: 'REVIEW_WINDOW_CLOSED' });
  });
});

describe('a review racing the window’s close', () => {
  it('has exactly one outcome: written before the close and published by it, or refused and not stored', async () => {
    const t = getApp();
    const trades = await Promise.all([0, 1, 2, 3, 4, 5].map(async () => completeTrade(t, await t.createUser(), await t.createUser())));
    const outcomes = await Promise.all(
      trades.map(async ({ buyer: b, requestId }, i) => {
        const closesAt = (await windowOf(requestId))!.closesAt.getTime();
        // Around the close, from 60 ms before to 60 ms after, and the close itself at the same moment.
        await sleepUntil(closesAt - 60 + i * 24);
        const [res] = await Promise.all([review(t, b, requestId, { rating: 4 }), t.services.reviews.closeWindow(requestId)]);
        return { requestId, status: res.statusCode, body: res.json() };
      }),
    );
    for (const o of outcomes) {
      const stored = await reviewsOf(o.requestId);
      if (o.status === 201) {
        expect(stored).toHaveLength(1);
        expect(stored[0]!.status, 'a review written before the close is published by it').toBe('published');
      } else {
        expect(o.status).toBe(409);
        expect(o.body).toMatchObject({ code: 'REVIEW_WINDOW_CLOSED' });
        expect(stored).toEqual([]);
      }
      expect((await windowOf(o.requestId))!.closedAt).not.toBeNull();
    }
    const sums = await t.services.reviews.repository.allSums();
    const recount = await t.services.reviews.repository.recount();
    for (const r of recount) {
      const s = sums.find((x) => x.userId === r.userId)!;
      expect(r.role === 'seller' ? [s.sellerSum, s.sellerCount] : [s.buyerSum, s.buyerCount]).toEqual([r.sum, r.count]);
    }
  });
});

describe('a trade completed before reviews existed', () => {
  it('opens its window with its first review, from the handover; past it, the review is refused', async () => {
    const t = getApp();
    const productId = newId();
    const row = (updatedAt: Date) => ({
      id: newId(), productId, buyerId: buyer.id, sellerId: seller.id, buyerName: buyer.name, buyerEmail: buyer.email, phoneNumber: '0123456789',
      buyerAddress: '1 Road', status: 'Completed' as const, image1: 'https://img.test.example/1.jpg', name: 'Old chair', age: 1, date: '2024-01-01',
      category: 'homeAndLiving', priceCents: 100, uploaderName: seller.name, uploaderPhone: '0123456789', uploaderLocation: 'Leeds', sellerEmail: seller.email,
      createdAt: updatedAt, updatedAt,
    });
    const old = row(new Date(Date.now() - 3600_000));
    const recent = row(new Date());
    await t.database.db.insert(buyerRequests).values([old, recent]);
    expectError(await review(t, buyer, old.id, { rating: 5 }), 409, { code: 'REVIEW_WINDOW_CLOSED' });
    expect(await windowOf(old.id)).toBeUndefined();

    expect((await review(t, buyer, recent.id, { rating: 5 })).statusCode).toBe(201);
    const window = (await windowOf(recent.id))!;
    expect(window.closesAt.getTime()).toBe(recent.updatedAt.getTime() + WINDOW_HOURS * 3600_000);
    await expect.poll(async () => (await reviewsOf(recent.id))[0]!.status, { timeout: 15_000, interval: 100 }).toBe('published');
  });
});
