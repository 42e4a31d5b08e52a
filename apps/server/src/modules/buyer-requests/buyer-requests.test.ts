import type { BuyerProduct, ErrorBody } from '@olden/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTestApp, expectError, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';

const getApp = useTestApp();

const buyBody = (productId: string, extra: Record<string, unknown> = {}) => ({
  productId,
  phoneNumber: '+44 113 496 0000',
  buyerAddress: '2 Station Road, York',
  ...extra,
});

function buy(t: TestApp, user: TestUser | null, productId: string, extra: Record<string, unknown> = {}) {
  return t.injectAs(user, { method: 'POST', url: '/api/buyerProduct', payload: buyBody(productId, extra) });
}

async function cartOf(t: TestApp, user: TestUser): Promise<BuyerProduct[]> {
  const res = await t.injectAs(user, { method: 'GET', url: `/api/buyerProduct?buyerEmail=${encodeURIComponent(user.email)}&limit=100` });
  expect(res.statusCode).toBe(200);
  return res.json<BuyerProduct[]>();
}

describe('buy requests API', () => {
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let productId: string;

  // A seller's listing with one pending request from the buyer; `other` never buys anything.
  beforeAll(async () => {
    const t = getApp();
    seller = await t.createUser({ name: 'Sam Seller' });
    buyer = await t.createUser({ name: 'Bea Buyer' });
    other = await t.createUser({ name: 'Otto Other' });
    admin = await t.createUser({ name: 'Root', role: 'admin' });
    productId = await createProduct(t, seller, { name: 'Walnut bureau', price: '340.50', category: 'homeAndLiving' });
    expect((await buy(t, buyer, productId)).statusCode).toBe(200);
  });

  describe('POST /buyerProduct', () => {
    it('anonymous is 401 and nothing is stored', async () => {
      const t = getApp();
      const lonely = await t.createUser();
      const unwanted = await createProduct(t, lonely);
      expect((await buy(t, null, unwanted)).statusCode).toBe(401);
      const sellerView = await t.injectAs(lonely, { method: 'GET', url: `/api/buyerProduct?email=${lonely.email}` });
      expect(sellerView.json()).toEqual([]);
    });

    it('copies the product from the store and the buyer from the token; forged fields are ignored', async () => {
      const t = getApp();
      const bea = await t.createUser({ name: 'Bea Buyer' });
      const bureau = await createProduct(t, seller, { name: 'Walnut bureau', price: '340.50', category: 'homeAndLiving' });
      const res = await buy(t, bea, bureau, {
        buyerName: 'Mallory',
        buyerEmail: other.email,
        price: 0.01,
        name: 'Free bureau',
        email: other.email,
        uploaderName: 'Nobody',
        status: 'Paid',
      });
      expect(res.statusCode).toBe(200);
      const { acknowledged, insertedId } = res.json<{ acknowledged: boolean; insertedId: string }>();
      expect(acknowledged).toBe(true);
      const cart = await cartOf(t, bea);
      expect(cart).toHaveLength(1);
      expect(cart[0]).toMatchObject({
        _id: insertedId,
        productId: bureau,
        buyerName: 'Bea Buyer',
        buyerEmail: bea.email,
        phoneNumber: '+44 113 496 0000',
        buyerAddress: '2 Station Road, York',
        status: 'Pending',
        name: 'Walnut bureau',
        price: 340.5,
        email: seller.email,
        uploaderName: 'Sam Seller',
        uploaderLocation: 'Leeds',
        category: 'homeAndLiving',
      });
      expect(typeof cart[0]!.price).toBe('number');
      expect(await cartOf(t, other)).toEqual([]);
    });

    it('a second open request for the same product is 409 and adds nothing', async () => {
      const t = getApp();
      const res = await buy(t, buyer, productId);
      expect(res.statusCode).toBe(409);
      expect(await cartOf(t, buyer)).toHaveLength(1);
    });

    it('concurrent duplicates: exactly one wins, the others are 409 (unique index)', async () => {
      const t = getApp();
      const racer = await t.createUser();
      const results = await Promise.all(Array.from({ length: 5 }, () => buy(t, racer, productId)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409]);
      expect(await cartOf(t, racer)).toHaveLength(1);
    });

    it('buying one’s own product is 400 and stores nothing', async () => {
      const t = getApp();
      const res = await buy(t, seller, productId);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe('You cannot buy your own product');
      expect(await cartOf(t, seller)).toEqual([]);
    });

    it('unknown and malformed products are 404', async () => {
      const t = getApp();
      expect((await buy(t, buyer, newId())).statusCode).toBe(404);
      expect((await buy(t, buyer, 'not-an-id')).statusCode).toBe(404);
      expect((await buy(t, buyer, "' OR 1=1 --")).statusCode).toBe(404);
      expect(await cartOf(t, buyer)).toHaveLength(1);
    });

    it.each([
      ['missing productId', { productId: undefined }, 'productId is required'],
      ['productId as an object', { productId: { $ne: null } }, 'productId is required'],
      ['missing phone number', { phoneNumber: undefined }, 'This Phone Number field is required'],
      ['empty phone number', { phoneNumber: '' }, 'This Phone Number field is required'],
      ['phone number with letters', { phoneNumber: 'call me' }, 'Phone number may hold digits, spaces, +, - and brackets (5 to 20 characters)'],
      ['missing address', { buyerAddress: undefined }, 'This Address field is required'],
      ['address of 100 KB', { buyerAddress: 'a'.repeat(100_000) }, 'Must be at most 500 characters'],
    ])('%s is 400 and stores nothing', async (_label, overrides, message) => {
      const t = getApp();
      const fresh = await t.createUser();
      const res = await t.injectAs(fresh, { method: 'POST', url: '/api/buyerProduct', payload: { ...buyBody(productId), ...overrides } });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().details?.map((d) => d.message)).toContain(message);
      expect(await cartOf(t, fresh)).toEqual([]);
    });
  });

  describe('refusals name their rule (the error body’s code)', () => {
    it('buying one’s own listing: OWN_LISTING', async () => {
      expectError(await buy(getApp(), seller, productId), 400, { code: 'OWN_LISTING', message: 'You cannot buy your own product' });
    });

    it('asking twice: ALREADY_REQUESTED', async () => {
      expectError(await buy(getApp(), buyer, productId), 409, {
        code: 'ALREADY_REQUESTED',
        message: 'You already asked for this product; it is in your cart',
      });
    });

    it('someone else’s cart or request: NOT_YOURS', async () => {
      const t = getApp();
      const cart = await t.injectAs(other, { method: 'GET', url: `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}` });
      expectError(cart, 403, { code: 'NOT_YOURS' });
      const request = (await cartOf(t, buyer)).find((r) => r.productId === productId)!;
      expectError(await t.injectAs(other, { method: 'DELETE', url: `/api/buyerProduct/${request._id}` }), 403, {
        code: 'NOT_YOURS',
        message: 'Only the buyer, the seller or an admin may remove this request',
      });
    });

    it('a cursor this list did not make: INVALID_CURSOR', async () => {
      const t = getApp();
      const cursor = Buffer.from(JSON.stringify(['not a date', productId])).toString('base64url');
      const res = await t.injectAs(buyer, {
        method: 'GET',
        url: `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}&cursor=${cursor}`,
      });
      expectError(res, 400, { code: 'INVALID_CURSOR', message: 'Invalid cursor' });
    });
  });

  describe('GET /buyerProduct', () => {
    it('the cart (?buyerEmail=): anonymous 401, another user 403, self and admin 200', async () => {
      const t = getApp();
      const url = `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}`;
      expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await t.injectAs(other, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.injectAs(seller, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.injectAs(buyer, { method: 'GET', url })).json()).toHaveLength(1);
      expect((await t.injectAs(admin, { method: 'GET', url })).json()).toHaveLength(1);
    });

    it('requests to a seller (?email=): anonymous 401, the buyer 403, the seller and admin 200', async () => {
      const t = getApp();
      const url = `/api/buyerProduct?email=${encodeURIComponent(seller.email)}`;
      expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await t.injectAs(buyer, { method: 'GET', url })).statusCode).toBe(403);
      const own = await t.injectAs(seller, { method: 'GET', url: `${url}&limit=100` });
      expect(own.statusCode).toBe(200);
      const rows = own.json<BuyerProduct[]>();
      expect(rows.map((r) => r.buyerEmail)).toContain(buyer.email);
      expect(rows.every((r) => r.email === seller.email)).toBe(true);
      expect((await t.injectAs(admin, { method: 'GET', url })).statusCode).toBe(200);
    });

    it.each([
      '',
      `?buyerEmail=a@test.example&email=a@test.example`,
      '?buyerEmail[$ne]=x',
      '?email[$ne]=x',
      '?buyerEmail=a@test.example&buyerEmail=b@test.example',
      '?buyerEmail=not-an-email',
      '?buyerEmail=a@test.example&limit=abc',
      '?buyerEmail=a@test.example&cursor=%%%',
      `?buyerEmail=${'a'.repeat(100_000)}@test.example`,
    ])('GET /buyerProduct%s is 400 (no unfiltered list)', async (query) => {
      const t = getApp();
      const res = await t.injectAs(admin, { method: 'GET', url: `/api/buyerProduct${query}` });
      expect(res.statusCode).toBe(400);
    });

    it('pages by cursor without duplicates or gaps', async () => {
      const t = getApp();
      const collector = await t.createUser();
      const sellerB = await t.createUser();
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push(await createProduct(t, sellerB, { name: `Marble ${i}` }));
      for (const id of ids) expect((await buy(t, collector, id)).statusCode).toBe(200);
      const seen: string[] = [];
      let url: string | undefined = `/api/buyerProduct?buyerEmail=${encodeURIComponent(collector.email)}&limit=3`;
      let pages = 0;
      while (url) {
        const res = await t.injectAs(collector, { method: 'GET', url });
        expect(res.statusCode).toBe(200);
        seen.push(...res.json<BuyerProduct[]>().map((r) => r.productId));
        const next = res.headers['x-next-cursor'] as string | undefined;
        url = next ? `/api/buyerProduct?buyerEmail=${encodeURIComponent(collector.email)}&limit=3&cursor=${next}` : undefined;
        pages += 1;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
    });
  });

  describe('DELETE /buyerProduct/:id', () => {
    // Requests made and removed here stay out of the cart the tests above count.
    let shopper: TestUser;
    beforeAll(async () => {
      shopper = await getApp().createUser({ name: 'Sid Shopper' });
    });

    async function freshRequest(t: TestApp): Promise<string> {
      const id = await createProduct(t, seller, { name: `Lamp ${newId().slice(-6)}` });
      const res = await buy(t, shopper, id);
      expect(res.statusCode).toBe(200);
      return res.json<{ insertedId: string }>().insertedId;
    }
    const stillThere = async (t: TestApp, id: string) => (await cartOf(t, shopper)).some((r) => r._id === id);

    it('anonymous 401 and another user 403, with no side effect', async () => {
      const t = getApp();
      const id = await freshRequest(t);
      expect((await t.injectAs(null, { method: 'DELETE', url: `/api/buyerProduct/${id}` })).statusCode).toBe(401);
      expect((await t.injectAs(other, { method: 'DELETE', url: `/api/buyerProduct/${id}` })).statusCode).toBe(403);
      expect(await stillThere(t, id)).toBe(true);
    });

    it('the buyer cancels', async () => {
      const t = getApp();
      const id = await freshRequest(t);
      const res = await t.injectAs(shopper, { method: 'DELETE', url: `/api/buyerProduct/${id}` });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await stillThere(t, id)).toBe(false);
      expect((await t.injectAs(shopper, { method: 'DELETE', url: `/api/buyerProduct/${id}` })).statusCode).toBe(404);
    });

    it('the seller hands over', async () => {
      const t = getApp();
      const id = await freshRequest(t);
      const res = await t.injectAs(seller, { method: 'DELETE', url: `/api/buyerProduct/${id}` });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await stillThere(t, id)).toBe(false);
    });

    it('an admin removes any request', async () => {
      const t = getApp();
      const id = await freshRequest(t);
      const res = await t.injectAs(admin, { method: 'DELETE', url: `/api/buyerProduct/${id}` });
      expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await stillThere(t, id)).toBe(false);
    });

    it('unknown and malformed ids are 404', async () => {
      const t = getApp();
      expect((await t.injectAs(shopper, { method: 'DELETE', url: `/api/buyerProduct/${newId()}` })).statusCode).toBe(404);
      expect((await t.injectAs(shopper, { method: 'DELETE', url: '/api/buyerProduct/abc' })).statusCode).toBe(404);
    });

    it('after a cancel the buyer may ask again', async () => {
      const t = getApp();
      const id = await freshRequest(t);
      const row = (await cartOf(t, shopper)).find((r) => r._id === id)!;
      await t.injectAs(shopper, { method: 'DELETE', url: `/api/buyerProduct/${id}` });
      expect((await buy(t, shopper, row.productId)).statusCode).toBe(200);
    });
  });
});

