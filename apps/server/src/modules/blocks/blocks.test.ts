// Blocking (docs/product.md#blocking): the routes, both ways in requests and threads, pending requests cancelled and
// accepted trades kept, and every list and search left without the other user's listings, for that viewer only.
import type { BlockedUser, BuyerProduct, ErrorBody, InsertedResponse, Product } from '@olden/contracts';
import { BLOCKS_MAX } from '@olden/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyerRequests, userBlocks, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { expectError, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { post } from '../messages/fixtures.ts';
import { createProduct } from '../products/fixtures.ts';

const getApp = useTestApp({ RATE_LIMIT_FACTOR: '10' });

const block = (t: TestApp, who: TestUser | null, userId: string) => t.injectAs(who, { method: 'PUT', url: `/api/blocks/${userId}` });
const unblock = (t: TestApp, who: TestUser | null, userId: string) => t.injectAs(who, { method: 'DELETE', url: `/api/blocks/${userId}` });
const request = (t: TestApp, buyer: TestUser, productId: string) =>
  t.injectAs(buyer, { method: 'POST', url: '/api/buyerProduct', payload: { productId, phoneNumber: '0123456789', buyerAddress: '2 Station Road' } });
async function statusOf(t: TestApp, requestId: string) {
  const [row] = await t.database.db.select({ status: buyerRequests.status }).from(buyerRequests).where(eq(buyerRequests.id, requestId));
  return row?.status;
}
async function ids(t: TestApp, who: TestUser | null, url: string): Promise<string[]> {
  const res = await t.injectAs(who, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Product[]>().map((p) => p._id);
}

describe('PUT, DELETE /api/blocks/:userId and GET /api/blocks', () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  beforeAll(async () => {
    t = getApp();
    [ann, bob, cat] = [await t.createUser({ name: 'Ann' }), await t.createUser({ name: 'Bob' }), await t.createUser({ name: 'Cat' })];
  });

  it('anonymous 401; yourself 400 CANNOT_BLOCK_SELF; an unknown or malformed id 404', async () => {
    expectError(await block(t, null, bob.id), 401, {});
    expectError(await t.injectAs(null, { method: 'GET', url: '/api/blocks' }), 401, {});
    expectError(await unblock(t, null, bob.id), 401, {});
    expectError(await block(t, ann, ann.id), 400, { code: 'CANNOT_BLOCK_SELF' });
    expectError(await block(t, ann, newId()), 404, { code: 'NOT_FOUND' });
    expectError(await block(t, ann, 'not-an-id'), 404, { code: 'NOT_FOUND' });
    expectError(await unblock(t, ann, newId()), 404, { code: 'NOT_FOUND' });
  });

  it('blocks (again is no error), lists newest first, only the blocker’s own list shows it, and unblocks', async () => {
    const first = await block(t, ann, bob.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<BlockedUser>()).toMatchObject({ userId: bob.id, name: 'Bob' });
    const again = await block(t, ann, bob.id);
    expect(again.json<BlockedUser>().blockedAt).toBe(first.json<BlockedUser>().blockedAt);
    expect((await block(t, ann, cat.id)).statusCode).toBe(200);
    const list = await t.injectAs(ann, { method: 'GET', url: '/api/blocks?limit=1' });
    expect(list.json<BlockedUser[]>().map((b) => b.userId)).toEqual([cat.id]);
    const next = await t.injectAs(ann, { method: 'GET', url: `/api/blocks?limit=1&cursor=${list.headers['x-next-cursor']}` });
    expect(next.json<BlockedUser[]>().map((b) => b.userId)).toEqual([bob.id]);
    // The blocked user is not told: their list is their own blocks only.
    expect((await t.injectAs(bob, { method: 'GET', url: '/api/blocks' })).json()).toEqual([]);
    expect((await unblock(t, ann, cat.id)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await unblock(t, ann, cat.id)).json()).toEqual({ acknowledged: true, deletedCount: 0 });
    // Bob cannot lift Ann's block.
    expect((await unblock(t, bob, ann.id)).json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await t.injectAs(ann, { method: 'GET', url: '/api/blocks' })).json<BlockedUser[]>().map((b) => b.userId)).toEqual([bob.id]);
    await unblock(t, ann, bob.id);
  });

  it(`at most ${BLOCKS_MAX} blocks per user: past it 409 BLOCK_LIMIT, nothing stored`, async () => {
    const heavy = await t.createUser();
    const others = Array.from({ length: BLOCKS_MAX }, (_, i) => ({
      id: newId(),
      email: `blocked-${i}-${heavy.id}@test.example`,
      name: `Blocked ${i}`,
      photoUrl: 'https://images.test.example/a.png',
    }));
    await t.database.db.insert(users).values(others);
    await t.database.db.insert(userBlocks).values(others.map((o) => ({ blockerId: heavy.id, blockedId: o.id })));
    expectError(await block(t, heavy, cat.id), 409, { code: 'BLOCK_LIMIT' });
    const rows = await t.database.db.select().from(userBlocks).where(eq(userBlocks.blockerId, heavy.id));
    expect(rows).toHaveLength(BLOCKS_MAX);
    // Blocking one already blocked is no new block.
    expect((await block(t, heavy, others[0]!.id)).statusCode).toBe(200);
  });
});

