// The request lifecycle (docs/product.md#trade-lifecycle): every transition and every refused one,
// for each caller (buyer, seller, another user, admin, anonymous), the concurrent-accept race, the handover,
// history lists, and what a listing's status does to browsing and buying. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL (where the race is real concurrency).
import { eq } from 'drizzle-orm';
import type { BuyerProduct, Product } from '@olden/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buyerRequests, products, requestMessages } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { expectError, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { createProduct, productBody } from '../products/fixtures.ts';

// One seller makes many listings here: budgets x10 (30 listings an hour is the real limit).
const getApp = useTestApp({ RATE_LIMIT_FACTOR: '10' });

let seller: TestUser;
let buyer: TestUser;
let buyer2: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  const t = getApp();
  seller = await t.createUser({ name: 'Sam Seller' });
  buyer = await t.createUser({ name: 'Bea Buyer' });
  buyer2 = await t.createUser({ name: 'Bo Second' });
  other = await t.createUser({ name: 'Otto Other' });
  admin = await t.createUser({ name: 'Root', role: 'admin' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function buy(t: TestApp, user: TestUser, productId: string) {
  return t.injectAs(user, {
    method: 'POST',
    url: '/api/buyerProduct',
    payload: { productId, phoneNumber: '0123456789', buyerAddress: '1 Main St' },
  });
}

/** A fresh listing of the seller's with a Pending request from each of `buyers`. */
async function listingWithRequests(t: TestApp, buyers: TestUser[], overrides: Record<string, unknown> = {}) {
  const productId = await createProduct(t, seller, { name: `Lamp ${newId().slice(-6)}`, ...overrides });
  const requestIds: string[] = [];
  for (const b of buyers) {
    const res = await buy(t, b, productId);
    expect(res.statusCode, res.body).toBe(200);
    requestIds.push(res.json<{ insertedId: string }>().insertedId);
  }
  return { productId, requestIds };
}

const decide = (t: TestApp, user: TestUser | null, id: string, status: unknown) =>
  t.injectAs(user, { method: 'PATCH', url: `/api/buyerProduct/${id}`, payload: { status } });
const remove = (t: TestApp, user: TestUser | null, id: string) => t.injectAs(user, { method: 'DELETE', url: `/api/buyerProduct/${id}` });

async function requestRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, id));
  return row!;
}
async function listingStatus(t: TestApp, id: string): Promise<string> {
  const res = await t.injectAs(null, { method: 'GET', url: `/api/products/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json<Product>().status;
}
async function list(t: TestApp, user: TestUser, query: string): Promise<BuyerProduct[]> {
  const res = await t.injectAs(user, { method: 'GET', url: `/api/buyerProduct?${query}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BuyerProduct[]>();
}
const cartOf = (t: TestApp, user: TestUser, view = 'open') =>
  list(t, user, `buyerEmail=${encodeURIComponent(user.email)}&status=${view}`);
const requestsTo = (t: TestApp, user: TestUser, view = 'open') => list(t, user, `email=${encodeURIComponent(user.email)}&status=${view}`);

describe('PATCH /api/buyerProduct/:id (accept, decline)', () => {
  it('the seller accepts: 200 with the request, the listing reserved, the buyer told', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const { productId, requestIds } = await listingWithRequests(t, [buyer]);
    const res = await decide(t, seller, requestIds[0]!, 'Accepted');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BuyerProduct>();
    expect(body).toMatchObject({ _id: requestIds[0], productId, status: 'Accepted', buyerEmail: buyer.email, email: seller.email, unreadMessages: 0 });
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(body.createdAt));
    expect(await listingStatus(t, productId)).toBe('reserved');
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed.mock.calls[0]![0]).toMatchObject({ id: requestIds[0], status: 'Accepted' });
    expect(changed.mock.calls[0]!.slice(1)).toEqual(['Pending', 'seller']);
    // Still open: in the cart and in the seller's requests, with its status.
    expect((await cartOf(t, buyer)).find((r) => r._id === requestIds[0])?.status).toBe('Accepted');
    expect((await requestsTo(t, seller)).find((r) => r._id === requestIds[0])?.status).toBe('Accepted');
  });

  it('anonymous 401, the buyer and another user 403 NOT_YOURS, unknown and malformed ids 404: nothing changes', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const { productId, requestIds } = await listingWithRequests(t, [buyer]);
    const id = requestIds[0]!;
    expect((await decide(t, null, id, 'Accepted')).statusCode).toBe(401);
    for (const user of [buyer, other]) {
      expectError(await decide(t, user, id, 'Accepted'), 403, {
        code: 'NOT_YOURS',
        message: 'Only the seller or an admin may accept or decline this request',
      });
      expectError(await decide(t, user, id, 'Declined'), 403, { code: 'NOT_YOURS' });
    }
    expectError(await decide(t, seller, newId(), 'Accepted'), 404, { code: 'NOT_FOUND' });
    expectError(await decide(t, seller, 'not-an-id', 'Accepted'), 404, { code: 'NOT_FOUND' });
    expect((await requestRow(t, id)).status).toBe('Pending');
    expect(await listingStatus(t, productId)).toBe('available');
    expect(changed).not.toHaveBeenCalled();
  });

  it.each([
    ['a status the seller may not set', { status: 'Completed' }],
    ['Cancelled', { status: 'Cancelled' }],
    ['lower case', { status: 'accepted' }],
    ['no status', {}],
    ['an extra field', { status: 'Accepted', productId: 'x' }],
    ['an operator', { status: { $ne: null } }],
    ['a huge string', { status: 'A'.repeat(100_000) }],
  ])('%s is 400 and changes nothing', async (_label, payload) => {
    const t = getApp();
    const { requestIds } = await listingWithRequests(t, [buyer]);
    const res = await t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${requestIds[0]}`, payload });
    expect(res.statusCode).toBe(400);
    expect((await requestRow(t, requestIds[0]!)).status).toBe('Pending');
  });

  it('accepting when another request on the listing is accepted: 409 LISTING_UNAVAILABLE, nothing changes', async () => {
    const t = getApp();
    const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2]);
    expect((await decide(t, seller, requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    const res = await decide(t, seller, requestIds[1]!, 'Accepted');
    expectError(res, 409, { code: 'LISTING_UNAVAILABLE', message: 'This product is already reserved for another buyer, sold or removed' });
    expect((await requestRow(t, requestIds[1]!)).status).toBe('Pending');
    expect(await listingStatus(t, productId)).toBe('reserved');
  });

  it('accepting twice: 409 REQUEST_CLOSED "already accepted"', async () => {
    const t = getApp();
    const { requestIds } = await listingWithRequests(t, [buyer]);
    expect((await decide(t, seller, requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    expectError(await decide(t, seller, requestIds[0]!, 'Accepted'), 409, {
      code: 'REQUEST_CLOSED',
      message: 'This request is already accepted',
    });
  });

  it('declining a pending request: Declined, the listing stays available, the buyer told', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const { productId, requestIds } = await listingWithRequests(t, [buyer]);
    const res = await decide(t, seller, requestIds[0]!, 'Declined');
    expect(res.statusCode).toBe(200);
    expect(res.json<BuyerProduct>().status).toBe('Declined');
    expect(await listingStatus(t, productId)).toBe('available');
    expect(changed.mock.calls.map((c) => [c[0].id, c[1], c[2]])).toEqual([[requestIds[0], 'Pending', 'seller']]);
    // Gone from the open lists, in both histories.
    expect((await cartOf(t, buyer)).map((r) => r._id)).not.toContain(requestIds[0]);
    expect((await cartOf(t, buyer, 'closed')).find((r) => r._id === requestIds[0])?.status).toBe('Declined');
    expect((await requestsTo(t, seller, 'closed')).find((r) => r._id === requestIds[0])?.status).toBe('Declined');
  });

  it('declining the accepted request makes the listing available again; another request can then be accepted', async () => {
    const t = getApp();
    const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2]);
    expect((await decide(t, seller, requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    expect((await decide(t, seller, requestIds[0]!, 'Declined')).json<BuyerProduct>().status).toBe('Declined');
    expect(await listingStatus(t, productId)).toBe('available');
    expect((await decide(t, seller, requestIds[1]!, 'Accepted')).statusCode).toBe(200);
    expect(await listingStatus(t, productId)).toBe('reserved');
  });

  it('a closed request cannot be decided: 409 REQUEST_CLOSED with its status', async () => {
    const t = getApp();
    const { requestIds } = await listingWithRequests(t, [buyer, buyer2]);
    expect((await decide(t, seller, requestIds[0]!, 'Declined')).statusCode).toBe(200);
    expect((await remove(t, buyer2, requestIds[1]!)).statusCode).toBe(200);
    for (const status of ['Accepted', 'Declined']) {
      expectError(await decide(t, seller, requestIds[0]!, status), 409, {
        code: 'REQUEST_CLOSED',
        message: 'This request is closed: it was declined',
      });
      expectError(await decide(t, admin, requestIds[1]!, status), 409, {
        code: 'REQUEST_CLOSED',
        message: 'This request is closed: it was cancelled',
      });
    }
  });

  it('an admin accepts and declines as the seller (actor admin)', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const { productId, requestIds } = await listingWithRequests(t, [buyer]);
    const res = await decide(t, admin, requestIds[0]!, 'Accepted');
    expect(res.statusCode).toBe(200);
    // The admin is not a party: no unread count of theirs.
    expect(res.json<BuyerProduct>().unreadMessages).toBe(0);
    expect(await listingStatus(t, productId)).toBe('reserved');
    expect((await decide(t, admin, requestIds[0]!, 'Declined')).statusCode).toBe(200);
    expect(await listingStatus(t, productId)).toBe('available');
    expect(changed.mock.calls.map((c) => [c[1], c[2]])).toEqual([
      ['Pending', 'admin'],
      ['Accepted', 'admin'],
    ]);
  });
});

describe('the concurrent-accept race', () => {
  it('two requests on one listing accepted at once: exactly one 200 and one 409, one accepted request (5 rounds)', async () => {
    const t = getApp();
    for (let round = 0; round < 5; round++) {
      const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2]);
      const results = await Promise.all(requestIds.map((id) => decide(t, seller, id, 'Accepted')));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json<{ code: string }>().code).toBe('LISTING_UNAVAILABLE');
      const statuses = await Promise.all(requestIds.map(async (id) => (await requestRow(t, id)).status));
      expect(statuses.sort()).toEqual(['Accepted', 'Pending']);
      expect(await listingStatus(t, productId)).toBe('reserved');
    }
  });

  it('the seller accepts while the buyer cancels: the request ends either way, and the listing is consistent', async () => {
    const t = getApp();
    for (let round = 0; round < 3; round++) {
      const { productId, requestIds } = await listingWithRequests(t, [buyer]);
      const id = requestIds[0]!;
      await Promise.all([decide(t, seller, id, 'Accepted'), remove(t, buyer, id)]);
      expect((await requestRow(t, id)).status).toBe('Cancelled');
      expect(await listingStatus(t, productId)).toBe('available');
    }
  });
  it('a handover of one request while another is accepted: one 200, one 409, never a deadlock (5 rounds)', async () => {
    const t = getApp();
    for (let round = 0; round < 5; round++) {
      const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2]);
      const [handedOver, accepted] = requestIds as [string, string];
      const results = await Promise.all([remove(t, seller, handedOver), decide(t, seller, accepted, 'Accepted')]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join()).toEqual([200, 409]);
      const [a, b] = [(await requestRow(t, handedOver)).status, (await requestRow(t, accepted)).status];
      if (results[0]!.statusCode === 200) {
        expect([a, b]).toEqual(['Completed', 'Declined']);
        expect(await listingStatus(t, productId)).toBe('sold');
      } else {
        expect([a, b]).toEqual(['Pending', 'Accepted']);
        expect(await listingStatus(t, productId)).toBe('reserved');
      }
    }
  });

  it('deleting the listing while a request is accepted: no 5xx, and no request stays open (5 rounds)', async () => {
    const t = getApp();
    for (let round = 0; round < 5; round++) {
      const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2]);
      const results = await Promise.all([
        t.injectAs(seller, { method: 'DELETE', url: `/api/products/${productId}` }),
        decide(t, seller, requestIds[0]!, 'Accepted'),
        buy(t, other, productId),
      ]);
      expect(results[0]!.statusCode).toBe(200);
      for (const res of results) expect(res.statusCode, res.body).toBeLessThan(500);
      for (const id of requestIds) expect((await requestRow(t, id)).status).toBe('Declined');
      const [late] = await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.buyerId, other.id));
      expect(late?.productId === productId ? late.status : 'Declined').toBe('Declined');
    }
  });
});

describe('GET /api/buyerProduct/:id', () => {
  it('the buyer, the seller and an admin read it; another user 404 (not revealed), anonymous 401', async () => {
    const t = getApp();
    const { requestIds } = await listingWithRequests(t, [buyer]);
    const url = `/api/buyerProduct/${requestIds[0]}`;
    for (const user of [buyer, seller, admin]) {
      const res = await t.injectAs(user, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json<BuyerProduct>()).toMatchObject({ _id: requestIds[0], status: 'Pending', unreadMessages: 0 });
    }
    expectError(await t.injectAs(other, { method: 'GET', url }), 404, { code: 'NOT_FOUND', message: 'Buy request not found' });
    expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(401);
    expectError(await t.injectAs(other, { method: 'GET', url: `/api/buyerProduct/${newId()}` }), 404, { message: 'Buy request not found' });
    expect((await t.injectAs(admin, { method: 'GET', url: '/api/buyerProduct/abc' })).statusCode).toBe(404);
  });

  it('unreadMessages: the other party’s messages after the caller’s read mark, per caller', async () => {
    const t = getApp();
    const { requestIds } = await listingWithRequests(t, [buyer]);
    const id = requestIds[0]!;
    const { db } = t.database;
    const at = (ms: number) => new Date(Date.now() - 60_000 + ms);
    await db.insert(requestMessages).values([
      { id: newId(), requestId: id, senderId: buyer.id, body: 'Is it still there?', createdAt: at(0) },
      { id: newId(), requestId: id, senderId: buyer.id, body: 'I can come on Saturday', createdAt: at(1000) },
      { id: newId(), requestId: id, senderId: seller.id, body: 'Yes it is', createdAt: at(2000) },
    ]);
    const unread = async (user: TestUser) =>
      (await t.injectAs(user, { method: 'GET', url: `/api/buyerProduct/${id}` })).json<BuyerProduct>().unreadMessages;
    expect(await unread(seller)).toBe(2);
    expect(await unread(buyer)).toBe(1);
    expect(await unread(admin)).toBe(0);
    // The seller read up to the first message; the buyer read everything.
    await db.update(buyerRequests).set({ sellerReadAt: at(500), buyerReadAt: at(5000) }).where(eq(buyerRequests.id, id));
    expect(await unread(seller)).toBe(1);
    expect(await unread(buyer)).toBe(0);
    // The lists carry the same counts for their caller.
    expect((await requestsTo(t, seller)).find((r) => r._id === id)?.unreadMessages).toBe(1);
    expect((await cartOf(t, buyer)).find((r) => r._id === id)?.unreadMessages).toBe(0);
    expect((await list(t, admin, `email=${encodeURIComponent(seller.email)}`)).find((r) => r._id === id)?.unreadMessages).toBe(0);
  });
});

describe('DELETE /api/buyerProduct/:id (cancel, handover)', () => {
  it('the buyer cancels an accepted request: Cancelled, the listing available again, the seller told', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const { productId, requestIds } = await listingWithRequests(t, [buyer]);
    expect((await decide(t, seller, requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    const res = await remove(t, buyer, requestIds[0]!);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await requestRow(t, requestIds[0]!)).status).toBe('Cancelled');
    expect(await listingStatus(t, productId)).toBe('available');
    expect(changed.mock.calls.map((c) => [c[0].status, c[1], c[2]])).toEqual([
      ['Accepted', 'Pending', 'seller'],
      ['Cancelled', 'Accepted', 'buyer'],
    ]);
    // Kept for history; deleting it again is 404 as before (the spec's answer), for every party.
    expect((await cartOf(t, buyer, 'closed')).find((r) => r._id === requestIds[0])?.status).toBe('Cancelled');
    for (const user of [buyer, seller, admin]) expectError(await remove(t, user, requestIds[0]!), 404, { message: 'Buy request not found' });
    expect((await remove(t, other, requestIds[0]!)).statusCode).toBe(403);
  });

  it('the seller hands over an accepted request: Completed, the listing sold, the other open requests Declined', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const third = await t.createUser();
    const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2, third]);
    const [won, lost, cancelled] = requestIds as [string, string, string];
    expect((await remove(t, third, cancelled)).statusCode).toBe(200);
    expect((await decide(t, seller, won, 'Accepted')).statusCode).toBe(200);
    changed.mockClear();
    expect((await remove(t, seller, won)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await requestRow(t, won)).status).toBe('Completed');
    expect((await requestRow(t, lost)).status).toBe('Declined');
    // A request closed before keeps its status.
    expect((await requestRow(t, cancelled)).status).toBe('Cancelled');
    expect(await listingStatus(t, productId)).toBe('sold');
    expect(changed.mock.calls.map((c) => [c[0].id, c[0].status, c[1], c[2]])).toEqual([
      [won, 'Completed', 'Accepted', 'seller'],
      [lost, 'Declined', 'Pending', 'seller'],
    ]);
    expect((await cartOf(t, buyer, 'closed')).find((r) => r._id === won)?.status).toBe('Completed');
    expect((await cartOf(t, buyer2, 'closed')).find((r) => r._id === lost)?.status).toBe('Declined');
    expect((await requestsTo(t, seller)).map((r) => r.productId)).not.toContain(productId);
  });

  it('handing over a pending request accepts and completes it in one step (the spec’s seller)', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2]);
    expect((await remove(t, seller, requestIds[1]!)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await requestRow(t, requestIds[1]!)).status).toBe('Completed');
    expect((await requestRow(t, requestIds[0]!)).status).toBe('Declined');
    expect(await listingStatus(t, productId)).toBe('sold');
    expect(changed.mock.calls.map((c) => [c[0].status, c[1]])).toEqual([
      ['Completed', 'Pending'],
      ['Declined', 'Pending'],
    ]);
  });

  it('handing over a pending request while another is accepted: 409 LISTING_UNAVAILABLE, nothing changes', async () => {
    const t = getApp();
    const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2]);
    expect((await decide(t, seller, requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    expectError(await remove(t, seller, requestIds[1]!), 409, { code: 'LISTING_UNAVAILABLE' });
    expect((await requestRow(t, requestIds[0]!)).status).toBe('Accepted');
    expect((await requestRow(t, requestIds[1]!)).status).toBe('Pending');
    expect(await listingStatus(t, productId)).toBe('reserved');
  });

  it('an admin hands over as the seller (actor admin)', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const { productId, requestIds } = await listingWithRequests(t, [buyer]);
    expect((await remove(t, admin, requestIds[0]!)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await requestRow(t, requestIds[0]!)).status).toBe('Completed');
    expect(await listingStatus(t, productId)).toBe('sold');
    expect(changed.mock.calls.map((c) => c[2])).toEqual(['admin']);
  });

  it('anonymous 401 and another user 403 change nothing', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const { productId, requestIds } = await listingWithRequests(t, [buyer]);
    expect((await remove(t, null, requestIds[0]!)).statusCode).toBe(401);
    expectError(await remove(t, other, requestIds[0]!), 403, { code: 'NOT_YOURS' });
    expect((await requestRow(t, requestIds[0]!)).status).toBe('Pending');
    expect(await listingStatus(t, productId)).toBe('available');
    expect(changed).not.toHaveBeenCalled();
  });
});

describe('listings: reserved and sold', () => {
  it('a sold listing leaves the timeline, its category and search, but stays by id and in the seller’s own list', async () => {
    const t = getApp();
    const name = `Zebrawood sideboard ${newId().slice(-6)}`;
    const { productId, requestIds } = await listingWithRequests(t, [buyer], { name, category: 'electronics' });
    const ids = async (url: string, user: TestUser | null = null) => {
      const res = await t.injectAs(user, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.json<Product[]>().map((p) => p._id);
    };
    const own = `/api/products?email=${encodeURIComponent(seller.email)}&limit=100`;
    const browsing = ['/api/products?limit=100', '/api/products?category=electronics&limit=100', `/api/products?q=${encodeURIComponent('zebrawood sideboard')}`];
    for (const url of browsing) expect(await ids(url), url).toContain(productId);
    // Reserved listings stay on sale (shown with their badge).
    expect((await decide(t, seller, requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    for (const url of browsing) expect(await ids(url), url).toContain(productId);
    expect((await remove(t, seller, requestIds[0]!)).statusCode).toBe(200);
    for (const url of browsing) expect(await ids(url), url).not.toContain(productId);
    expect(await ids(own, seller)).toContain(productId);
    expect(await listingStatus(t, productId)).toBe('sold');
  });

  it('buying a reserved or a sold listing: 409 LISTING_UNAVAILABLE, nothing stored', async () => {
    const t = getApp();
    const created = vi.spyOn(t.services.notify, 'requestCreated');
    const { requestIds } = await listingWithRequests(t, [buyer]);
    expect(created).toHaveBeenCalledTimes(1);
    const productId = (await requestRow(t, requestIds[0]!)).productId;
    expect((await decide(t, seller, requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    const before = (await cartOf(t, buyer2)).length;
    expectError(await buy(t, buyer2, productId), 409, { code: 'LISTING_UNAVAILABLE', message: 'This product is reserved or sold' });
    // The buyer who holds it is told they already asked.
    expectError(await buy(t, buyer, productId), 409, { code: 'ALREADY_REQUESTED' });
    expect((await remove(t, seller, requestIds[0]!)).statusCode).toBe(200);
    expectError(await buy(t, buyer2, productId), 409, { code: 'LISTING_UNAVAILABLE' });
    expectError(await buy(t, buyer, productId), 409, { code: 'LISTING_UNAVAILABLE' });
    expect(await cartOf(t, buyer2)).toHaveLength(before);
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('a new request tells the seller (requestCreated with the stored row)', async () => {
    const t = getApp();
    const created = vi.spyOn(t.services.notify, 'requestCreated');
    const { productId, requestIds } = await listingWithRequests(t, [buyer]);
    expect(created).toHaveBeenCalledTimes(1);
    expect(created.mock.calls[0]![0]).toMatchObject({ id: requestIds[0], productId, status: 'Pending', sellerId: seller.id, buyerId: buyer.id });
  });

  it('editing a listing moves its updated_at', async () => {
    const t = getApp();
    const id = await createProduct(t, seller);
    const read = async () => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.updatedAt.getTime();
    const before = await read();
    await new Promise((r) => setTimeout(r, 5));
    const res = await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ name: 'Renamed chair' }) });
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await read()).toBeGreaterThan(before);
  });

  it('deleting a listing declines its open requests (actor system), keeps closed ones, and keeps them all for history', async () => {
    const t = getApp();
    const changed = vi.spyOn(t.services.notify, 'requestChanged');
    const third = await t.createUser();
    const { productId, requestIds } = await listingWithRequests(t, [buyer, buyer2, third]);
    const [accepted, pending, cancelled] = requestIds as [string, string, string];
    expect((await remove(t, third, cancelled)).statusCode).toBe(200);
    expect((await decide(t, seller, accepted, 'Accepted')).statusCode).toBe(200);
    changed.mockClear();
    expect((await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${productId}` })).json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await t.injectAs(null, { method: 'GET', url: `/api/products/${productId}` })).statusCode).toBe(404);
    expect((await requestRow(t, accepted)).status).toBe('Declined');
    expect((await requestRow(t, pending)).status).toBe('Declined');
    expect((await requestRow(t, cancelled)).status).toBe('Cancelled');
    expect(changed.mock.calls.map((c) => [c[0].id, c[1], c[2]]).sort()).toEqual(
      [
        [accepted, 'Accepted', 'system'],
        [pending, 'Pending', 'system'],
      ].sort(),
    );
    expect((await cartOf(t, buyer)).map((r) => r._id)).not.toContain(accepted);
    expect((await cartOf(t, buyer, 'closed')).find((r) => r._id === accepted)).toMatchObject({ status: 'Declined', productId });
    // The request is still readable by its parties (the thread page), and closed for decisions.
    expect((await t.injectAs(buyer2, { method: 'GET', url: `/api/buyerProduct/${pending}` })).json<BuyerProduct>().status).toBe('Declined');
    expectError(await decide(t, seller, pending, 'Accepted'), 409, { code: 'REQUEST_CLOSED' });
  });
});

