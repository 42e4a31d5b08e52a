// Listing pages (docs/decisions/009): the product page's HTML names the listing (head, JSON-LD, first screen, its
// JSON), unknown listings are real 404s, and robots.txt and the sitemaps list what a crawler may index.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { CATEGORY_LABELS } from '@olden/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';
import { insertListings } from './bulk-listings.ts';
import { jsonForScript } from './head.ts';
import { createSitemaps, SITEMAP_MAX_URLS, STATIC_PAGES } from './sitemap.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const PUBLIC_URL = 'https://shop.test.example';
// The built index.html's shape: the head block and the page mark the server fills in.
const INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<!--head--><title>Olden Goods</title><meta name="description" content="default" /><!--/head-->',
  '</head><body><div id="root"><header>bar</header><!--page--></div><script type="module" src="/assets/app.js"></script></body></html>',
].join('');
const webDir = mkdtempSync(path.join(tmpdir(), 'og-pages-'));
writeFileSync(path.join(webDir, 'index.html'), INDEX);
mkdirSync(path.join(webDir, '.shells'));
writeFileSync(path.join(webDir, '.shells', 'home.html'), '<section>hero</section>\n');
// The build manifest: the product route's chunk imports a shared one and one index.html already preloads.
mkdirSync(path.join(webDir, '.vite'));
writeFileSync(
  path.join(webDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/app/routes/product-details.tsx': { file: 'assets/product-details-abc.js', imports: ['_shared-def.js', '_app-ghi.js'] },
    'src/app/routes/timeline.tsx': { file: 'assets/timeline-xyz.js', imports: ['_shared-def.js'] },
    '_shared-def.js': { file: 'assets/shared-def.js', imports: ['_shared-def.js'] },
    '_app-ghi.js': { file: 'assets/app.js' },
  }),
);

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDir, PUBLIC_URL });
  seller = await t.createUser({ name: 'Ada Seller' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers: { accept: 'text/html' } });

/** The content of every `<meta {attr}="{key}" content="...">` (entities decoded). */
function meta(html: string, key: string): string[] {
  const re = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g');
  return [...html.matchAll(re)].map((m) => decode(m[1]!));
}
const decode = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

function jsonLd(html: string) {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!);
}

async function setStatus(id: string, status: 'available' | 'reserved' | 'sold') {
  await t.database.db.update(products).set({ status }).where(eq(products.id, id));
}

