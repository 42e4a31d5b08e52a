// The built web app on the API's port: SPA fallback for client routes, never for /api, assets cached forever.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../test/harness.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const INDEX = '<!doctype html><title>Olden Goods</title><div id="root"></div>';
const webDir = mkdtempSync(path.join(tmpdir(), 'og-web-'));
writeFileSync(path.join(webDir, 'index.html'), INDEX);
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
// A precompressed asset over 1 KB: sent as its .br file, never compressed again by the API's JSON compression.
const BIG_ASSET = `export const data = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })))};`;
writeFileSync(path.join(webDir, 'assets', 'big-abc123.js'), BIG_ASSET);
writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_ASSET));
writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// What a Vite build leaves next to the app (the manifest lists every source module) and what a careless deploy adds.
mkdirSync(path.join(webDir, '.vite'));
writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/app-abc123.js"}}');
writeFileSync(path.join(webDir, '.env'), 'SECRET=1');
writeFileSync(path.join(webDir, 'assets', '.hidden.js'), 'secret()');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const getApp = useTestApp({ WEB_DIST: webDir });

describe('web app and SPA fallback', () => {
  it.each(['/', '/login', '/timeline', '/dashboard/updateProduct/abc', '/productsCategory/pets?x=1'])(
    '%s returns the app shell, not cached',
    async (url) => {
      const res = await getApp().app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it.each(['/', '/login', '/dashboard/myCarts'])('%s is sent brotli- or gzip-compressed when the browser takes it', async (url) => {
    const { app } = getApp();
    const get = (encoding: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gz]) {
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it.each(['/api/productDetails/x', '/api', '/api/unknown', '/api/users/admin'])('%s never returns the app', async (url) => {
    const res = await getApp().app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.body).not.toContain('<div id="root">');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['/api/x\\y', '/api/x%5Cy', '/api/%5C..%5Cpackage.json', '/api/users/a%5Cb', '/api/images/%5C..%5Cx.webp/z'])(
    'the unmatched %s is the JSON 404, not the static server',
    async (url) => {
      for (const method of ['GET', 'HEAD', 'POST'] as const) {
        const res = await getApp().app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        if (method !== 'HEAD') expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    },
  );

  it('a precompressed asset over 1 KB is sent once compressed, as its .br file (decision 019)', async () => {
    const res = await getApp().app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_ASSET);
  });

  it('hashed assets are immutable and nosniff; other files revalidate', async () => {
    const t = getApp();
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    // Signed in or not, the files are the same for everyone: they keep their own caching (not no-store).
    const signedIn = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { authorization: 'Bearer some-token-value' } });
    expect(signedIn.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(signedIn.headers.vary ?? '')).not.toMatch(/authorization/i);
  });

  it('a missing file with an extension or a non-GET is a JSON 404', async () => {
    const t = getApp();
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404 });
    expect((await t.app.inject({ method: 'POST', url: '/login', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  // A regression: the build manifest and dotfiles were served as plain files, and /.env got the app shell.
  it.each([
    '/.vite/manifest.json',
    '/.vite/',
    '/.vite',
    '/%2evite/manifest.json',
    '/.env',
    '/.env?x=1',
    '/%2Eenv',
    '/assets/.hidden.js',
    '/assets/%2ehidden.js',
    '/.git/config',
    '/.well-known/anything',
    '/assets/../.env',
  ])('%s: dotfiles and dot-folders are a JSON 404, never a file or the app shell', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await getApp().app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      if (method === 'GET') {
        expect(res.body).not.toContain('src/main.tsx');
        expect(res.body).not.toContain('SECRET');
        expect(res.body).not.toContain('secret()');
        expect(res.body).not.toContain('<div id="root">');
      }
    }
  });

  it('path traversal does not leave the web folder', async () => {
    const t = getApp();
    for (const url of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('"name"');
      expect(res.body).not.toContain('root:');
    }
  });

  it('without a built web app, client routes are a plain 404 and /api still works', async () => {
    const t = await createTestApp({ WEB_DIST: path.join(webDir, 'missing') });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);
});
