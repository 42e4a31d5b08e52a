// Offers on a buy request (docs/product.md#offers): every transition and refusal per role, the floor never told, the
// agreed price carried into carts, history and the export, live events and mails from a real SMTP server on loopback.
// PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { eq } from 'drizzle-orm';
import type { BuyerProduct, Offer, OfferEvent, Product } from '@olden/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerRequests, products } from '../../db/schema.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../test/harness.ts';
import { decodedBodyOf, startSmtp, subjectOf, type TestSmtp } from '../../test/smtp.ts';
import { connectSse } from '../../test/sse.ts';
import { createProduct } from '../products/fixtures.ts';
import { answerOffer, makeOffer, offered, offersOf, pendingRequest } from './fixtures.ts';

const PUBLIC_URL = 'https://olden.test.example';
let smtp: TestSmtp;
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  // Many listings and offers from few users: budgets x10.
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT_FACTOR: '10' });
  seller = await t.createUser({ name: 'Sam Seller' });
  buyer = await t.createUser({ name: 'Bea Buyer' });
  other = await t.createUser({ name: 'Otto Other' });
  admin = await t.createUser({ name: 'Root', role: 'admin' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const request = async (user: TestUser, id: string) => (await t.injectAs(user, { method: 'GET', url: `/api/buyerProduct/${id}` })).json<BuyerProduct>();
const listing = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('making an offer', () => {
  it('the buyer of a Pending request offers below the price: 201 with the open offer, expiring OFFER_TTL_HOURS later', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer);
    const res = await makeOffer(t, buyer, requestId, '80.50');
    expect(res.statusCode, res.body).toBe(201);
    const { offer } = res.json<{ offer: Offer }>();
    expect(offer).toMatchObject({ requestId, amount: 80.5, by: 'buyer', status: 'open', answeredAt: null });
    expect(Date.parse(offer.expiresAt) - Date.parse(offer.createdAt)).toBe(48 * 3600_000);
    expect(await offersOf(t, seller, requestId)).toEqual([offer]);
    expect(await offersOf(t, admin, requestId)).toEqual([offer]);
  });

  it('refuses everyone but the buyer: 401 signed out, 404 a stranger, 403 the seller and an admin', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer);
    expect((await makeOffer(t, null, requestId, 80)).statusCode).toBe(401);
    expectError(await makeOffer(t, other, requestId, 80), 404, { code: 'NOT_FOUND' });
    expectError(await makeOffer(t, seller, requestId, 80), 403, { code: 'NOT_YOURS' });
    expectError(await makeOffer(t, admin, requestId, 80), 403, { code: 'NOT_YOURS' });
    expectError(await makeOffer(t, buyer, 'not-an-id', 80), 404, { code: 'NOT_FOUND' });
    expect((await t.injectAs(other, { method: 'GET', url: `/api/buyerProduct/${requestId}/offers` })).statusCode).toBe(404);
    expect((await t.injectAs(null, { method: 'GET', url: `/api/buyerProduct/${requestId}/offers` })).statusCode).toBe(401);
    expect(await offersOf(t, buyer, requestId)).toEqual([]);
  });

  it('validates the amount like a price: positive, at most two decimals', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer);
    for (const amount of [0, -5, 1.234, 'abc', '', null, '1e3', 100_000_001]) {
      expectError(await makeOffer(t, buyer, requestId, amount), 400, { code: 'VALIDATION' });
    }
    expect((await t.injectAs(buyer, { method: 'POST', url: `/api/buyerProduct/${requestId}/offers`, payload: { amount: 80, extra: 1 } })).statusCode).toBe(400);
    expect(await offersOf(t, buyer, requestId)).toEqual([]);
  });

  it('below the price and at least the floor (half the price by default), without telling the floor', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer, { price: '100' });
    expectError(await makeOffer(t, buyer, requestId, 100), 409, { code: 'OFFER_TOO_HIGH' });
    expectError(await makeOffer(t, buyer, requestId, 120), 409, { code: 'OFFER_TOO_HIGH' });
    const low = await makeOffer(t, buyer, requestId, 49.99);
    expectError(low, 409, { code: 'OFFER_TOO_LOW' });
    expect(low.body).not.toMatch(/50/);
    expect((await makeOffer(t, buyer, requestId, 50)).statusCode).toBe(201);

    const custom = await pendingRequest(t, seller, buyer, { price: '100', offerFloor: '72.5' });
    const refused = await makeOffer(t, buyer, custom.requestId, 72.49);
    expectError(refused, 409, { code: 'OFFER_TOO_LOW' });
    expect(refused.body).not.toMatch(/72/);
    expect((await makeOffer(t, buyer, custom.requestId, 72.5)).statusCode).toBe(201);
  });

  it('one open offer per request (409 OFFER_OPEN); none on a listing that takes no offers (409 OFFERS_OFF)', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer);
    await offered(t, buyer, requestId, 80);
    expectError(await makeOffer(t, buyer, requestId, 85), 409, { code: 'OFFER_OPEN' });
    expect(await offersOf(t, buyer, requestId)).toHaveLength(1);

    const off = await pendingRequest(t, seller, buyer, { acceptOffers: false });
    expectError(await makeOffer(t, buyer, off.requestId, 80), 409, { code: 'OFFERS_OFF' });
  });

  it('at most 5 offers per request from the buyer (429 OFFER_LIMIT), counters included', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer);
    for (let i = 0; i < 4; i++) {
      const id = await offered(t, buyer, requestId, 60 + i);
      expect((await answerOffer(t, seller, requestId, id, { action: 'decline' })).statusCode).toBe(200);
    }
    const fifth = await offered(t, buyer, requestId, 70);
    const counter = (await answerOffer(t, seller, requestId, fifth, { action: 'counter', amount: 90 })).json<{ counter: Offer }>().counter;
    // The buyer's counter would be their sixth offer.
    expectError(await answerOffer(t, buyer, requestId, counter._id, { action: 'counter', amount: 75 }), 429, { code: 'OFFER_LIMIT' });
    expect((await answerOffer(t, buyer, requestId, counter._id, { action: 'decline' })).statusCode).toBe(200);
    expectError(await makeOffer(t, buyer, requestId, 80), 429, { code: 'OFFER_LIMIT' });
    expect((await offersOf(t, buyer, requestId)).filter((o) => o.by === 'buyer')).toHaveLength(5);
  });

  it('no offer on a request that is accepted, cancelled or declined (409 REQUEST_CLOSED)', async () => {
    const accepted = await pendingRequest(t, seller, buyer);
    await t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${accepted.requestId}`, payload: { status: 'Accepted' } });
    expectError(await makeOffer(t, buyer, accepted.requestId, 80), 409, { code: 'REQUEST_CLOSED' });
    const cancelled = await pendingRequest(t, seller, buyer);
    await t.injectAs(buyer, { method: 'DELETE', url: `/api/buyerProduct/${cancelled.requestId}` });
    expectError(await makeOffer(t, buyer, cancelled.requestId, 80), 409, { code: 'REQUEST_CLOSED' });
  });
});

describe('answering an offer', () => {
  it('only the party who did not make the open offer: 403 its maker and an admin, 404 a stranger or another request’s offer', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer);
    const offerId = await offered(t, buyer, requestId, 80);
    const elsewhere = await pendingRequest(t, seller, buyer);
    for (const action of ['accept', 'decline'] as const) {
      expectError(await answerOffer(t, buyer, requestId, offerId, { action }), 403, { code: 'NOT_YOURS' });
      expectError(await answerOffer(t, admin, requestId, offerId, { action }), 403, { code: 'NOT_YOURS' });
      expectError(await answerOffer(t, other, requestId, offerId, { action }), 404, { code: 'NOT_FOUND' });
      expect((await answerOffer(t, null, requestId, offerId, { action })).statusCode).toBe(401);
      expectError(await answerOffer(t, seller, elsewhere.requestId, offerId, { action }), 404, { code: 'NOT_FOUND' });
      expectError(await answerOffer(t, seller, requestId, 'nope', { action }), 404, { code: 'NOT_FOUND' });
    }
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'counter' }), 400, { code: 'VALIDATION' });
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'accept', amount: 90 }), 400, { code: 'VALIDATION' });
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'haggle' }), 400, { code: 'VALIDATION' });
    expect((await offersOf(t, buyer, requestId))[0]!.status).toBe('open');
    expect((await request(buyer, requestId)).status).toBe('Pending');
  });

  it('decline: the offer is declined, the request stays Pending, and the buyer may offer again', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer);
    const offerId = await offered(t, buyer, requestId, 80);
    const res = await answerOffer(t, seller, requestId, offerId, { action: 'decline' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ offer: Offer; counter: Offer | null; request: BuyerProduct }>();
    expect(body.offer).toMatchObject({ _id: offerId, status: 'declined' });
    expect(body.offer.answeredAt).not.toBeNull();
    expect(body.counter).toBeNull();
    expect(body.request).toMatchObject({ _id: requestId, status: 'Pending', agreedPrice: null });
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'accept' }), 409, { code: 'OFFER_CLOSED' });
    expect((await makeOffer(t, buyer, requestId, 85)).statusCode).toBe(201);
  });

  it('counter and accept: the seller counters, the buyer accepts, the request is Accepted at the agreed price', async () => {
    const { productId, requestId } = await pendingRequest(t, seller, buyer, { price: '100' });
    const offerId = await offered(t, buyer, requestId, 70);
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'counter', amount: 70 }), 409, { code: 'OFFER_TOO_LOW' });
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'counter', amount: 100 }), 409, { code: 'OFFER_TOO_HIGH' });
    const countered = await answerOffer(t, seller, requestId, offerId, { action: 'counter', amount: 90 });
    expect(countered.statusCode, countered.body).toBe(200);
    const { offer, counter } = countered.json<{ offer: Offer; counter: Offer }>();
    expect(offer).toMatchObject({ _id: offerId, status: 'countered' });
    expect(counter).toMatchObject({ by: 'seller', amount: 90, status: 'open' });
    // Now the buyer answers, and the seller may not.
    expectError(await answerOffer(t, seller, requestId, counter._id, { action: 'accept' }), 403, { code: 'NOT_YOURS' });
    expectError(await answerOffer(t, buyer, requestId, counter._id, { action: 'counter', amount: 90 }), 409, { code: 'OFFER_TOO_HIGH' });
    expectError(await answerOffer(t, buyer, requestId, counter._id, { action: 'counter', amount: 49 }), 409, { code: 'OFFER_TOO_LOW' });
    expectError(await makeOffer(t, buyer, requestId, 80), 409, { code: 'OFFER_OPEN' });

    const accepted = await answerOffer(t, buyer, requestId, counter._id, { action: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = accepted.json<{ offer: Offer; request: BuyerProduct }>();
    expect(after.offer).toMatchObject({ _id: counter._id, status: 'accepted' });
    expect(after.request).toMatchObject({ status: 'Accepted', agreedPrice: 90, price: 100 });
    expect((await listing(productId)).status).toBe('reserved');
    expect((await offersOf(t, seller, requestId)).map((o) => [o.by, o.amount, o.status])).toEqual([
      ['buyer', 70, 'countered'],
      ['seller', 90, 'accepted'],
    ]);
    expectError(await answerOffer(t, buyer, requestId, counter._id, { action: 'accept' }), 409, { code: 'OFFER_CLOSED' });
    expectError(await makeOffer(t, buyer, requestId, 80), 409, { code: 'REQUEST_CLOSED' });
  });

  it('accepting while the listing is reserved for another request: 409 LISTING_UNAVAILABLE, the offer stays open', async () => {
    const { productId, requestId } = await pendingRequest(t, seller, buyer);
    const offerId = await offered(t, buyer, requestId, 80);
    const rival = await t.injectAs(other, { method: 'POST', url: '/api/buyerProduct', payload: { productId, phoneNumber: '0123456789', buyerAddress: '2 Side St' } });
    const rivalId = rival.json<{ insertedId: string }>().insertedId;
    expect((await t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${rivalId}`, payload: { status: 'Accepted' } })).statusCode).toBe(200);
    expectError(await answerOffer(t, seller, requestId, offerId, { action: 'accept' }), 409, { code: 'LISTING_UNAVAILABLE' });
    expect((await offersOf(t, buyer, requestId))[0]!.status).toBe('open');
    expect((await request(buyer, requestId))).toMatchObject({ status: 'Pending', agreedPrice: null });
  });

  it('cancelling, declining or accepting the request at its price closes its open offer (409 OFFER_CLOSED after)', async () => {
    for (const close of [
      (id: string) => t.injectAs(buyer, { method: 'DELETE', url: `/api/buyerProduct/${id}` }),
      (id: string) => t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${id}`, payload: { status: 'Declined' } }),
      (id: string) => t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${id}`, payload: { status: 'Accepted' } }),
    ]) {
      const { requestId } = await pendingRequest(t, seller, buyer);
      const offerId = await offered(t, buyer, requestId, 80);
      expect((await close(requestId)).statusCode).toBe(200);
      expect((await offersOf(t, buyer, requestId))[0]).toMatchObject({ _id: offerId, status: 'closed' });
      expectError(await answerOffer(t, seller, requestId, offerId, { action: 'accept' }), 409, { code: 'OFFER_CLOSED' });
      expect((await request(buyer, requestId)).agreedPrice).toBeNull();
    }
  });
});

