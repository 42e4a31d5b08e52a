// Reporting a review (issue 29: "a review may be reported like a listing"): who may report which review, what the
// moderator sees, and the decisions on it, through the API on a fresh database with mail from a real SMTP server.
import type { Profile, PublicReview, QueueEntry, Report, Review } from '@olden/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../test/harness.ts';
import { decodedBodyOf, startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { completeTrade, review } from '../reviews/fixtures.ts';

let smtp: TestSmtp;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_FACTOR: '20' });
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const report = (who: TestUser | null, payload: Record<string, unknown>) => t.injectAs(who, { method: 'POST', url: '/api/reports', payload });
const reportReview = (who: TestUser | null, id: string, reason = 'offensive') => report(who, { targetType: 'review', targetId: id, reason });
const resolve = (who: TestUser | null, payload: Record<string, unknown>) => t.injectAs(who, { method: 'POST', url: '/api/admin/reports/resolve', payload });
const profileOf = async (id: string) => (await t.injectAs(null, { url: `/api/users/${id}/profile` })).json<Profile>();
const reviewsOf = async (id: string) => (await t.injectAs(null, { url: `/api/users/${id}/reviews?role=seller` })).json<PublicReview[]>();
const openEntry = async (id: string) => {
  const res = await t.injectAs(admin, { url: '/api/admin/reports?limit=50' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QueueEntry[]>().find((e) => e.targetType === 'review' && e.targetId === id);
};

/** A completed trade whose buyer reviewed the seller; published when `published` (the seller reviewed too). */
async function reviewedTrade(published: boolean) {
  const seller = await t.createUser({ name: 'Sid Seller' });
  const buyer = await t.createUser({ name: 'Bea Buyer' });
  const { requestId } = await completeTrade(t, seller, buyer, { name: 'Walnut bureau' });
  const res = await review(t, buyer, requestId, { rating: 1, text: 'Liar and thief, call me on 555 0100 instead' });
  expect(res.statusCode, res.body).toBe(201);
  if (published) expect((await review(t, seller, requestId, { rating: 5 })).statusCode).toBe(201);
  return { seller, buyer, reviewId: res.json<{ review: Review }>().review._id };
}

describe('reporting a review', () => {
  it('anyone signed in may report a published review but its author; a pending one is nobody else’s to see (404)', async () => {
    const pending = await reviewedTrade(false);
    const stranger = await t.createUser();
    // Double-blind: before publication only its author knows the review exists.
    expectError(await reportReview(pending.seller, pending.reviewId), 404, { code: 'NOT_FOUND' });
    expectError(await reportReview(stranger, pending.reviewId), 404, { code: 'NOT_FOUND' });
    expectError(await reportReview(pending.buyer, pending.reviewId), 409, { code: 'OWN_TARGET' });

    const { seller, buyer, reviewId } = await reviewedTrade(true);
    expectError(await reportReview(null, reviewId), 401, { code: 'UNAUTHENTICATED' });
    expectError(await reportReview(buyer, reviewId), 409, { code: 'OWN_TARGET' });
    expectError(await reportReview(stranger, 'c'.repeat(32)), 404, { code: 'NOT_FOUND' });
    expectError(await reportReview(stranger, 'nope'), 404, { code: 'NOT_FOUND' });
    // The reviewed seller, and a stranger reading the public profile.
    const bySubject = await reportReview(seller, reviewId);
    expect(bySubject.statusCode, bySubject.body).toBe(201);
    expect(bySubject.json<{ report: Report }>().report).toMatchObject({ targetType: 'review', targetId: reviewId, outcome: 'open' });
    expect((await reportReview(stranger, reviewId, 'spam')).statusCode).toBe(201);
    expectError(await reportReview(seller, reviewId, 'spam'), 409, { code: 'ALREADY_REPORTED' });
    // The reporter's list names the review by its first words.
    const mine = (await t.injectAs(seller, { url: '/api/reports/mine' })).json<Report[]>();
    expect(mine.find((r) => r.targetId === reviewId)?.targetLabel).toBe('Liar and thief, call me on 555 0100 instead');
  });

  it('the queue shows the review, its author and subject; remove_review removes it and its rating, and is audited', async () => {
    const { seller, buyer, reviewId } = await reviewedTrade(true);
    expect((await profileOf(seller.id)).asSeller).toEqual({ ratingAverage: 1, ratingCount: 1 });
    await reportReview(seller, reviewId);

    const entry = await openEntry(reviewId);
    expect(entry).toMatchObject({
      reportCount: 1,
      reasons: ['offensive'],
      preview: {
        listing: null,
        message: null,
        review: {
          _id: reviewId,
          rating: 1,
          text: 'Liar and thief, call me on 555 0100 instead',
          reply: null,
          role: 'seller',
          productName: 'Walnut bureau',
          authorId: buyer.id,
          authorName: 'Bea Buyer',
          subjectId: seller.id,
          subjectName: 'Sid Seller',
        },
        // The author, as for a message: whose conduct the decision is about.
        user: { _id: buyer.id, name: 'Bea Buyer' },
      },
    });

    // Removal applies to its own kind of target only, and only admins decide.
    expectError(await resolve(admin, { targetType: 'review', targetId: reviewId, action: 'remove_listing' }), 400, { code: 'ACTION_NOT_APPLICABLE' });
    expectError(await resolve(admin, { targetType: 'user', targetId: buyer.id, action: 'remove_review' }), 400, { code: 'ACTION_NOT_APPLICABLE' });
    expectError(await resolve(seller, { targetType: 'review', targetId: reviewId, action: 'remove_review' }), 403, { code: 'ADMINS_ONLY' });

    const done = await resolve(admin, { targetType: 'review', targetId: reviewId, action: 'remove_review', note: 'Insults and a phone number' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ resolved: 1, action: 'remove_review' });
    // Gone from the profile, and from the seller's running sums in the same transaction.
    expect((await reviewsOf(seller.id)).map((r) => r._id)).not.toContain(reviewId);
    expect((await profileOf(seller.id)).asSeller).toEqual({ ratingAverage: null, ratingCount: 0 });
    // Audited as an admin's removal, saying it came through a report.
    const logged = (await t.injectAs(admin, { url: '/api/admin/audit?action=admin.review.delete' })).json<{ targetId: string; actorId: string; details: Record<string, unknown> }[]>();
    expect(logged.filter((e) => e.targetId === reviewId)).toEqual([
      expect.objectContaining({ actorId: admin.id, details: expect.objectContaining({ via: 'report', note: 'Insults and a phone number', authorId: buyer.id }) }),
    ]);
    // The reporter hears the outcome; the entry is in the resolved view with the review gone from its preview.
    await expect.poll(() => decodedBodyOf(smtp.to(seller.email).at(-1)?.raw ?? '')).toContain('you reported a review');
    expect(decodedBodyOf(smtp.to(seller.email).at(-1)!.raw)).toContain('took action');
    const resolved = (await t.injectAs(admin, { url: '/api/admin/reports?status=resolved&limit=50' })).json<QueueEntry[]>();
    expect(resolved.find((e) => e.targetId === reviewId)).toMatchObject({ resolution: { action: 'remove_review' }, preview: { review: null } });
    // A second decision finds nothing open.
    expectError(await resolve(admin, { targetType: 'review', targetId: reviewId, action: 'dismiss' }), 409, { code: 'NOTHING_TO_RESOLVE' });
  });

  it('warn_user warns the review’s author by mail; dismiss keeps the review', async () => {
    const warned = await reviewedTrade(true);
    await reportReview(warned.seller, warned.reviewId);
    expect((await resolve(admin, { targetType: 'review', targetId: warned.reviewId, action: 'warn_user', note: 'Keep reviews civil' })).statusCode).toBe(200);
    await expect.poll(() => smtp.to(warned.buyer.email).length).toBeGreaterThan(0);
    const mail = decodedBodyOf(smtp.to(warned.buyer.email).at(-1)!.raw);
    expect(mail).toContain('reports about one of your reviews');
    expect(mail).toContain('Keep reviews civil');
    expect((await reviewsOf(warned.seller.id)).map((r) => r._id)).toContain(warned.reviewId);

    const kept = await reviewedTrade(true);
    await reportReview(kept.seller, kept.reviewId);
    expect((await resolve(admin, { targetType: 'review', targetId: kept.reviewId, action: 'dismiss' })).statusCode).toBe(200);
    expect((await reviewsOf(kept.seller.id)).map((r) => r._id)).toContain(kept.reviewId);
    expect((await profileOf(kept.seller.id)).asSeller).toEqual({ ratingAverage: 1, ratingCount: 1 });
  });
});
