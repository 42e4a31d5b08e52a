// An offer's expiry (docs/product.md#offers), with offers that live a few seconds (OFFER_TTL_HOURS=0.001): the job
// expires it to the second and tells both parties, an accept racing the expiry has exactly one outcome, a closed
// request's offer is closed quietly, and the daily budget of offers holds (budgets at their real size here).
// PGlite, and PostgreSQL with TEST_DATABASE_URL (where the race is real concurrency).
import { eq } from 'drizzle-orm';
import type { BuyerProduct, Offer } from '@olden/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buyerRequests, offers } from '../../db/schema.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../test/harness.ts';
import { decodedBodyOf, startSmtp, subjectOf, type TestSmtp } from '../../test/smtp.ts';
import { answerOffer, makeOffer, offered, offersOf, pendingRequest } from './fixtures.ts';

// A shared machine: a fresh app with its job queue may take a while to start.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const TTL_HOURS = 0.001; // 3.6 seconds
let smtp: TestSmtp;
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ OFFER_TTL_HOURS: String(TTL_HOURS), JOB_POLL_MS: '500', SMTP_URL: smtp.url, PUBLIC_URL: 'https://olden.test.example' });
  seller = await t.createUser({ name: 'Sam Seller' });
  buyer = await t.createUser({ name: 'Bea Buyer' });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const stored = async (offerId: string) => (await t.database.db.select().from(offers).where(eq(offers.id, offerId)))[0]!;
const requestRow = async (id: string) => (await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, id)))[0]!;
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

describe('the expiry job', () => {
  it('expires an unanswered offer at its time, to the second, and tells both parties; answering it after: 409 OFFER_CLOSED', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer, { name: 'Copper jug' });
    const offerId = await offered(t, buyer, requestId, 80);
    const made = await stored(offerId);
    expect(made.expiresAt.getTime() - made.createdAt.getTime()).toBe(TTL_HOURS * 3600_000);
    // The new offer's mail claimed the seller's side of the thread's mail throttle: a quiet thread again, so both are mailed.
    await expect.poll(() => smtp.to(seller.email).some((m) => subjectOf(m.raw) === 'New offer for "Copper jug": $80.00'), { timeout: 10_000 }).toBe(true);
    await t.database.db.update(buyerRequests).set({ buyerMailedAt: null, sellerMailedAt: null }).where(eq(buyerRequests.id, requestId));
    const sellerMails = smtp.to(seller.email).length;

    await expect.poll(async () => (await stored(offerId)).status, { timeout: 15_000, interval: 100 }).toBe('expired');
    const expired = await stored(offerId);
    expect(expired.answeredAt!.getTime()).toBeGreaterThanOrEqual(made.expiresAt.getTime());
    expect(expired.answeredAt!.getTime() - made.expiresAt.getTime()).toBeLessThan(5000);
    expect((await offersOf(t, seller, requestId))[0]!.status).toBe('expired');
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'accept' }), 409, { code: 'OFFER_CLOSED' });
    expect((await requestRow(requestId)).status).toBe('Pending');

    await expect.poll(() => smtp.to(buyer.email).some((m) => subjectOf(m.raw) === 'Offer expired for "Copper jug"'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => smtp.to(seller.email).length, { timeout: 10_000 }).toBe(sellerMails + 1);
    expect(decodedBodyOf(smtp.to(seller.email).at(-1)!.raw)).toContain('Bea Buyer\'s offer of $80.00 for "Copper jug" expired unanswered');
    // The job again (a retry) changes nothing; and the buyer may offer again.
    await t.services.offers.expire(offerId);
    expect((await stored(offerId)).answeredAt).toEqual(expired.answeredAt);
    expect((await makeOffer(t, buyer, requestId, 85)).statusCode).toBe(201);
  });

  it('an offer read after its time but before its job is already expired, and a new offer replaces it', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer);
    const offerId = await offered(t, buyer, requestId, 80);
    // Its job is not due before expiresAt; move the time past it (as if the queue were late).
    await t.database.db.update(offers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(offers.id, offerId));
    expect((await offersOf(t, buyer, requestId))[0]!.status).toBe('expired');
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'accept' }), 409, { code: 'OFFER_CLOSED' });
    const next = await makeOffer(t, buyer, requestId, 82);
    expect(next.statusCode, next.body).toBe(201);
    expect((await stored(offerId)).status).toBe('expired');
  });

  it('closes the open offer of a request cancelled meanwhile, quietly', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer, { name: 'Pewter mug' });
    const offerId = await offered(t, buyer, requestId, 80);
    await t.database.db.update(buyerRequests).set({ buyerMailedAt: null, sellerMailedAt: null }).where(eq(buyerRequests.id, requestId));
    expect((await t.injectAs(buyer, { method: 'DELETE', url: `/api/buyerProduct/${requestId}` })).statusCode).toBe(200);
    await expect.poll(async () => (await stored(offerId)).status, { timeout: 15_000, interval: 100 }).toBe('closed');
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.delivered.filter((m) => subjectOf(m.raw) === 'Offer expired for "Pewter mug"')).toEqual([]);
  });
});