describe('the agreed price', () => {
  it('is in the cart, the seller’s requests, the history after the handover, and the export; the listed price stays', async () => {
    const { requestId } = await pendingRequest(t, seller, buyer, { price: '200' });
    const offerId = await offered(t, buyer, requestId, 150);
    await answerOffer(t, seller, requestId, offerId, { action: 'accept' });
    const cart = (await t.injectAs(buyer, { method: 'GET', url: `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}` })).json<BuyerProduct[]>();
    expect(cart.find((r) => r._id === requestId)).toMatchObject({ price: 200, agreedPrice: 150, status: 'Accepted' });
    const toSeller = (await t.injectAs(seller, { method: 'GET', url: `/api/buyerProduct?email=${encodeURIComponent(seller.email)}` })).json<BuyerProduct[]>();
    expect(toSeller.find((r) => r._id === requestId)).toMatchObject({ agreedPrice: 150 });

    expect((await t.injectAs(seller, { method: 'DELETE', url: `/api/buyerProduct/${requestId}` })).statusCode).toBe(200);
    const history = (await t.injectAs(buyer, { method: 'GET', url: `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}&status=closed` })).json<BuyerProduct[]>();
    expect(history.find((r) => r._id === requestId)).toMatchObject({ status: 'Completed', price: 200, agreedPrice: 150 });
    const [row] = await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, requestId));
    expect(row!.agreedPriceCents).toBe(15000);

    const exported = (await t.services.lifecycle.exportFor(buyer.id)) as Record<string, Record<string, unknown[]>>;
    const flat = JSON.stringify(exported);
    expect(flat).toContain(`"agreedPrice":150`);
    expect(flat).toContain(offerId);
  });
});