describe('a block works both ways in requests and threads', () => {
  let t: TestApp;
  beforeAll(() => {
    t = getApp();
  });

  it('neither may send the other a buy request: the same 403 BLOCKED whoever blocked whom; after unblocking they may', async () => {
    const [seller, buyer] = [await t.createUser(), await t.createUser()];
    const listing = await createProduct(t, seller);
    const buyerListing = await createProduct(t, buyer);
    await block(t, seller, buyer.id);
    const fromBlocked = await request(t, buyer, listing);
    const fromBlocker = await request(t, seller, buyerListing);
    expectError(fromBlocked, 403, { code: 'BLOCKED' });
    expectError(fromBlocker, 403, { code: 'BLOCKED' });
    expect(fromBlocked.json<ErrorBody>().message).toBe(fromBlocker.json<ErrorBody>().message);
    await unblock(t, seller, buyer.id);
    expect((await request(t, buyer, listing)).statusCode).toBe(200);
  });

  it('pending requests between the two are cancelled; an accepted trade stays, its thread closes to both, and the blocker may still cancel it', async () => {
    const [seller, buyer, other] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const [first, second] = [await createProduct(t, seller), await createProduct(t, seller)];
    const pending = (await request(t, buyer, first)).json<InsertedResponse>().insertedId!;
    const accepted = (await request(t, buyer, second)).json<InsertedResponse>().insertedId!;
    const others = (await request(t, other, first)).json<InsertedResponse>().insertedId!;
    expect((await t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${accepted}`, payload: { status: 'Accepted' } })).statusCode).toBe(200);
    expect((await post(t, buyer, accepted, 'See you at 6')).statusCode).toBe(200);

    expect((await block(t, buyer, seller.id)).statusCode).toBe(200);
    expect(await statusOf(t, pending)).toBe('Cancelled');
    expect(await statusOf(t, accepted)).toBe('Accepted');
    expect(await statusOf(t, others)).toBe('Pending');
    // The thread stays readable; neither may write in it.
    expect((await t.injectAs(seller, { method: 'GET', url: `/api/buyerProduct/${accepted}/messages` })).statusCode).toBe(200);
    expectError(await post(t, buyer, accepted, 'hello?'), 403, { code: 'BLOCKED' });
    expectError(await post(t, seller, accepted, 'hello?'), 403, { code: 'BLOCKED' });
    // The blocker (the buyer here) may still cancel the accepted trade.
    expect((await t.injectAs(buyer, { method: 'DELETE', url: `/api/buyerProduct/${accepted}` })).statusCode).toBe(200);
    expect(await statusOf(t, accepted)).toBe('Cancelled');
    // History stays: the buyer's closed list still holds both.
    const history = await t.injectAs(buyer, { method: 'GET', url: `/api/buyerProduct?buyerEmail=${buyer.email}&status=closed` });
    expect(history.json<BuyerProduct[]>().map((r) => r._id).sort()).toEqual([pending, accepted].sort());
  });

  it('a block and a buy request at the same moment: never a pending request between the two afterwards', async () => {
    for (let round = 0; round < 6; round++) {
      const [seller, buyer] = [await t.createUser(), await t.createUser()];
      const listing = await createProduct(t, seller);
      const [sent, blocked] = await Promise.all([request(t, buyer, listing), block(t, seller, buyer.id)]);
      expect(blocked.statusCode).toBe(200);
      if (sent.statusCode === 200) expect(await statusOf(t, sent.json<InsertedResponse>().insertedId!)).toBe('Cancelled');
      else expectError(sent, 403, { code: 'BLOCKED' });
    }
  });
});

describe('blocks in every list and search, per viewer', () => {
  let t: TestApp;
  let viewer: TestUser;
  let blockedSeller: TestUser;
  let blockerSeller: TestUser;
  let plainSeller: TestUser;
  const listings: Record<string, string> = {};
  beforeAll(async () => {
    t = getApp();
    [viewer, blockedSeller, blockerSeller, plainSeller] = [await t.createUser(), await t.createUser(), await t.createUser(), await t.createUser()];
    listings.blocked = await createProduct(t, blockedSeller, { name: 'Zebrawood humidor', category: 'pets', price: '40' });
    listings.blocker = await createProduct(t, blockerSeller, { name: 'Zebrawood music box', category: 'pets', price: '50' });
    listings.plain = await createProduct(t, plainSeller, { name: 'Zebrawood tea caddy', category: 'pets', price: '60' });
    // The viewer blocked one seller; another seller blocked the viewer.
    await block(t, viewer, blockedSeller.id);
    await block(t, blockerSeller, viewer.id);
  });

  const URLS = [
    '/api/products?limit=100',
    '/api/products?category=pets&limit=100',
    '/api/products?sort=price_asc&limit=100',
    '/api/products?minPrice=10&maxPrice=100&limit=100',
    '/api/products?q=zebrawood&limit=100',
    '/api/products?q=zebrawod&limit=100',
    '/api/products?q=zebrawood&sort=price_desc&limit=100',
    '/api/products?q=zebrawood&category=pets&limit=100',
  ];

  it.each(URLS)('%s leaves both blocked sellers out for the viewer, and only for them', async (url) => {
    // Anonymous first, so a remembered first page (search's page memory) could leak into the viewer's.
    const anonymous = await ids(t, null, url);
    expect(anonymous).toEqual(expect.arrayContaining([listings.blocked, listings.blocker, listings.plain]));
    const seen = await ids(t, viewer, url);
    expect(seen).toContain(listings.plain);
    expect(seen).not.toContain(listings.blocked);
    expect(seen).not.toContain(listings.blocker);
    // And after the viewer: the anonymous page is whole again.
    expect(await ids(t, null, url)).toEqual(anonymous);
    // The blocked sellers do not see the viewer's side either (they see everyone else's).
    expect(await ids(t, blockedSeller, url)).toEqual(expect.arrayContaining([listings.blocker, listings.plain]));
  });

  it('similar listings leave both blocked sellers out for the viewer (with their token), and only for them', async () => {
    const url = `/api/products/${listings.plain}/similar`;
    expect(await ids(t, null, url)).toEqual(expect.arrayContaining([listings.blocked, listings.blocker]));
    const seen = await ids(t, viewer, url);
    expect(seen).not.toContain(listings.blocked);
    expect(seen).not.toContain(listings.blocker);
    expect(await ids(t, plainSeller, url)).toEqual(expect.arrayContaining([listings.blocked, listings.blocker]));
  });

  it('keyset pages of a filtered list have no gaps or duplicates', async () => {
    const all = await ids(t, viewer, '/api/products?q=zebrawood&limit=100');
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await t.injectAs(viewer, { method: 'GET', url: `/api/products?q=zebrawood&limit=1${cursor ? `&cursor=${cursor}` : ''}` });
      paged.push(...res.json<Product[]>().map((p) => p._id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(paged).toEqual(all);
  });

  it('the viewer still opens the listing’s own page, and a seller’s own list (?email=) is unchanged', async () => {
    expect((await t.injectAs(viewer, { method: 'GET', url: `/api/products/${listings.blocked}` })).statusCode).toBe(200);
    expect(await ids(t, blockedSeller, `/api/products?email=${blockedSeller.email}`)).toEqual([listings.blocked]);
  });

  it('unblocking brings the listings back', async () => {
    await unblock(t, viewer, blockedSeller.id);
    expect(await ids(t, viewer, '/api/products?q=zebrawood&limit=100')).toContain(listings.blocked);
    await block(t, viewer, blockedSeller.id);
  });
});
