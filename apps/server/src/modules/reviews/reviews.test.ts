// Reviews after a completed trade (docs/product.md#reviews-and-profiles): who may review what and when, double-blind
// publication when both parties reviewed, replies and removal, the public lists and profiles, the rating every
// product reply carries, and the mails (a real SMTP server on loopback) and live events the jobs send. The window's
// close by its job, and a review racing it, are in reviews-window.test.ts. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { BuyerProduct, Product, Profile, PublicReview, Review } from '@olden/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buyerRequests, products, reviews } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../test/harness.ts';
import { connectSse, type SseClient } from '../../test/sse.ts';
import { decodedBodyOf, startSmtp, subjectOf, type TestSmtp } from '../../test/smtp.ts';
import { createProduct } from '../products/fixtures.ts';
import { completeTrade, review } from './fixtures.ts';

// A shared machine: a fresh app with its job queue may take a while to start.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const PUBLIC_URL = 'https://olden.test';
let smtp: TestSmtp;
let t: TestApp;
let base = '';
let admin: TestUser;
let other: TestUser;
const clients: SseClient[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, JOB_POLL_MS: '500', RATE_LIMIT_FACTOR: '20' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.createUser({ name: 'Root', role: 'admin' });
  other = await t.createUser({ name: 'Otto Other' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const people = async () => ({ seller: await t.createUser({ name: 'Sam Seller' }), buyer: await t.createUser({ name: 'Bea Buyer' }) });
const getRequest = (user: TestUser, id: string) => t.injectAs(user, { method: 'GET', url: `/api/buyerProduct/${id}` });
const reviewsOf = (userId: string, role = 'seller', extra = '') => t.injectAs(null, { method: 'GET', url: `/api/users/${userId}/reviews?role=${role}${extra}` });
const profileOf = (userId: string) => t.injectAs(null, { method: 'GET', url: `/api/users/${userId}/profile` });

describe('POST /api/buyerProduct/:id/review: who may review, and when', () => {
  it('refuses anonymous callers, strangers and admins who are no party, and trades that are not completed', async () => {
    const { seller, buyer } = await people();
    const productId = await createProduct(t, seller);
    const asked = await t.injectAs(buyer, { method: 'POST', url: '/api/buyerProduct', payload: { productId, phoneNumber: '0123456789', buyerAddress: '1 Road' } });
    const requestId = asked.json<{ insertedId: string }>().insertedId;
    expectError(await review(t, buyer, requestId, { rating: 5, text: 'Great' }), 409, { code: 'NOT_COMPLETED' });
    expectError(await review(t, seller, requestId, { rating: 5, text: 'Great' }), 409, { code: 'NOT_COMPLETED' });
    await t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${requestId}`, payload: { status: 'Accepted' } });
    expectError(await review(t, buyer, requestId, { rating: 5 }), 409, { code: 'NOT_COMPLETED' });
    await t.injectAs(seller, { method: 'DELETE', url: `/api/buyerProduct/${requestId}` });

    expect((await review(t, null, requestId, { rating: 5 })).statusCode).toBe(401);
    expectError(await review(t, other, requestId, { rating: 5 }), 404, { code: 'NOT_FOUND' });
    expectError(await review(t, admin, requestId, { rating: 5 }), 404, { code: 'NOT_FOUND' });
    expectError(await review(t, buyer, newId(), { rating: 5 }), 404, { code: 'NOT_FOUND' });
    expectError(await review(t, buyer, 'not-an-id', { rating: 5 }), 404, { code: 'NOT_FOUND' });
    expect(await t.database.db.select().from(reviews).where(eq(reviews.requestId, requestId))).toEqual([]);

    const cancelled = await createProduct(t, seller);
    const c = await t.injectAs(buyer, { method: 'POST', url: '/api/buyerProduct', payload: { productId: cancelled, phoneNumber: '0123456789', buyerAddress: '1 Road' } });
    const cancelledId = c.json<{ insertedId: string }>().insertedId;
    await t.injectAs(buyer, { method: 'DELETE', url: `/api/buyerProduct/${cancelledId}` });
    expectError(await review(t, seller, cancelledId, { rating: 1 }), 409, { code: 'NOT_COMPLETED' });
  });

  it('validates the rating (a whole number 1 to 5) and the text (0 to 1,000 characters, trimmed, plain)', async () => {
    const { seller, buyer } = await people();
    const { requestId } = await completeTrade(t, seller, buyer);
    for (const rating of [0, 6, 2.5, '4', null, -1]) {
      expectError(await review(t, buyer, requestId, { rating, text: 'x' }), 400, { code: 'VALIDATION' });
    }
    expectError(await review(t, buyer, requestId, { rating: 4, text: 'x'.repeat(1001) }), 400, { code: 'VALIDATION' });
    expectError(await review(t, buyer, requestId, { text: 'no rating' }), 400, { code: 'VALIDATION' });
    const ok = await review(t, buyer, requestId, { rating: 4, text: `  <b>Fine</b> ${'y'.repeat(980)}  ` });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ review: Review }>().review.text).toBe(`<b>Fine</b> ${'y'.repeat(980)}`);
    const noText = await completeTrade(t, seller, buyer);
    const empty = await review(t, seller, noText.requestId, { rating: 3 });
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json<{ review: Review }>().review).toMatchObject({ text: '', rating: 3, role: 'buyer', subjectId: buyer.id });
  });

  it('each party reviews once: a second review is 409 ALREADY_REVIEWED, also when sent twice at once', async () => {
    const { seller, buyer } = await people();
    const { requestId } = await completeTrade(t, seller, buyer);
    const both = await Promise.all([review(t, buyer, requestId, { rating: 5 }), review(t, buyer, requestId, { rating: 1 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'ALREADY_REVIEWED' });
    expectError(await review(t, buyer, requestId, { rating: 2 }), 409, { code: 'ALREADY_REVIEWED' });
    expect(await t.database.db.select().from(reviews).where(eq(reviews.requestId, requestId))).toHaveLength(1);
  });
});

describe('double-blind publication', () => {
  it('a review is pending and seen by its author only, until the other party reviews: then both are published', async () => {
    const { seller, buyer } = await people();
    const { requestId, productId } = await completeTrade(t, seller, buyer, { name: 'Brass lamp' });

    const first = await review(t, buyer, requestId, { rating: 4, text: 'Friendly, on time' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<{ review: Review }>().review).toMatchObject({ status: 'pending', publishedAt: null, role: 'seller', subjectId: seller.id, rating: 4 });

    // The author sees it as pending; the other party and the public see nothing.
    const mine = (await getRequest(buyer, requestId)).json<BuyerProduct>();
    expect(mine.myReview).toMatchObject({ status: 'pending', text: 'Friendly, on time' });
    expect(Date.parse(mine.reviewClosesAt!)).toBeGreaterThan(Date.now() + 13 * 24 * 3600_000);
    const theirs = (await getRequest(seller, requestId)).json<BuyerProduct>();
    expect(theirs.myReview).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain('Friendly');
    expect((await reviewsOf(seller.id)).json()).toEqual([]);
    expect((await profileOf(seller.id)).json<Profile>().asSeller).toEqual({ ratingAverage: null, ratingCount: 0 });
    expect((await t.injectAs(null, { method: 'GET', url: `/api/products/${productId}` })).json<Product>().sellerRating).toEqual({ average: null, count: 0 });

    const second = await review(t, seller, requestId, { rating: 5, text: 'Paid in cash, smooth' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ review: Review }>().review).toMatchObject({ status: 'published', role: 'buyer', subjectId: buyer.id });
    expect((await getRequest(buyer, requestId)).json<BuyerProduct>().myReview).toMatchObject({ status: 'published' });

    const asSeller = (await reviewsOf(seller.id)).json<PublicReview[]>();
    expect(asSeller).toEqual([
      expect.objectContaining({
        rating: 4,
        text: 'Friendly, on time',
        role: 'seller',
        reply: null,
        author: { _id: buyer.id, name: 'Bea Buyer', photoURL: 'https://images.test.example/avatar.png' },
        listing: expect.objectContaining({ _id: productId, name: 'Brass lamp' }),
      }),
    ]);
    expect((await reviewsOf(buyer.id, 'buyer')).json<PublicReview[]>()).toEqual([expect.objectContaining({ rating: 5, text: 'Paid in cash, smooth' })]);
    expect((await reviewsOf(buyer.id, 'seller')).json()).toEqual([]);
    expect((await profileOf(seller.id)).json<Profile>().asSeller).toEqual({ ratingAverage: 4, ratingCount: 1 });
    expect((await profileOf(buyer.id)).json<Profile>().asBuyer).toEqual({ ratingAverage: 5, ratingCount: 1 });
  });

  it('the history list (closed requests) carries each party’s own review and the window’s end', async () => {
    const { seller, buyer } = await people();
    const { requestId } = await completeTrade(t, seller, buyer);
    await review(t, seller, requestId, { rating: 2, text: 'Late' });
    const history = await t.injectAs(seller, { method: 'GET', url: `/api/buyerProduct?email=${encodeURIComponent(seller.email)}&status=closed` });
    const row = history.json<BuyerProduct[]>().find((r) => r._id === requestId)!;
    expect(row.myReview).toMatchObject({ rating: 2, status: 'pending' });
    expect(row.reviewClosesAt).toEqual(expect.any(String));
    const cart = await t.injectAs(buyer, { method: 'GET', url: `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}&status=closed` });
    expect(cart.json<BuyerProduct[]>().find((r) => r._id === requestId)).toMatchObject({ myReview: null });
  });
});

describe('replies and removal', () => {
  it('the reviewed member answers a published review once; nobody else may, and a pending one is not there', async () => {
    const { seller, buyer } = await people();
    const { requestId } = await completeTrade(t, seller, buyer);
    const pending = (await review(t, buyer, requestId, { rating: 3, text: 'OK' })).json<{ review: Review }>().review;
    const reply = (user: TestUser | null, id: string, text: unknown) => t.injectAs(user, { method: 'POST', url: `/api/reviews/${id}/reply`, payload: { text } });
    expectError(await reply(seller, pending._id, 'Thanks'), 404, { code: 'NOT_FOUND' });
    await review(t, seller, requestId, { rating: 5 });

    expect((await reply(null, pending._id, 'Thanks')).statusCode).toBe(401);
    expectError(await reply(other, pending._id, 'Thanks'), 403, { code: 'NOT_YOURS' });
    expectError(await reply(buyer, pending._id, 'Thanks'), 403, { code: 'NOT_YOURS' });
    expectError(await reply(seller, pending._id, '   '), 400, { code: 'VALIDATION' });
    expectError(await reply(seller, pending._id, 'x'.repeat(1001)), 400, { code: 'VALIDATION' });
    const ok = await reply(seller, pending._id, '  Thank you, come again  ');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Review>().reply).toMatchObject({ text: 'Thank you, come again' });
    expectError(await reply(seller, pending._id, 'Changed my mind'), 409, { code: 'ALREADY_REPLIED' });
    expect((await reviewsOf(seller.id)).json<PublicReview[]>()[0]!.reply).toMatchObject({ text: 'Thank you, come again' });
  });

  it('admins remove a review (a published one leaves the rating; the audit log records it); users get 403, anonymous 401', async () => {
    const { seller, buyer } = await people();
    const { requestId } = await completeTrade(t, seller, buyer);
    const mine = (await review(t, buyer, requestId, { rating: 1, text: 'Rude' })).json<{ review: Review }>().review;
    await review(t, seller, requestId, { rating: 5 });
    expect((await profileOf(seller.id)).json<Profile>().asSeller).toEqual({ ratingAverage: 1, ratingCount: 1 });
    const del = (user: TestUser | null) => t.injectAs(user, { method: 'DELETE', url: `/api/reviews/${mine._id}` });
    expect((await del(null)).statusCode).toBe(401);
    expectError(await del(seller), 403, { code: 'ADMINS_ONLY' });
    expectError(await del(buyer), 403, { code: 'ADMINS_ONLY' });
    expect((await del(admin)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expectError(await del(admin), 404, { code: 'NOT_FOUND' });
    // One audit event, by the admin, naming the review (the refusals and the second try recorded nothing).
    const logged = await t.injectAs(admin, { url: `/api/admin/audit?action=admin.review.delete` });
    expect(logged.statusCode, logged.body).toBe(200);
    const events = logged.json<{ actorId: string | null; action: string; targetType: string; targetId: string; details: Record<string, unknown> }[]>();
    expect(events.filter((e) => e.targetId === mine._id)).toEqual([
      expect.objectContaining({ actorId: admin.id, action: 'admin.review.delete', targetType: 'review', details: expect.objectContaining({ subjectId: seller.id, rating: 1 }) }),
    ]);
    expect((await profileOf(seller.id)).json<Profile>().asSeller).toEqual({ ratingAverage: null, ratingCount: 0 });
    expect((await reviewsOf(seller.id)).json()).toEqual([]);
    // The author cannot write it again: the window closed when both had reviewed.
    expectError(await review(t, buyer, requestId, { rating: 5 }), 409, { code: 'REVIEW_WINDOW_CLOSED' });
  });
});

describe('GET /api/users/:id/reviews', () => {
  it('newest first in keyset pages; a bad cursor is 400, an unknown member an empty list', async () => {
    const { seller } = await people();
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const buyer = await t.createUser({ name: `Buyer ${i}` });
      const { requestId } = await completeTrade(t, seller, buyer, { name: `Item ${i}` });
      await review(t, buyer, requestId, { rating: i + 2, text: `Review ${i}` });
      ids.push((await review(t, seller, requestId, { rating: 5 })).json<{ review: Review }>().review._id);
    }
    const page1 = await reviewsOf(seller.id, 'seller', '&limit=2');
    expect(page1.json<PublicReview[]>().map((r) => r.text)).toEqual(['Review 3', 'Review 2']);
    const cursor = page1.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const page2 = await reviewsOf(seller.id, 'seller', `&limit=2&cursor=${cursor}`);
    expect(page2.json<PublicReview[]>().map((r) => r.text)).toEqual(['Review 1']);
    expect(page2.headers['x-next-cursor']).toBeUndefined();
    expectError(await reviewsOf(seller.id, 'seller', '&cursor=bm9wZQ'), 400, { code: 'INVALID_CURSOR' });
    expectError(await reviewsOf(seller.id, 'admin'), 400, { code: 'VALIDATION' });
    expect((await reviewsOf(newId())).json()).toEqual([]);
    expect((await reviewsOf('x')).json()).toEqual([]);
  });
});

describe('GET /api/users/:id/profile', () => {
  it('answers the figures of a hand count, and no email or phone', async () => {
    const seller = await t.createUser({ name: 'Pat Profile' });
    await t.services.users.markEmailVerified(seller.id, seller.email);
    // Listings: two in Leeds (one sold below), one in York.
    const leeds1 = await createProduct(t, seller, { uploaderLocation: 'Leeds' });
    await createProduct(t, seller, { uploaderLocation: 'Leeds' });
    await createProduct(t, seller, { uploaderLocation: 'York' });
    const buyers = await Promise.all([1, 2, 3, 4].map((i) => t.createUser({ name: `Asker ${i}` })));

    // Below three requests: no response figures.
    const ask = async (b: TestUser, productId: string) =>
      (await t.injectAs(b, { method: 'POST', url: '/api/buyerProduct', payload: { productId, phoneNumber: '0123456789', buyerAddress: '1 Road' } })).json<{ insertedId: string }>().insertedId;
    const r1 = await ask(buyers[0]!, leeds1);
    const r2 = await ask(buyers[1]!, leeds1);
    let profile = (await profileOf(seller.id)).json<Profile>();
    expect(profile).toMatchObject({ responseRate: null, responseTime: null });
    const r3 = await ask(buyers[2]!, leeds1);
    const r4 = await ask(buyers[3]!, leeds1);
    // r1: answered by a message; r2: declined; r3: answered after 50 hours (too late); r4: never answered.
    await t.injectAs(seller, { method: 'POST', url: `/api/buyerProduct/${r1}/messages`, payload: { text: 'Still here' } });
    await t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${r2}`, payload: { status: 'Declined' } });
    await t.database.db.execute(sql`update buyer_requests set seller_answered_at = created_at + interval '50 hours' where id = ${r3}`);
    // r2 answered 2 hours in, r1 30 minutes in (the stored times moved back: the hand count's own clock).
    await t.database.db.execute(sql`update buyer_requests set created_at = seller_answered_at - interval '2 hours' where id = ${r2}`);
    await t.database.db.execute(sql`update request_messages set created_at = (select created_at from buyer_requests where id = ${r1}) + interval '30 minutes' where request_id = ${r1}`);
    // A request older than 90 days is not counted.
    await t.database.db.insert(buyerRequests).values({
      ...(await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, r4)))[0]!,
      id: newId(),
      buyerId: buyers[0]!.id,
      status: 'Declined',
      createdAt: new Date(Date.now() - 91 * 24 * 3600_000),
    });
    await t.injectAs(seller, { method: 'DELETE', url: `/api/buyerProduct/${r1}` }); // handover: sold

    profile = (await profileOf(seller.id)).json<Profile>();
    expect(profile).toEqual({
      _id: seller.id,
      name: 'Pat Profile',
      photoURL: 'https://images.test.example/avatar.png',
      memberSince: expect.any(String),
      emailVerified: true,
      location: 'Leeds',
      listings: { available: 2, sold: 1 },
      asSeller: { ratingAverage: null, ratingCount: 0 },
      asBuyer: { ratingAverage: null, ratingCount: 0 },
      // 2 of 4 answered within 48 hours; answers after 0.5, 2 and 50 hours: the median is 2 hours.
      responseRate: 0.5,
      responseTime: 'within a few hours',
    });
    expect(JSON.stringify(profile)).not.toContain(seller.email);
    expect(JSON.stringify(profile)).not.toContain('0123456789');
    expect((await t.database.db.select().from(products).where(eq(products.sellerId, seller.id))).length).toBe(3);
  });

  it('is 404 for an unknown, malformed or banned member', async () => {
    expectError(await profileOf(newId()), 404, { code: 'NOT_FOUND' });
    expectError(await profileOf('nope'), 404, { code: 'NOT_FOUND' });
    const banned = await t.createUser({ name: 'Gone' });
    expect((await profileOf(banned.id)).statusCode).toBe(200);
    const ban = await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${banned.id}` });
    expect(ban.statusCode, ban.body).toBe(200);
    expectError(await profileOf(banned.id), 404, { code: 'NOT_FOUND' });
  });
});

describe('product replies carry sellerId and sellerRating', () => {
  it('in the list, the search, one listing and a seller’s public list (?sellerId=)', async () => {
    const { seller, buyer } = await people();
    const { requestId } = await completeTrade(t, seller, buyer);
    await review(t, buyer, requestId, { rating: 4 });
    await review(t, seller, requestId, { rating: 5 });
    const second = await completeTrade(t, seller, buyer);
    await review(t, buyer, second.requestId, { rating: 5 });
    await review(t, seller, second.requestId, { rating: 5 });
    const listed = await createProduct(t, seller, { name: 'Zebrawood harpsichord' });
    const rating = { average: 4.5, count: 2 };

    const one = (await t.injectAs(null, { method: 'GET', url: `/api/products/${listed}` })).json<Product>();
    expect(one).toMatchObject({ sellerId: seller.id, sellerRating: rating });
    const page = (await t.injectAs(null, { method: 'GET', url: '/api/products' })).json<Product[]>();
    expect(page.find((p) => p._id === listed)).toMatchObject({ sellerId: seller.id, sellerRating: rating });
    for (const p of page) expect(p.sellerRating).toEqual(expect.objectContaining({ count: expect.any(Number) }));
    const found = (await t.injectAs(null, { method: 'GET', url: '/api/products?q=harpsichord' })).json<Product[]>();
    expect(found.find((p) => p._id === listed)).toMatchObject({ sellerRating: rating });

    const theirs = (await t.injectAs(null, { method: 'GET', url: `/api/products?sellerId=${seller.id}` })).json<Product[]>();
    expect(theirs.map((p) => p._id)).toEqual([listed]); // sold listings are not for sale
    expect((await t.injectAs(null, { method: 'GET', url: `/api/products?sellerId=${newId()}` })).json()).toEqual([]);
    expect((await t.injectAs(null, { method: 'GET', url: '/api/products?sellerId=x' })).json()).toEqual([]);
    expectError(await t.injectAs(null, { method: 'GET', url: `/api/products?sellerId=${seller.id}&q=chair` }), 400, { code: 'VALIDATION' });
  });
});

describe('mails and live events', () => {
  const textOf = (raw: string) => Buffer.from(decodedBodyOf(raw), 'latin1').toString('utf8');

  it('the handover mails both parties "How was it?" with a link and sends a `review` event; a publication mails the reviewed member once', async () => {
    const { seller, buyer } = await people();
    const streams = await Promise.all([seller, buyer].map((u) => connectSse(`${base}/api/events`, { cookie: u.cookie })));
    clients.push(...streams);
    const { requestId } = await completeTrade(t, seller, buyer, { name: 'Tin soldier' });
    const link = `${PUBLIC_URL}/dashboard/requests/${requestId}`;
    for (const user of [seller, buyer]) {
      await expect.poll(() => smtp.to(user.email).filter((m) => subjectOf(m.raw).includes('How was it')).length, { timeout: 10_000 }).toBe(1);
      const mail = smtp.to(user.email).find((m) => subjectOf(m.raw).includes('How was it'))!;
      expect(textOf(mail.raw)).toContain(link);
    }
    for (const stream of streams) {
      const event = await stream.next('review', { timeoutMs: 10_000 });
      expect(event.data).toEqual({ requestId, kind: 'opened', productName: 'Tin soldier' });
    }

    await review(t, buyer, requestId, { rating: 5, text: 'Lovely' });
    await new Promise((r) => setTimeout(r, 1200));
    expect(smtp.to(seller.email).filter((m) => subjectOf(m.raw).includes('is published'))).toHaveLength(0);
    await review(t, seller, requestId, { rating: 4 });
    for (const user of [seller, buyer]) {
      await expect.poll(() => smtp.to(user.email).filter((m) => subjectOf(m.raw).includes('is published')).length, { timeout: 10_000 }).toBe(1);
      expect(textOf(smtp.to(user.email).find((m) => subjectOf(m.raw).includes('is published'))!.raw)).toContain(`${PUBLIC_URL}/sellers/${user.id}`);
    }
    const published = await streams[0]!.next('review', { timeoutMs: 10_000, where: (d) => (d as { kind: string }).kind === 'published' });
    expect(published.data).toMatchObject({ requestId, kind: 'published' });
  });

  it('no trade mail to a member who turned them off', async () => {
    const { seller, buyer } = await people();
    await t.injectAs(seller, { method: 'PATCH', url: '/api/users/me', payload: { notifyByEmail: false } });
    await completeTrade(t, seller, buyer);
    await expect.poll(() => smtp.to(buyer.email).filter((m) => subjectOf(m.raw).includes('How was it')).length, { timeout: 10_000 }).toBe(1);
    expect(smtp.to(seller.email).filter((m) => subjectOf(m.raw).includes('How was it'))).toHaveLength(0);
  });
});