describe('the floor', () => {
  it('is in the seller’s own read only: never in a reply to a visitor, another member, the buyer or an admin', async () => {
    const productId = await createProduct(t, seller, { name: 'Secret floor clock', price: '300', offerFloor: '222.22' });
    const own = (await t.injectAs(seller, { method: 'GET', url: `/api/products/${productId}` })).json<Product>();
    expect(own).toMatchObject({ acceptOffers: true, offerFloor: 222.22 });
    const { requestId } = await pendingRequest(t, seller, buyer, { name: 'Default floor clock', price: '300' });
    const defaultFloor = (await t.injectAs(seller, { method: 'GET', url: `/api/products/${(await request(seller, requestId)).productId}` })).json<Product>();
    expect(defaultFloor.offerFloor).toBeNull();

    const reads = [
      `/api/products/${productId}`,
      `/api/products/${productId}/similar`,
      '/api/products',
      '/api/products?q=clock',
      '/api/products?category=homeAndLiving',
      `/api/products?sellerId=${seller.id}`,
      `/api/products?email=${encodeURIComponent(seller.email)}`,
      `/api/buyerProduct/${requestId}`,
      `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}`,
      `/api/users/${seller.id}/profile`,
      `/products/${productId}`,
      `/sellers/${seller.id}`,
    ];
    let checked = 0;
    for (const user of [null, other, buyer, admin]) {
      for (const url of reads) {
        const res = await t.injectAs(user, { method: 'GET', url });
        if (res.statusCode !== 200) continue;
        checked += 1;
        expect(res.body, `${url} as ${user?.name ?? 'a visitor'}`).not.toMatch(/offerFloor|offer_floor|222\.22|22222/);
      }
    }
    // The seller's own list too: only their single read carries it.
    const ownList = await t.injectAs(seller, { method: 'GET', url: `/api/products?email=${encodeURIComponent(seller.email)}` });
    expect(ownList.body).not.toContain('offerFloor');
    expect(checked).toBeGreaterThan(30);
    // Every product reply says whether offers are on.
    const page = (await t.injectAs(null, { method: 'GET', url: '/api/products' })).json<Product[]>();
    expect(page.length).toBeGreaterThan(0);
    for (const p of page) expect(typeof p.acceptOffers).toBe('boolean');
  });

  it('is validated like the price, not above it; left out of an edit it stays, null takes it back to the default', async () => {
    const productId = await createProduct(t, seller, { price: '100', offerFloor: 60 });
    expect((await listing(productId)).offerFloorCents).toBe(6000);
    const edit = (body: Record<string, unknown>) =>
      t.injectAs(seller, { method: 'PATCH', url: `/api/products/${productId}`, payload: { ...baseBody, ...body } });
    const baseBody = {
      image1: 'https://img.test.example/1.jpg', image2: 'https://img.test.example/2.jpg', image3: 'https://img.test.example/3.jpg',
      image4: 'https://img.test.example/4.jpg', name: 'Edited', age: 1, date: '2024-05-01', category: 'homeAndLiving',
      shortDescription: 'Short', longDescription: 'Long', price: '100', uploaderPhone: '0123456789', uploaderLocation: 'Leeds',
    };
    expectError(await edit({ offerFloor: 100.01 }), 400, { code: 'VALIDATION' });
    expectError(await edit({ offerFloor: 'cheap' }), 400, { code: 'VALIDATION' });
    expectError(await edit({ offerFloor: 1.001 }), 400, { code: 'VALIDATION' });
    expectError(await edit({ acceptOffers: 'yes' }), 400, { code: 'VALIDATION' });
    expect((await listing(productId)).offerFloorCents).toBe(6000);
    expect((await edit({})).statusCode).toBe(200);
    expect(await listing(productId)).toMatchObject({ offerFloorCents: 6000, acceptOffers: true });
    expect((await edit({ acceptOffers: false, offerFloor: null })).statusCode).toBe(200);
    expect(await listing(productId)).toMatchObject({ offerFloorCents: null, acceptOffers: false });
    // Another member may not change it (nor anything else of the listing).
    expect((await t.injectAs(other, { method: 'PATCH', url: `/api/products/${productId}`, payload: { ...baseBody, acceptOffers: true } })).statusCode).toBe(403);
    expect((await listing(productId)).acceptOffers).toBe(false);
  });
});

