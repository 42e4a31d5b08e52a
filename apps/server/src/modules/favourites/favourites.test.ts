// Favourites through the API (PGlite, or PostgreSQL with TEST_DATABASE_URL): saving, the public favouriteCount, the
// list with deleted listings, and price-drop notices (live event, batched mail at a real SMTP server).
import type { AddressInfo } from 'node:net';
import { type Favourite, FAVOURITES_MAX, type Product } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favourites } from '../../db/schema.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../test/harness.ts';
import { connectSse } from '../../test/sse.ts';
import { decodedBodyOf, startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createProduct, productBody } from '../products/fixtures.ts';

let t: TestApp;
let smtp: TestSmtp;
let base = '';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_POLL_MS: '500', ALERT_MAIL_INTERVAL_SECONDS: '3', PRICE_DROP_REPEAT_SECONDS: '60' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const put = (user: TestUser | null, id: string) => t.injectAs(user, { method: 'PUT', url: `/api/favourites/${id}` });
const del = (user: TestUser | null, id: string) => t.injectAs(user, { method: 'DELETE', url: `/api/favourites/${id}` });
const reprice = (seller: TestUser, id: string, price: string, extra: Record<string, unknown> = {}) =>
  t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ price, ...extra }) });

describe('PUT and DELETE /api/favourites/:productId', () => {
  it('saves and removes idempotently, moving the public favouriteCount', async () => {
    const seller = await t.createUser();
    const [a, b] = [await t.createUser(), await t.createUser()];
    const id = await createProduct(t, seller);
    expect((await put(a, id)).json()).toEqual({ favourited: true, favouriteCount: 1 });
    expect((await put(a, id)).json()).toEqual({ favourited: true, favouriteCount: 1 });
    expect((await put(b, id)).json()).toEqual({ favourited: true, favouriteCount: 2 });
    expect((await t.app.inject({ url: `/api/products/${id}` })).json<Product>().favouriteCount).toBe(2);
    const page = await t.app.inject({ url: `/api/products?limit=100` });
    expect(page.json<Product[]>().find((p) => p._id === id)?.favouriteCount).toBe(2);
    expect((await del(a, id)).json()).toEqual({ favourited: false, favouriteCount: 1 });
    expect((await del(a, id)).json()).toEqual({ favourited: false, favouriteCount: 1 });
    expect((await t.app.inject({ url: `/api/products/${id}` })).json<Product>().favouriteCount).toBe(1);
  });

  it('refuses anonymous callers (401), unknown listings (404) and one’s own listing (OWN_LISTING)', async () => {
    const seller = await t.createUser();
    const id = await createProduct(t, seller);
    expectError(await put(null, id), 401, { code: 'UNAUTHENTICATED' });
    expectError(await del(null, id), 401, { code: 'UNAUTHENTICATED' });
    expectError(await put(seller, 'f'.repeat(32)), 404, { code: 'NOT_FOUND' });
    expectError(await put(seller, 'not-an-id'), 404, { code: 'NOT_FOUND' });
    expectError(await del(seller, 'f'.repeat(32)), 404, { code: 'NOT_FOUND' });
    expectError(await put(seller, id), 400, { code: 'OWN_LISTING' });
    expect((await t.app.inject({ url: `/api/products/${id}` })).json<Product>().favouriteCount).toBe(0);
  });

  it(`keeps at most ${FAVOURITES_MAX} per user (409 FAVOURITES_FULL)`, async () => {
    const seller = await t.createUser();
    const buyer = await t.createUser();
    const id = await createProduct(t, seller);
    // The cap is counted in the database: fill it below the API (1,000 listings would take the budget of many sellers).
    await t.database.db.execute(sql`insert into ${favourites} (user_id, product_id, name, price_cents, told_price_cents)
      select ${buyer.id}, md5(g::text), 'Filler', 100, 100 from generate_series(1, ${FAVOURITES_MAX}) g`);
    expectError(await put(buyer, id), 409, { code: 'FAVOURITES_FULL' });
    expect((await del(buyer, 'c4ca4238a0b923820dcc509a6f75849b')).json()).toEqual({ favourited: false, favouriteCount: 0 });
    expect((await put(buyer, id)).json()).toEqual({ favourited: true, favouriteCount: 1 });
  });
});