describe('bans (requests cascade with the user)', () => {
  it('banning the buyer of an accepted request puts the listing back on sale', async () => {
    const t = getApp();
    const doomed = await t.createUser();
    const { productId, requestIds } = await listingWithRequests(t, [doomed, buyer2]);
    expect((await decide(t, seller, requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${doomed.id}` })).statusCode).toBe(200);
    expect(await listingStatus(t, productId)).toBe('available');
    expect((await decide(t, seller, requestIds[1]!, 'Accepted')).statusCode).toBe(200);
  });

  it('banning the seller of a reserved listing deletes both, without an error', async () => {
    const t = getApp();
    const doomedSeller = await t.createUser();
    const productId = await createProduct(t, doomedSeller);
    const res = await buy(t, buyer, productId);
    const id = res.json<{ insertedId: string }>().insertedId;
    expect((await decide(t, doomedSeller, id, 'Accepted')).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${doomedSeller.id}` })).statusCode).toBe(200);
    expect((await t.injectAs(null, { method: 'GET', url: `/api/products/${productId}` })).statusCode).toBe(404);
    expect((await t.injectAs(buyer, { method: 'GET', url: `/api/buyerProduct/${id}` })).statusCode).toBe(404);
  });
});

describe('history lists (?status=closed)', () => {
  it('newest change first, keyset paged without duplicates or gaps; the open list keeps open ones only', async () => {
    const t = getApp();
    const collector = await t.createUser();
    const closedInOrder: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { requestIds } = await listingWithRequests(t, [collector]);
      expect((await (i % 2 === 0 ? remove(t, collector, requestIds[0]!) : decide(t, seller, requestIds[0]!, 'Declined'))).statusCode).toBe(200);
      closedInOrder.push(requestIds[0]!);
    }
    const { requestIds: openIds } = await listingWithRequests(t, [collector]);
    const base = `/api/buyerProduct?buyerEmail=${encodeURIComponent(collector.email)}&status=closed&limit=2`;
    const seen: BuyerProduct[] = [];
    let url: string | undefined = base;
    let pages = 0;
    while (url) {
      const res = await t.injectAs(collector, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json<BuyerProduct[]>());
      const next = res.headers['x-next-cursor'] as string | undefined;
      url = next ? `${base}&cursor=${next}` : undefined;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.map((r) => r._id)).toEqual([...closedInOrder].reverse());
    expect(seen.map((r) => r.status)).toEqual(['Cancelled', 'Declined', 'Cancelled', 'Declined', 'Cancelled']);
    const times = seen.map((r) => Date.parse(r.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await cartOf(t, collector)).map((r) => r._id)).toEqual(openIds);
    // The default view is the open one, as the spec's lists.
    expect((await list(t, collector, `buyerEmail=${encodeURIComponent(collector.email)}`)).map((r) => r._id)).toEqual(openIds);
  });

  it('the seller’s history; permissions as the open lists; a cursor of the open list is refused', async () => {
    const t = getApp();
    const { requestIds } = await listingWithRequests(t, [buyer]);
    expect((await decide(t, seller, requestIds[0]!, 'Declined')).statusCode).toBe(200);
    expect((await requestsTo(t, seller, 'closed')).map((r) => r._id)).toContain(requestIds[0]);
    const url = `/api/buyerProduct?email=${encodeURIComponent(seller.email)}&status=closed`;
    expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(401);
    expectError(await t.injectAs(buyer, { method: 'GET', url }), 403, { code: 'NOT_YOURS' });
    expect((await t.injectAs(admin, { method: 'GET', url })).statusCode).toBe(200);
    const openCursor = Buffer.from(JSON.stringify([new Date().toISOString(), newId()])).toString('base64url');
    expectError(await t.injectAs(seller, { method: 'GET', url: `${url}&cursor=${openCursor}` }), 400, { code: 'INVALID_CURSOR' });
    expect((await t.injectAs(seller, { method: 'GET', url: `/api/buyerProduct?email=${encodeURIComponent(seller.email)}&status=all` })).statusCode).toBe(400);
  });

  it('the cart total is the sum of the open requests’ prices (closed ones are not in the cart)', async () => {
    const t = getApp();
    const shopper = await t.createUser();
    const a = await listingWithRequests(t, [shopper], { price: '10.50' });
    await listingWithRequests(t, [shopper], { price: '4.25' });
    const c = await listingWithRequests(t, [shopper], { price: '100' });
    expect((await decide(t, seller, a.requestIds[0]!, 'Accepted')).statusCode).toBe(200);
    expect((await remove(t, shopper, c.requestIds[0]!)).statusCode).toBe(200);
    const cart = await cartOf(t, shopper);
    expect(cart.reduce((sum, r) => sum + r.price, 0)).toBe(14.75);
  });
});