describe('told live and by mail', () => {
  it('an offer event to both parties for each offer made or answered', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    const { requestId } = await pendingRequest(t, seller, buyer);
    const streams = await Promise.all([buyer, seller, other].map((u) => connectSse(`${base}/api/events`, { authorization: `Bearer ${u.token}` })));
    try {
      const offerId = await offered(t, buyer, requestId, 81);
      for (const s of streams.slice(0, 2)) {
        const e = await s.next('offer', { timeoutMs: 5000 });
        expect(e.data).toMatchObject({ requestId, offer: { _id: offerId, status: 'open', amount: 81 } });
      }
      await answerOffer(t, seller, requestId, offerId, { action: 'accept' });
      for (const s of streams.slice(0, 2)) {
        const e = await s.next('offer', { timeoutMs: 5000, where: (d) => (d as OfferEvent).offer.status === 'accepted' });
        expect((e.data as OfferEvent).offer._id).toBe(offerId);
      }
      await expect(streams[2]!.next('offer', { timeoutMs: 500 })).rejects.toThrow();
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('mails the other party of a new offer or counter, both of an answer, within the thread’s mail throttle', async () => {
    const mailSeller = await t.createUser({ name: 'Mia Mailseller' });
    const mailBuyer = await t.createUser({ name: 'Max Mailbuyer' });
    const { requestId } = await pendingRequest(t, mailSeller, mailBuyer, { name: 'Brass kettle', price: '40' });
    // A quiet thread: nobody mailed about it within the throttle (the request's own mail claims no mark, but be sure).
    const quiet = () => t.database.db.update(buyerRequests).set({ buyerMailedAt: null, sellerMailedAt: null }).where(eq(buyerRequests.id, requestId));
    await expect.poll(() => smtp.to(mailSeller.email).length, { timeout: 10_000 }).toBe(1);
    await quiet();
    const offerId = await offered(t, mailBuyer, requestId, 30);
    await expect.poll(() => smtp.to(mailSeller.email).length, { timeout: 10_000 }).toBe(2);
    const made = smtp.to(mailSeller.email)[1]!;
    expect(subjectOf(made.raw)).toContain('New offer for "Brass kettle": $30.00');
    expect(decodedBodyOf(made.raw)).toContain(`${PUBLIC_URL}/dashboard/requests/${requestId}`);

    const counter = (await answerOffer(t, mailSeller, requestId, offerId, { action: 'counter', amount: 35 })).json<{ counter: Offer }>().counter;
    await expect.poll(() => smtp.to(mailBuyer.email).length, { timeout: 10_000 }).toBe(1);
    expect(subjectOf(smtp.to(mailBuyer.email)[0]!.raw)).toContain('Counter-offer for "Brass kettle": $35.00');

    // Within 15 minutes of their last mail about this thread, nobody is mailed again; after it, both hear of the accept.
    const sellerBefore = smtp.to(mailSeller.email).length;
    await quiet();
    expect((await answerOffer(t, mailBuyer, requestId, counter._id, { action: 'accept' })).statusCode).toBe(200);
    await expect.poll(() => smtp.to(mailSeller.email).length, { timeout: 10_000 }).toBe(sellerBefore + 1);
    expect(subjectOf(smtp.to(mailSeller.email).at(-1)!.raw)).toContain('Offer accepted for "Brass kettle": $35.00');
    // The buyer: the offer's mail and the request's own "accepted" mail, which names the agreed price.
    await expect.poll(() => smtp.to(mailBuyer.email).length, { timeout: 10_000 }).toBe(3);
    const buyerMail = smtp.to(mailBuyer.email).map((m) => decodedBodyOf(m.raw)).join('\n');
    expect(buyerMail).toContain('The agreed price is $35.00.');
    expect(buyerMail).toContain("Mia Mailseller's counter-offer of $35.00 for \"Brass kettle\" was accepted");
  });
});
