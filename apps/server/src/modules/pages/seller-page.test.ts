// Sellers' public pages, /sellers/:id (docs/product.md#reviews-and-profiles): the head names the member (title,
// description, canonical, OpenGraph, JSON-LD Person with their listings for sale as an ItemList), unknown, malformed
// and banned members are real 404s, and the sitemap lists members with at least one listing for sale.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';
import { completeTrade, review } from '../reviews/fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const PUBLIC_URL = 'https://shop.test.example';
const INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<!--head--><title>Olden Goods</title><meta name="description" content="default" /><!--/head-->',
  '</head><body><div id="root"><header>bar</header><!--page--></div><script type="module" src="/assets/app.js"></script></body></html>',
].join('');
const webDir = mkdtempSync(path.join(tmpdir(), 'og-seller-pages-'));
writeFileSync(path.join(webDir, 'index.html'), INDEX);

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDir, PUBLIC_URL, RATE_LIMIT_FACTOR: '10' });
  seller = await t.createUser({ name: 'Ada <Seller>' });
  buyer = await t.createUser({ name: 'Bea Buyer' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
function meta(html: string, key: string): string[] {
  const re = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g');
  return [...html.matchAll(re)].map((m) => decode(m[1]!));
}
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
function jsonLd(html: string) {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!);
}

describe('GET /sellers/:id', () => {
  it('answers HTML whose head names the member, with JSON-LD Person and their listings for sale as an ItemList', async () => {
    const { requestId } = await completeTrade(t, seller, buyer, { name: 'Sold stool', uploaderLocation: 'York' });
    await review(t, buyer, requestId, { rating: 4 });
    await review(t, seller, requestId, { rating: 5 });
    const lamp = await createProduct(t, seller, { name: 'Brass lamp', uploaderLocation: 'York' });
    const clock = await createProduct(t, seller, { name: 'Mantel clock', uploaderLocation: 'Leeds' });

    const res = await page(`/sellers/${seller.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = headOf(res.body);
    expect(head).toContain('<title>Ada &lt;Seller&gt; | Olden Goods</title>');
    expect(head).not.toContain('<Seller>');
    const url = `${PUBLIC_URL}/sellers/${seller.id}`;
    expect(head).toContain(`<link rel="canonical" href="${url}" />`);
    expect(meta(head, 'description')).toEqual(['Ada <Seller> on Olden Goods, 2 listings for sale, rated 4.0 out of 5 (1 review), based in York.']);
    expect(meta(head, 'og:type')).toEqual(['profile']);
    expect(meta(head, 'og:url')).toEqual([url]);
    expect(meta(head, 'og:title')).toEqual(['Ada <Seller> | Olden Goods']);
    expect(meta(head, 'og:image')).toEqual(['https://images.test.example/avatar.png']);
    expect(jsonLd(res.body)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Ada <Seller>',
      url,
      image: 'https://images.test.example/avatar.png',
      homeLocation: { '@type': 'Place', name: 'York' },
      owns: {
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { '@type': 'ListItem', position: 1, url: `${PUBLIC_URL}/productDetails/${clock}`, name: 'Mantel clock' },
          { '@type': 'ListItem', position: 2, url: `${PUBLIC_URL}/productDetails/${lamp}`, name: 'Brass lamp' },
        ],
      },
    });
    // The first screen is the web's own: the profile's header and the first listings' cards (web-render.ts).
    const body = res.body.slice(res.body.indexOf('</head>'));
    expect(body).toContain('<h1 class="font-serif text-3xl font-bold">Ada &lt;Seller&gt;</h1>');
    expect(body).toContain('For sale');
    expect(body).toContain(`href="/productDetails/${clock}"`);
    expect(body).toContain(`href="/productDetails/${lamp}"`);
    expect(res.body).not.toContain(seller.email);
  });

  it('is a real 404 for an unknown, malformed or banned member, and for paths below a member', async () => {
    for (const url of [`/sellers/${newId()}`, '/sellers/nope', '/sellers', `/sellers/${seller.id}/x`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(meta(headOf(res.body), 'robots'), url).toEqual(['noindex']);
    }
    const admin = await t.createUser({ name: 'Root', role: 'admin' });
    const gone = await t.createUser({ name: 'Gone Soon' });
    await createProduct(t, gone);
    expect((await page(`/sellers/${gone.id}`)).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${gone.id}` })).statusCode).toBe(200);
    expect((await page(`/sellers/${gone.id}`)).statusCode).toBe(404);
    // A member who deleted their own account (its tombstone stays: docs/decisions/024) has no page either.
    const left = await t.createUser({ name: 'Left Us', password: 'Ledger#Kite7' });
    expect((await page(`/sellers/${left.id}`)).statusCode).toBe(200);
    const deleted = await t.injectAs(left, { method: 'DELETE', url: '/api/users/me', payload: { password: 'Ledger#Kite7' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await page(`/sellers/${left.id}`)).statusCode).toBe(404);
  });
});

describe('the sellers sitemap', () => {
  it('lists members with at least one listing for sale, and is named in the index', async () => {
    const idle = await t.createUser({ name: 'No Listings' });
    const soldOut = await t.createUser({ name: 'Sold Out' });
    await completeTrade(t, soldOut, buyer);
    const res = await t.app.inject({ method: 'GET', url: '/sitemap-sellers.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/sellers/${seller.id}</loc>`);
    expect(res.body).not.toContain(idle.id);
    expect(res.body).not.toContain(soldOut.id);
    expect(res.body).not.toContain(buyer.id);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(`<loc>${PUBLIC_URL}/sitemap-sellers.xml</loc>`);
  });
});