describe('GET /api/favourites and /api/favourites/ids', () => {
  it('lists newest saved first, keyset paged, with status and price; a deleted listing stays, marked, with its name and price', async () => {
    const seller = await t.createUser();
    const buyer = await t.createUser();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createProduct(t, seller, { name: `Brass lamp ${i}`, price: String(10 + i) }));
    for (const id of ids) expect((await put(buyer, id)).statusCode).toBe(200);
    await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${ids[0]}` });

    const first = await t.injectAs(buyer, { url: '/api/favourites?limit=2' });
    expect(first.statusCode).toBe(200);
    const rows = first.json<Favourite[]>();
    expect(rows.map((r) => r.productId)).toEqual([ids[2], ids[1]]);
    expect(rows[0]).toMatchObject({ deleted: false, status: 'available', price: 12, name: 'Brass lamp 2' });
    expect(rows[0]!.product?._id).toBe(ids[2]);
    const cursor = first.headers['x-next-cursor'] as string;
    const second = await t.injectAs(buyer, { url: `/api/favourites?limit=2&cursor=${encodeURIComponent(cursor)}` });
    expect(second.json<Favourite[]>()).toEqual([
      expect.objectContaining({ productId: ids[0], deleted: true, name: 'Brass lamp 0', price: 10, status: null, product: null }),
    ]);
    expectError(await t.injectAs(buyer, { url: '/api/favourites?cursor=nonsense' }), 400, { code: 'INVALID_CURSOR' });

    expect((await t.injectAs(buyer, { url: '/api/favourites/ids' })).json()).toEqual({ ids: [ids[2], ids[1], ids[0]] });
    // Each user sees only their own.
    const other = await t.createUser();
    expect((await t.injectAs(other, { url: '/api/favourites' })).json()).toEqual([]);
    expect((await t.injectAs(other, { url: '/api/favourites/ids' })).json()).toEqual({ ids: [] });
    expectError(await t.injectAs(null, { url: '/api/favourites' }), 401, { code: 'UNAUTHENTICATED' });
    expectError(await t.injectAs(null, { url: '/api/favourites/ids' }), 401, { code: 'UNAUTHENTICATED' });
    // A deleted listing's favourite can still be removed.
    expect((await del(buyer, ids[0]!)).json()).toEqual({ favourited: false, favouriteCount: 0 });
  });
});

describe('price drops', () => {
  it('tells savers of a drop of 5% or more: a live event at once, then one batched mail; not the seller, not a small drop', async () => {
    const seller = await t.createUser();
    const buyer = await t.createUser();
    const lamp = await createProduct(t, seller, { name: 'Brass lamp', price: '100' });
    const chair = await createProduct(t, seller, { name: 'Oak chair', price: '200' });
    await put(buyer, lamp);
    await put(buyer, chair);
    const sse = await connectSse(`${base}/api/events`, { cookie: buyer.cookie });
    try {
      // 3% is not a drop worth telling.
      await reprice(seller, lamp, '97', { name: 'Brass lamp' });
      // 10% below what the buyer was told (100): told.
      await reprice(seller, lamp, '90', { name: 'Brass lamp' });
      const event = await sse.next('favourite', { timeoutMs: 10_000, where: (d) => (d as { kind: string }).kind === 'priceDrop' });
      expect(event.data).toMatchObject({ productId: lamp, kind: 'priceDrop', price: 90, previousPrice: 100, status: 'available' });
      await reprice(seller, chair, '150', { name: 'Oak chair' });
      await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(1);
      // Mails are batched: within the interval (3 s here) the second drop waits for the next mail, which names it.
      await expect.poll(() => decodedBodyOf(smtp.to(buyer.email).map((m) => m.raw).join('\n')), { timeout: 15_000, interval: 200 }).toContain('Oak chair');
      const all = smtp.to(buyer.email).map((m) => decodedBodyOf(m.raw)).join('\n');
      expect(all).toContain('Brass lamp');
      expect(all).toContain('$90.00');
      expect(smtp.to(buyer.email).length).toBeLessThanOrEqual(2);
      expect(smtp.to(seller.email)).toHaveLength(0);
      // Within the repeat window (60 s here) a further drop is not told again.
      const before = sse.events.length;
      await reprice(seller, lamp, '50', { name: 'Brass lamp' });
      await new Promise((r) => setTimeout(r, 2500));
      expect(sse.events.slice(before).filter((e) => e.event === 'favourite' && (e.data as { kind: string }).kind === 'priceDrop')).toHaveLength(0);
    } finally {
      sse.close();
    }
  });

  it('sends only the event (no mail) for status changes and removal', async () => {
    const seller = await t.createUser();
    const buyer = await t.createUser();
    const id = await createProduct(t, seller, { name: 'Walnut desk', price: '300' });
    await put(buyer, id);
    const sse = await connectSse(`${base}/api/events`, { cookie: buyer.cookie });
    try {
      const mailsBefore = smtp.to(buyer.email).length;
      await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${id}` });
      const event = await sse.next('favourite', { timeoutMs: 10_000, where: (d) => (d as { kind: string }).kind === 'removed' });
      expect(event.data).toMatchObject({ productId: id, kind: 'removed', name: 'Walnut desk', price: 300, status: null });
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.to(buyer.email).length).toBe(mailsBefore);
    } finally {
      sse.close();
    }
  });

  it('mails no one who turned mail off', async () => {
    const seller = await t.createUser();
    const buyer = await t.createUser();
    await t.injectAs(buyer, { method: 'PATCH', url: '/api/users/me', payload: { notifyByEmail: false } });
    const id = await createProduct(t, seller, { name: 'Quiet clock', price: '100' });
    await put(buyer, id);
    await reprice(seller, id, '50', { name: 'Quiet clock' });
    await expect.poll(async () => (await t.database.db.execute(sql`select count(*)::int as n from favourites where user_id = ${buyer.id} and told_price_cents = 5000`)), { timeout: 10_000 }).toBeTruthy();
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.to(buyer.email)).toHaveLength(0);
  });
});