describe('an accept racing the expiry', () => {
  it('has exactly one outcome: accepted at the agreed price, or refused with the offer expired and the request Pending', async () => {
    const trades = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async () => {
        const b = await t.createUser();
        const { requestId, productId } = await pendingRequest(t, seller, b, { price: '100' });
        return { requestId, productId, offerId: await offered(t, b, requestId, 70) };
      }),
    );
    const outcomes = await Promise.all(
      trades.map(async ({ requestId, offerId }, i) => {
        const expiresAt = (await stored(offerId)).expiresAt.getTime();
        // Around the expiry, from 60 ms before to 60 ms after, and the job itself at the same moment.
        await sleepUntil(expiresAt - 60 + i * 24);
        const [res] = await Promise.all([answerOffer(t, seller, requestId, offerId, { action: 'accept' }), t.services.offers.expire(offerId)]);
        return { requestId, offerId, status: res.statusCode, body: res.json<{ offer: Offer; request: BuyerProduct } & { code?: string }>() };
      }),
    );
    for (const o of outcomes) {
      if (o.status === 200) {
        expect(o.body.request).toMatchObject({ status: 'Accepted', agreedPrice: 70 });
        expect((await stored(o.offerId)).status).toBe('accepted');
        expect((await requestRow(o.requestId)).agreedPriceCents).toBe(7000);
      } else {
        expect(o.status).toBe(409);
        expect(o.body.code).toBe('OFFER_CLOSED');
        await expect.poll(async () => (await stored(o.offerId)).status, { timeout: 15_000, interval: 100 }).toBe('expired');
        expect(await requestRow(o.requestId)).toMatchObject({ status: 'Pending', agreedPriceCents: null });
      }
    }
  });
});

describe('the daily budget', () => {
  it('20 offers a day per user, refused amounts included (so the floor cannot be probed): the 21st is 429', async () => {
    const haggler = await t.createUser({ name: 'Hal Haggler' });
    let made = 0;
    for (let r = 0; r < 4; r++) {
      const { requestId } = await pendingRequest(t, seller, haggler);
      if (r === 0) expectError(await makeOffer(t, haggler, requestId, 10), 409, { code: 'OFFER_TOO_LOW' });
      for (let i = 0; i < (r === 0 ? 4 : 5); i++) {
        const offerId = await offered(t, haggler, requestId, 60 + i);
        made += 1;
        expect((await answerOffer(t, seller, requestId, offerId, { action: 'decline' })).statusCode).toBe(200);
      }
    }
    expect(made).toBe(19);
    const { requestId } = await pendingRequest(t, seller, haggler);
    expectError(await makeOffer(t, haggler, requestId, 60), 429, { code: 'RATE_LIMITED' });
    expect(await offersOf(t, haggler, requestId)).toEqual([]);
  });
});