describe('GET /productDetails/:id', () => {
  it('answers HTML whose head names the listing: title, description, canonical, OpenGraph, Twitter', async () => {
    const id = await createProduct(t, seller, { name: 'Brass desk lamp', shortDescription: 'A brass lamp that still glows', price: '45.5' });
    const res = await page(`/productDetails/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = headOf(res.body);
    expect(head).toContain('<title>Brass desk lamp | Olden Goods</title>');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(meta(head, 'description')).toEqual(['A brass lamp that still glows']);
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/productDetails/${id}" />`);
    expect(meta(head, 'og:title')).toEqual(['Brass desk lamp | Olden Goods']);
    expect(meta(head, 'og:description')).toEqual(['A brass lamp that still glows']);
    expect(meta(head, 'og:url')).toEqual([`${PUBLIC_URL}/productDetails/${id}`]);
    expect(meta(head, 'og:type')).toEqual(['product']);
    // An external https photo is used as it is.
    expect(meta(head, 'og:image')).toEqual(['https://img.test.example/1.jpg']);
    expect(meta(head, 'twitter:card')).toEqual(['summary_large_image']);
    // The route's code loads with the entry (what index.html already loads is not repeated).
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/product-details-abc.js" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-def.js" />');
    expect(head).not.toContain('href="/assets/app.js"');
  });

  it('a stored photo is shared as the absolute URL of its 1280 px WebP, and preloaded with its widths', async () => {
    const id = await createProduct(t, seller);
    const imageId = 'a'.repeat(32);
    await t.database.db.update(products).set({ image1: `/api/images/${imageId}-640.webp` }).where(eq(products.id, id));
    const res = await page(`/productDetails/${id}`);
    expect(meta(res.body, 'og:image')).toEqual([`${PUBLIC_URL}/api/images/${imageId}-1280.webp`]);
    expect(jsonLd(res.body).image).toEqual([`${PUBLIC_URL}/api/images/${imageId}-1280.webp`]);
    expect(res.body).toContain(`<link rel="preload" as="image" href="/api/images/${imageId}-640.webp" imagesrcset="/api/images/${imageId}-320.webp 320w`);
  });

  it('JSON-LD Product with an Offer: price, USD, used condition, availability follows the listing status', async () => {
    const id = await createProduct(t, seller, { name: 'Walnut bureau', shortDescription: 'Four drawers', price: '1234.5' });
    const expected = { available: 'InStock', reserved: 'LimitedAvailability', sold: 'SoldOut' } as const;
    for (const status of ['available', 'reserved', 'sold'] as const) {
      await setStatus(id, status);
      const res = await page(`/productDetails/${id}`);
      // Sold listings still answer (a shared link keeps working), as SoldOut.
      expect(res.statusCode).toBe(200);
      const data = jsonLd(res.body);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Walnut bureau',
        description: 'Four drawers',
        image: ['https://img.test.example/1.jpg'],
        url: `${PUBLIC_URL}/productDetails/${id}`,
        offers: {
          '@type': 'Offer',
          price: '1234.50',
          priceCurrency: 'USD',
          availability: `https://schema.org/${expected[status]}`,
          itemCondition: 'https://schema.org/UsedCondition',
        },
      });
    }
  });

  it('puts the first screen (name, price, first photo) and the listing JSON the web reads into the HTML', async () => {
    const id = await createProduct(t, seller, { name: 'Tin robot', price: '19.99' });
    const res = await page(`/productDetails/${id}`);
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root.indexOf('<header>bar</header>')).toBeLessThan(root.indexOf('<main id="main"'));
    expect(root).toContain('>Tin robot</h1>');
    // The price leads its line; the favourites heart follows it (docs/product.md, favourites).
    expect(root).toMatch(/text-primary">\$19\.99<button[^>]*aria-label="Save Tin robot to favourites"/);
    // React's markup (web-render.ts): attribute names as React writes them (HTML reads them in any case).
    expect(root).toMatch(/<img src="https:\/\/img\.test\.example\/1\.jpg"[^>]* alt="Tin robot" loading="eager"[^>]* fetchpriority="high"/i);
    const data = /<script type="application\/json" id="olden-listing">([\s\S]*?)<\/script>/.exec(res.body);
    const api = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(JSON.parse(data![1]!)).toEqual(api.json());
  });

  it('escapes everything: a name or description cannot break out of the title, an attribute or a script', async () => {
    const evil = `</title><script>alert(1)</script>"' & <!--`;
    const id = await createProduct(t, seller, { name: evil, shortDescription: `"><img src=x onerror=alert(2)></script>` });
    const res = await page(`/productDetails/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    // Every script element is one of the page's own three (JSON-LD, listing data, the app).
    expect(res.body.match(/<script/g)).toHaveLength(3);
    expect(res.body.match(/<\/script>/g)).toHaveLength(3);
    const head = headOf(res.body);
    expect(head).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39; &amp; &lt;!-- | Olden Goods</title>');
    expect(meta(head, 'og:title')).toEqual([`${evil} | Olden Goods`]);
    expect(meta(head, 'description')).toEqual([`"><img src=x onerror=alert(2)></script>`]);
    // In JSON-LD `<` is \u003c, and the parsed value is the name as written.
    expect(res.body).toContain('\\u003c/title>'.replace('>', '\\u003e'));
    expect(jsonLd(res.body).name).toBe(evil);
    const data = /<script type="application\/json" id="olden-listing">([\s\S]*?)<\/script>/.exec(res.body);
    expect(JSON.parse(data![1]!).name).toBe(evil);
  });

  it('jsonForScript escapes what could end or confuse a script element and stays valid JSON', () => {
    const value = { s: '</script><!-- & \u2028\u2029 >' };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });

  it.each([
    ['unknown', () => 'f'.repeat(32)],
    ['malformed', () => 'not-an-id'],
    ['malformed, quoted', () => encodeURIComponent(`'"><script>`)],
    ['too long for the router', () => 'a'.repeat(400)],
    ['with an extra segment', () => `${'f'.repeat(32)}/more`],
  ])('%s id: a real 404 with the app shell (its router shows the not-found page), never indexed', async (_label, id) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await page(`/productDetails/${id()}`, method);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      if (method === 'GET') {
        expect(res.body).toContain('<div id="root">');
        expect(res.body).toContain('<title>Page not found | Olden Goods</title>');
        expect(meta(res.body, 'robots')).toEqual(['noindex']);
        expect(res.body).not.toContain('<script>');
      }
    }
  });

  it('a deleted listing is a 404', async () => {
    const id = await createProduct(t, seller);
    expect((await page(`/productDetails/${id}`)).statusCode).toBe(200);
    const del = await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${id}` });
    expect(del.statusCode).toBe(200);
    expect((await page(`/productDetails/${id}`)).statusCode).toBe(404);
  });

  it('home and the public pages get the default description, OpenGraph and their canonical URL', async () => {
    for (const url of ['/', '/timeline', '/contactUs']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(meta(res.body, 'description')).toEqual(['Olden Goods: buy and sell quality second-hand and antique goods.']);
      expect(meta(res.body, 'og:type')).toEqual(['website']);
      expect(meta(res.body, 'og:title')).toEqual(['Olden Goods']);
      expect(meta(res.body, 'og:image')).toEqual([`${PUBLIC_URL}/categories/homeAndLiving.webp`]);
      expect(meta(res.body, 'og:url')).toEqual([`${PUBLIC_URL}${url}`]);
      expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}" />`);
    }
    // Home's first screen (the hero the build ships) is painted before the JavaScript; the file itself is not served.
    expect((await page('/')).body).toContain('<header>bar</header><main id="main" class="min-h-screen flex-1 pt-16"><section>hero</section></main></div>');
    expect((await page('/timeline')).body).not.toContain('hero');
    expect(headOf((await page('/timeline')).body)).toContain('<link rel="modulepreload" crossorigin href="/assets/timeline-xyz.js" />');
    expect((await page('/')).body).not.toContain('modulepreload');
    expect((await page('/.shells/home.html')).statusCode).toBe(404);
    const login = await page('/login');
    expect(login.body).not.toContain('rel="canonical"');
    expect(meta(login.body, 'og:title')).toEqual(['Olden Goods']);
  });
});

