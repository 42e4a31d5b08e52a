// With S3_PUBLIC_URL set, a listing's images on the server-rendered pages, in OpenGraph and in JSON-LD are named on
// the CDN or public bucket, as every API reply names them (lib/image-urls.ts); the page's listing JSON is the reply.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const CDN = 'https://cdn.olden.example/photos';
const INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<!--head--><title>Olden Goods</title><!--/head-->',
  '</head><body><div id="root"><!--page--></div></body></html>',
].join('');
const webDir = mkdtempSync(path.join(tmpdir(), 'og-s3-pages-'));
writeFileSync(path.join(webDir, 'index.html'), INDEX);

let t: TestApp;
let seller: TestUser;
let imageId: string;
let listingId: string;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDir, PUBLIC_URL: 'https://shop.test.example', S3_PUBLIC_URL: `${CDN}/` });
  seller = await t.createUser({ name: 'Cdn Seller' });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#964' } }).png().toBuffer();
  const image = await t.services.images.store(png, seller.id);
  imageId = image.id;
  listingId = await createProduct(t, seller, { name: 'Copper kettle', image1: image.display_url });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const html = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const meta = (body: string, key: string) => [...body.matchAll(new RegExp(`<meta property="${key}" content="([^"]*)" />`, 'g'))].map((m) => m[1]);

describe('S3_PUBLIC_URL on the server-rendered pages', () => {
  it('a product page shares, paints, preloads and hands over the picture at S3_PUBLIC_URL', async () => {
    const res = await html(`/productDetails/${listingId}`);
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:image')).toEqual([`${CDN}/${imageId}-1280.webp`]);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1]!);
    expect(ld.image).toEqual([`${CDN}/${imageId}-1280.webp`]);
    expect(res.body).toContain(`<link rel="preload" as="image" href="${CDN}/${imageId}-1280.webp" fetchpriority="high" />`);
    expect(res.body).toContain(`<img src="${CDN}/${imageId}-1280.webp"`);
    expect(res.body).not.toContain('/api/images/');
    const data = JSON.parse(/<script type="application\/json" id="olden-listing">([\s\S]*?)<\/script>/.exec(res.body)![1]!);
    const api = await t.app.inject({ method: 'GET', url: `/api/products/${listingId}` });
    expect(data).toEqual(api.json());
  });

  it('the timeline\'s first cards, their preload and the first page\'s JSON name S3_PUBLIC_URL', async () => {
    const viewer = await t.createUser({ name: 'Cdn Viewer' });
    const res = await html('/timeline', viewer.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain(`<link rel="preload" as="image" href="${CDN}/${imageId}-1280.webp" fetchpriority="high" />`);
    expect(body).toContain(`<img src="${CDN}/${imageId}-1280.webp"`);
    expect(body).not.toContain('/api/images/');
    const data = JSON.parse(/<script type="application\/json" id="olden-timeline">([\s\S]*?)<\/script>/.exec(body)![1]!);
    const api = await t.app.inject({ method: 'GET', url: '/api/products?limit=24' });
    expect(data.items).toEqual(api.json());
  });
});
