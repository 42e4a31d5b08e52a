// Prices on the server-rendered pages follow CURRENCY and LOCALE (docs/deploy.md), and every page names them for the
// web in its head. With the defaults the pages read as before (pages.test.ts pins '$19.99' and 'USD').
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<!--head--><title>Olden Goods</title><!--/head-->',
  '</head><body><div id="root"><!--page--></div></body></html>',
].join('');
const webDir = mkdtempSync(path.join(tmpdir(), 'og-price-'));
writeFileSync(path.join(webDir, 'index.html'), INDEX);

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDir, PUBLIC_URL: 'https://shop.test.example', CURRENCY: 'EUR', LOCALE: 'de-DE' });
  seller = await t.createUser({ name: 'Ada Seller' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('CURRENCY and LOCALE', () => {
  it("write a product page's price, its OpenGraph currency and its JSON-LD offer", async () => {
    const id = await createProduct(t, seller, { name: 'Walnut bureau', price: '1234.5' });
    const res = await page(`/productDetails/${id}`);
    expect(res.statusCode).toBe(200);
    // The headline price (the favourites heart follows it) and the price in the details list.
    expect(res.body).toContain('>1.234,50\u00a0€<button');
    expect(res.body).toContain('>1.234,50\u00a0€</dd>');
    expect(res.body).toContain('<meta property="product:price:currency" content="EUR" />');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1]!);
    // schema.org wants a plain decimal whatever the locale.
    expect(ld.offers).toMatchObject({ price: '1234.50', priceCurrency: 'EUR' });
  });

  it('are named in the head of every page the web starts from, outside the block each page replaces', async () => {
    const id = await createProduct(t, seller);
    for (const url of ['/', '/login', `/productDetails/${id}`, '/productDetails/unknown-listing']) {
      const res = await page(url);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head, url).toContain('<meta name="price-format" content="EUR de-DE">');
      expect(head.indexOf('price-format'), url).toBeGreaterThan(head.indexOf('<!--/head-->'));
    }
  });
});