describe('GET /timeline (docs/decisions/021-first-screens-from-the-components.md)', () => {
  const DATA = /<script type="application\/json" id="olden-timeline">([\s\S]*?)<\/script>/g;
  const asViewer = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  function injected(html: string) {
    const blocks = [...html.matchAll(DATA)];
    expect(blocks).toHaveLength(1);
    return JSON.parse(blocks[0]![1]!) as { filters: Record<string, string>; items: { _id: string; name: string }[]; nextCursor?: string };
  }

  it('for a live session: the first page of GET /api/products for the URL filters, the first cards painted, never cached', async () => {
    const viewer = await t.createUser({ name: 'Tim Viewer' });
    const petSeller = await t.createUser({ name: 'Pet Seller' });
    const ids: string[] = [];
    for (const price of ['30', '10', '20', '500']) ids.push(await createProduct(t, petSeller, { category: 'pets', price, name: `Pet bed ${price}` }));
    const res = await asViewer('/timeline?category=pets&maxPrice=100&sort=price_asc&bogus=1', viewer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Cookie/);
    const data = injected(res.body);
    // The web's reading of the URL (the unknown parameter ignored, the default sort left out).
    expect(data.filters).toEqual({ category: 'pets', maxPrice: '100', sort: 'price_asc' });
    const api = await t.app.inject({ method: 'GET', url: '/api/products?category=pets&maxPrice=100&sort=price_asc&limit=24' });
    expect(data.items).toEqual(api.json());
    expect(data.items.map((p) => p.name)).toEqual(['Pet bed 10', 'Pet bed 20', 'Pet bed 30']);
    expect(data.nextCursor).toBeUndefined();
    // The first screen: the page's heading, the chosen filters and the first cards, before the JavaScript.
    const body = res.body.slice(res.body.indexOf('<body>'));
    expect(body).toContain('<h1 class="font-serif text-3xl font-bold">Timeline</h1>');
    // React's markup (web-render.ts): `selected=""`, a link's attributes in the component's order.
    expect(body).toContain(`<option value="pets" selected="">${CATEGORY_LABELS.pets}</option>`);
    expect(body).toContain('<option value="price_asc" selected="">Price: low to high</option>');
    expect(body).toContain(`class="btn btn-primary btn-sm" aria-label="View Details of Pet bed 10" href="/productDetails/${ids[1]}"`);
    expect(body.indexOf('Pet bed 10')).toBeLessThan(body.indexOf('Pet bed 20'));
    // The request the web would make for this first page is the one preloaded (in the filters' order, then limit).
    expect(headOf(res.body)).toContain('<link rel="preload" as="fetch" href="/api/products?category=pets&amp;maxPrice=100&amp;sort=price_asc&amp;limit=24" crossorigin="anonymous" />');
    // The first card's picture starts with the HTML.
    expect(headOf(res.body)).toContain('<link rel="preload" as="image" href="https://img.test.example/1.jpg" fetchpriority="high" />');
    expect(headOf(res.body)).toContain('<link rel="modulepreload" crossorigin href="/assets/timeline-xyz.js" />');
  });

  it('compressed when the browser takes it (brotli, else gzip), as is otherwise', async () => {
    const viewer = await t.createUser({ name: 'Zip Viewer' });
    const plain = await asViewer('/timeline', viewer.cookie);
    for (const [accept, encoding, unzip] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/timeline', headers: { accept: 'text/html', cookie: viewer.cookie, 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(unzip(res.rawPayload).toString('utf8'), accept).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('id="olden-timeline"');
  });

  it('a full first page names the next cursor the API gives', async () => {
    const viewer = await t.createUser({ name: 'Cursor Viewer' });
    // 30 listings priced $10.01 to $10.30 (nothing else in this file is that cheap).
    await insertListings(t.database.db, { id: viewer.id, name: viewer.name, email: viewer.email }, 30, { prefix: 'e' });
    const data = injected((await asViewer('/timeline?maxPrice=10.5', viewer.cookie)).body);
    const api = await t.app.inject({ method: 'GET', url: '/api/products?maxPrice=10.5&limit=24' });
    expect(data.items).toEqual(api.json());
    expect(data.items).toHaveLength(24);
    expect(data.nextCursor).toBe(api.headers['x-next-cursor']);
  });

  it('a hostile listing name stays inside the data block and shows as text', async () => {
    const viewer = await t.createUser({ name: 'Wary Viewer' });
    const name = '</script><script>alert(1)</script><!--';
    await createProduct(t, await t.createUser({ name: 'Odd Seller' }), { category: 'education', name });
    const res = await asViewer('/timeline?category=education', viewer.cookie);
    expect(injected(res.body).items.map((p) => p.name)).toEqual([name]);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(res.body).toContain('<h2 class="card-title text-lg leading-snug">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</h2>');
    // The only scripts are the app's own file and the two data blocks' kinds.
    for (const tag of res.body.match(/<script\b[^>]*>/gi)!) expect(tag).toMatch(/\bsrc=|type="application\/json"/);
  });

  it('nothing is injected for a visitor, an unknown or ended session: the plain shell, as before', async () => {
    await createProduct(t, await t.createUser({ name: 'Bike Seller' }), { category: 'vehicles', name: 'Bicycle for a visitor' });
    const ended = await t.createUser({ name: 'Gone Viewer' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: ended.cookie } })).statusCode).toBe(204);
    for (const cookie of [undefined, 'og_session=not-a-session', ended.cookie]) {
      const res = await asViewer('/timeline?category=vehicles', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).not.toContain('olden-timeline');
      expect(res.body).not.toContain('Bicycle for a visitor');
      expect(res.body).not.toContain('rel="preload" as="image"');
      expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/timeline" />`);
      // Hints, not data: the session check and the public first page's request start with the HTML, for anyone.
      expect(headOf(res.body)).toContain('<link rel="preload" as="fetch" href="/api/auth/session" crossorigin="anonymous" />');
      expect(headOf(res.body)).toContain('<link rel="preload" as="fetch" href="/api/products?category=vehicles&amp;limit=24" crossorigin="anonymous" />');
    }
  });
});

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers out of /dashboard and /api, names the sitemap; cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /api', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]));
  });
});

