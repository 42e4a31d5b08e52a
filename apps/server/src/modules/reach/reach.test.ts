// Similar listings, views counted once per visitor per day, and a listing's stats for its seller
// (docs/product.md#reach).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ListingStatsResponse, Product, ProductStats } from '@olden/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { createJobs } from '../../lib/jobs.ts';
import { createMemoryLimiter } from '../../lib/limiter.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';
import { createReachService, dayOf } from './service.ts';

const webDir = mkdtempSync(path.join(tmpdir(), 'og-reach-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html lang="en"><head><!--head--><title>Olden Goods</title><!--/head--></head><body><div id="root"><!--page--></div></body></html>',
);
mkdirSync(path.join(webDir, '.vite'));
writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{}');

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
// A long flush interval: the tests write views when they choose (reach.flush), as the timer or the close would.
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDir, VIEW_FLUSH_MS: '60000' });
  seller = await t.createUser({ name: 'Sally Seller' });
  buyer = await t.createUser({ name: 'Bea Buyer' });
  other = await t.createUser({ name: 'Otto Other' });
  admin = await t.createUser({ name: 'Ada Admin', role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

function view(id: string, options: { user?: TestUser; ua?: string; ip?: string } = {}) {
  return t.injectAs(options.user ?? null, {
    method: 'GET',
    url: `/api/products/${id}`,
    headers: { 'user-agent': options.ua ?? BROWSER },
    remoteAddress: options.ip ?? '203.0.113.7',
  });
}

async function totalViews(id: string): Promise<number> {
  await t.services.reach.flush();
  const res = await t.injectAs(seller, { method: 'GET', url: `/api/products/${id}/stats` });
  expect(res.statusCode).toBe(200);
  return res.json<ProductStats>().totalViews;
}

async function setStatus(id: string, status: 'available' | 'reserved' | 'sold') {
  await t.database.db.update(products).set({ status }).where(eq(products.id, id));
}

describe('GET /api/products/:id/similar', () => {
  let lamp: string;
  beforeAll(async () => {
    lamp = await createProduct(t, seller, { name: 'Brass banker lamp with green shade', category: 'homeAndLiving' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.injectAs(null, { method: 'GET', url: `/api/products/${newId()}/similar` })).statusCode).toBe(404);
    expect((await t.injectAs(null, { method: 'GET', url: '/api/products/nope/similar' })).statusCode).toBe(404);
  });

  it('same category and shared words first, then shared words elsewhere, then the category; never itself, sold or reserved', async () => {
    const sameWords = await createProduct(t, other, { name: 'Green brass lamp', category: 'homeAndLiving' });
    const elsewhere = await createProduct(t, other, { name: 'Banker desk lamp', category: 'electronics' });
    const categoryOnly = await createProduct(t, other, { name: 'Walnut footstool', category: 'homeAndLiving' });
    const sold = await createProduct(t, other, { name: 'Brass lamp, green', category: 'homeAndLiving' });
    const reserved = await createProduct(t, other, { name: 'Green banker lamp', category: 'homeAndLiving' });
    await setStatus(sold, 'sold');
    await setStatus(reserved, 'reserved');
    const unrelated = await createProduct(t, other, { name: 'Mountain bicycle', category: 'hobbiesSports' });

    const res = await t.injectAs(null, { method: 'GET', url: `/api/products/${lamp}/similar` });
    expect(res.statusCode).toBe(200);
    const ids = res.json<Product[]>().map((p) => p._id);
    expect(ids).not.toContain(lamp);
    expect(ids).not.toContain(sold);
    expect(ids).not.toContain(reserved);
    expect(ids).not.toContain(unrelated);
    expect(ids.indexOf(sameWords)).toBe(0);
    expect(ids.indexOf(elsewhere)).toBeGreaterThan(ids.indexOf(sameWords));
    expect(ids).toContain(categoryOnly);
    expect(ids.indexOf(categoryOnly)).toBeGreaterThan(ids.indexOf(elsewhere));
    expect(res.json<Product[]>().every((p) => p.status === 'available')).toBe(true);
  });

  it('answers at most 8', async () => {
    for (let i = 0; i < 10; i++) await createProduct(t, other, { name: `Brass lamp number ${i}`, category: 'homeAndLiving' });
    const res = await t.injectAs(null, { method: 'GET', url: `/api/products/${lamp}/similar` });
    expect(res.json<Product[]>()).toHaveLength(8);
  });
});

describe('views', () => {
  it('counts a visitor once a day: the same address and browser twice is one, another browser is another', async () => {
    const id = await createProduct(t, seller);
    await view(id);
    await view(id);
    await view(id, { ua: OTHER_BROWSER });
    expect(await totalViews(id)).toBe(2);
  });

  it('counts a signed-in user by id, whatever address they come from; never the seller; never a known bot', async () => {
    const id = await createProduct(t, seller);
    await view(id, { user: buyer, ip: '198.51.100.1' });
    await view(id, { user: buyer, ip: '198.51.100.2', ua: OTHER_BROWSER });
    await view(id, { user: seller });
    await view(id, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await view(id, { ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' });
    expect(await totalViews(id)).toBe(1);
  });

  it('an invalid token changes nothing: the listing answers (a public call) and the view counts as anonymous', async () => {
    const id = await createProduct(t, seller);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${id}`,
      headers: { authorization: 'Bearer not.a.valid-token', 'user-agent': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(await totalViews(id)).toBe(1);
  });

  it('the server-rendered page counts too, and the same visitor on the API is not counted again', async () => {
    const id = await createProduct(t, seller);
    const page = await t.app.inject({
      method: 'GET',
      url: `/productDetails/${id}`,
      headers: { accept: 'text/html', 'user-agent': BROWSER },
      remoteAddress: '192.0.2.50',
    });
    expect(page.statusCode).toBe(200);
    await view(id, { ip: '192.0.2.50' });
    expect(await totalViews(id)).toBe(1);
    // A signed-in visitor of the page is counted by id (their session cookie), like the API counts them.
    await t.app.inject({ method: 'GET', url: `/productDetails/${id}`, headers: { accept: 'text/html', cookie: buyer.cookie, 'user-agent': BROWSER } });
    await view(id, { user: buyer, ip: '198.51.100.9' });
    expect(await totalViews(id)).toBe(2);
  });

  it('two processes that saw the same visitor count them once; a view of a listing deleted meanwhile is dropped', async () => {
    const id = await createProduct(t, seller);
    const gone = await createProduct(t, seller);
    // Another process: its own service on the same database (its queue never started).
    const ctx = {
      config: t.config,
      db: t.database.db,
      limiter: createMemoryLimiter(),
      log: t.app.log,
      jobs: createJobs(t.database, { pollMs: 1000, expireSeconds: 60 }, t.app.log),
    };
    const second = createReachService(ctx, { findListing: (x) => t.services.products.owner(x) });
    const visit = { ip: '203.0.113.99', userAgent: BROWSER };
    t.services.reach.countView({ id, sellerId: seller.id }, visit);
    second.countView({ id, sellerId: seller.id }, visit);
    second.countView({ id: gone, sellerId: seller.id }, visit);
    expect((await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${gone}` })).statusCode).toBe(200);
    await Promise.all([t.services.reach.flush(), second.close()]);
    expect(await totalViews(id)).toBe(1);
    const rows = await t.database.db.execute(sql`select count(*)::int as n from listing_views where product_id = ${gone}`);
    expect((Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0]).toEqual({ n: 0 });
  });

  it('views gathered but not yet written are written when the app closes', async () => {
    const t2 = await createTestApp({ VIEW_FLUSH_MS: '60000' });
    try {
      const owner = await t2.createUser();
      const id = await createProduct(t2, owner);
      await t2.injectAs(null, { method: 'GET', url: `/api/products/${id}`, headers: { 'user-agent': BROWSER } });
      await t2.app.close();
      const rows = await t2.database.db.execute(sql`select coalesce(sum(count), 0)::int as n from listing_views where product_id = ${id}`);
      expect((Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0]).toEqual({ n: 1 });
    } finally {
      await t2.close();
    }
  });
});

describe('GET /api/products/:id/stats', () => {
  it('the seller and an admin see 30 days of views (today last), saves and open requests; others 403, anonymous 401, unknown 404', async () => {
    const id = await createProduct(t, seller);
    await view(id, { user: buyer });
    await view(id, { user: other });
    const buy = await t.injectAs(buyer, {
      method: 'POST',
      url: '/api/buyerProduct',
      payload: { productId: id, phoneNumber: '+44 113 496 0000', buyerAddress: '2 Station Road, York' },
    });
    expect(buy.statusCode).toBe(200);
    // Two users saved it (the favourites module's count on the listing).
    for (const saver of [buyer, other]) expect((await t.injectAs(saver, { method: 'PUT', url: `/api/favourites/${id}` })).statusCode).toBe(200);
    await t.services.reach.flush();

    for (const who of [seller, admin]) {
      const res = await t.injectAs(who, { method: 'GET', url: `/api/products/${id}/stats` });
      expect(res.statusCode).toBe(200);
      const stats = res.json<ProductStats>();
      expect(stats.views).toHaveLength(30);
      expect(stats.views.at(-1)).toEqual({ date: dayOf(new Date()), count: 2 });
      expect(stats.views.slice(0, -1).every((d) => d.count === 0)).toBe(true);
      expect(stats).toMatchObject({ totalViews: 2, favouriteCount: 2, openRequests: 1 });
    }
    expect((await t.injectAs(other, { method: 'GET', url: `/api/products/${id}/stats` })).statusCode).toBe(403);
    expect((await t.injectAs(null, { method: 'GET', url: `/api/products/${id}/stats` })).statusCode).toBe(401);
    expect((await t.injectAs(seller, { method: 'GET', url: `/api/products/${newId()}/stats` })).statusCode).toBe(404);
  });
});

describe('GET /api/listingStats', () => {
  it('answers totals for the caller’s own listings and leaves others’ out (an admin sees any)', async () => {
    const mine = await createProduct(t, seller);
    const theirs = await createProduct(t, other);
    await view(mine, { user: buyer });
    await view(theirs, { user: buyer });
    expect((await t.injectAs(buyer, { method: 'PUT', url: `/api/favourites/${mine}` })).statusCode).toBe(200);
    await t.services.reach.flush();
    const url = `/api/listingStats?ids=${mine},${theirs},${newId()}`;
    const res = await t.injectAs(seller, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json<ListingStatsResponse>().items).toEqual([{ productId: mine, totalViews: 1, favouriteCount: 1 }]);
    const asAdmin = await t.injectAs(admin, { method: 'GET', url });
    expect(asAdmin.json<ListingStatsResponse>().items.map((i) => i.productId).sort()).toEqual([mine, theirs].sort());
    expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses no ids and more than 100 (400)', async () => {
    expect((await t.injectAs(seller, { method: 'GET', url: '/api/listingStats?ids=' })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => newId()).join(',');
    expect((await t.injectAs(seller, { method: 'GET', url: `/api/listingStats?ids=${many}` })).statusCode).toBe(400);
  });
});