describe('buy request budget', () => {
  it('rate limits buy requests per user (429) without storing the extra one', async () => {
    // RATE_LIMIT_FACTOR 0.05: 3 buy requests and 2 listings per user per hour.
    const t = await createTestApp({ RATE_LIMIT_FACTOR: '0.05' });
    try {
      const shopper = await t.createUser();
      const ids: string[] = [];
      for (let s = 0; s < 2; s++) {
        const seller = await t.createUser();
        for (let i = 0; i < 2; i++) ids.push(await createProduct(t, seller));
      }
      for (const id of ids.slice(0, 3)) expect((await buy(t, shopper, id)).statusCode).toBe(200);
      const res = await buy(t, shopper, ids[3]!);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await cartOf(t, shopper)).toHaveLength(3);
      // Another buyer has their own budget.
      expect((await buy(t, await t.createUser(), ids[3]!)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('seller decision budget', () => {
  it('rate limits accept / decline calls per user (429 with Retry-After), changing nothing past it; others unaffected', async () => {
    // RATE_LIMIT_FACTOR 0.01: 3 decisions per user per hour (and 1 listing per seller, 1 buy request per buyer).
    const t = await createTestApp({ RATE_LIMIT_FACTOR: '0.01' });
    try {
      const seller = await t.createUser();
      const productId = await createProduct(t, seller);
      const requests: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await buy(t, await t.createUser(), productId);
        expect(res.statusCode, res.body).toBe(200);
        requests.push(res.json<{ insertedId: string }>().insertedId);
      }
      const decide = (user: TestUser, id: string) => t.injectAs(user, { method: 'PATCH', url: `/api/buyerProduct/${id}`, payload: { status: 'Declined' } });
      for (const id of requests.slice(0, 3)) expect((await decide(seller, id)).statusCode).toBe(200);
      const refused = await decide(seller, requests[3]!);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const last = await t.injectAs(seller, { method: 'GET', url: `/api/buyerProduct/${requests[3]}` });
      expect(last.json<BuyerProduct>().status).toBe('Pending');
      // An admin has their own budget.
      expect((await decide(await t.createUser({ role: 'admin' }), requests[3]!)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