/** The <loc> and <lastmod> of every <url> or <sitemap> entry. */
function entries(xml: string): { loc: string; lastmod?: string }[] {
  return [...xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/(?:url|sitemap)>/g)].map((m) => ({
    loc: m[1]!,
    ...(m[2] ? { lastmod: m[2] } : {}),
  }));
}

describe('sitemaps', () => {
  it('the static file lists the public pages; cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap-static.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(entries(res.body).map((e) => e.loc)).toEqual(STATIC_PAGES.map((p) => `${PUBLIC_URL}${p}`));
    expect(STATIC_PAGES).toEqual(expect.arrayContaining(['/', '/timeline', '/contactUs', '/productsCategory/electronics']));
  });

  it('splits the listings for sale into files of perFile URLs, each with lastmod; sold ones are left out', async () => {
    const t2 = await createTestApp({ PUBLIC_URL });
    try {
      const owner = await t2.createUser();
      await insertListings(t2.database.db, { id: owner.id, name: owner.name, email: owner.email }, 8, { soldEvery: 4 });
      const sitemaps = createSitemaps({ config: t2.config, db: t2.database.db }, { perFile: 3 });
      const index = entries(await sitemaps.index());
      // 8 listings, 2 sold: 6 = 3 + 3, listed after the static pages' file; lastmod = the newest row of each file.
      expect(index).toEqual([
        { loc: `${PUBLIC_URL}/sitemap-static.xml` },
        { loc: `${PUBLIC_URL}/sitemap-sellers.xml` },
        { loc: `${PUBLIC_URL}/sitemap-listings-1.xml`, lastmod: '2026-01-01T00:00:03.000Z' },
        { loc: `${PUBLIC_URL}/sitemap-listings-2.xml`, lastmod: '2026-01-01T00:00:07.000Z' },
      ]);
      const read = async (n: number) => {
        const gen = await sitemaps.listings(n);
        if (!gen) return undefined;
        let xml = '';
        for await (const chunk of gen) xml += chunk;
        return entries(xml);
      };
      const id = (g: number) => `f${g.toString(16).padStart(31, '0')}`;
      const at = (g: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, g)).toISOString();
      const url = (g: number) => ({ loc: `${PUBLIC_URL}/productDetails/${id(g)}`, lastmod: at(g) });
      expect(await read(1)).toEqual([url(1), url(2), url(3)]);
      expect(await read(2)).toEqual([url(5), url(6), url(7)]);
      expect(await read(3)).toBeUndefined();
      expect(await read(0)).toBeUndefined();

      // The index is reused for a while: a listing added meanwhile shows up once it is read again.
      await insertListings(t2.database.db, { id: owner.id, name: owner.name, email: owner.email }, 1, { prefix: 'fff' });
      expect(entries(await sitemaps.index())).toHaveLength(4);
      // Past its time it is read again in the background: that request still gets the previous index, a later one the new.
      const quick = createSitemaps({ config: t2.config, db: t2.database.db }, { perFile: 3, ttlMs: 50 });
      expect(entries(await quick.index())).toHaveLength(5);
      await insertListings(t2.database.db, { id: owner.id, name: owner.name, email: owner.email }, 3, { prefix: 'ffff' });
      await new Promise((r) => setTimeout(r, 60));
      expect(entries(await quick.index())).toHaveLength(5);
      await vi.waitFor(async () => expect(entries(await quick.index())).toHaveLength(6), { timeout: 10_000, interval: 100 });
    } finally {
      await t2.close();
    }
  });

  it(`at the real limit: ${SITEMAP_MAX_URLS} URLs in the first file, the next one in a second; streamed, cached`, async () => {
    const t2 = await createTestApp({ PUBLIC_URL });
    try {
      const owner = await t2.createUser();
      await insertListings(t2.database.db, { id: owner.id, name: owner.name, email: owner.email }, SITEMAP_MAX_URLS + 1);
      const index = await t2.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toMatch(/^application\/xml/);
      expect(index.headers['cache-control']).toBe('public, max-age=300');
      expect(entries(index.body).map((e) => e.loc)).toEqual([
        `${PUBLIC_URL}/sitemap-static.xml`,
        `${PUBLIC_URL}/sitemap-sellers.xml`,
        `${PUBLIC_URL}/sitemap-listings-1.xml`,
        `${PUBLIC_URL}/sitemap-listings-2.xml`,
      ]);
      const first = await t2.app.inject({ method: 'GET', url: '/sitemap-listings-1.xml' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=3600');
      expect(first.headers['content-length']).toBeUndefined();
      const urls = entries(first.body);
      expect(urls).toHaveLength(SITEMAP_MAX_URLS);
      expect(new Set(urls.map((u) => u.loc)).size).toBe(SITEMAP_MAX_URLS);
      expect(first.body.endsWith('</urlset>\n')).toBe(true);
      const second = entries((await t2.app.inject({ method: 'GET', url: '/sitemap-listings-2.xml' })).body);
      expect(second).toEqual([{ loc: `${PUBLIC_URL}/productDetails/f${(SITEMAP_MAX_URLS + 1).toString(16).padStart(31, '0')}`, lastmod: expect.any(String) }]);
      for (const url of ['/sitemap-listings-3.xml', '/sitemap-listings-0.xml', '/sitemap-listings-x.xml', '/sitemap-listings-01.xml']) {
        expect((await t2.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await t2.close();
    }
  });
});
