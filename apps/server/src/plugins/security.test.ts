// Security headers on API and HTML responses; CORS only for configured origins.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../test/harness.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const webDir = mkdtempSync(path.join(tmpdir(), 'og-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Olden Goods</title><div id="root"></div>');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const getApp = useTestApp({ WEB_DIST: webDir });

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  // Scripts stay strict: no inline script, no eval.
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  // Styles too: the web app's popups link their stylesheet, nothing injects one inline.
  expect(csp).toMatch(/style-src 'self'(;|$)/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('are on JSON API responses, errors included', async () => {
    const t = getApp();
    for (const url of ['/api/health', '/api/category', '/api/does-not-exist', '/api/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectSecurityHeaders(res);
    }
  });

  it('are on the HTML app shell', async () => {
    const t = getApp();
    // A client route (200) and an unknown listing's page (a real 404, docs/decisions/009) carry them alike.
    for (const [url, status] of [['/timeline', 200], ['/productDetails/abc', 404]] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(res);
    }
  });

  it('no HSTS over plain http', async () => {
    const res = await getApp().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('sends no CORS headers when CORS_ORIGINS is unset', async () => {
    const t = getApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://app.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('answers only the listed origins when CORS_ORIGINS is set, and never allows credentials', async () => {
    const t = await createTestApp({ CORS_ORIGINS: 'https://app.example, https://admin.example' });
    try {
      const ok = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://app.example' } });
      expect(ok.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(String(ok.headers.vary)).toContain('Origin');
      expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
      const second = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://admin.example' } });
      expect(second.headers['access-control-allow-origin']).toBe('https://admin.example');

      const evil = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();

      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
    } finally {
      await t.close();
    }
  }, 120_000);
});

// A regression (README's Security section, Caching): the cart (buyer phone and address), the user list and seller
// requests carried no Cache-Control.
describe('caching of private answers', () => {
  const varies = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase());

  it('every answer to a signed-in caller is no-store and varies with the caller: cart, user list, seller requests, own listings', async () => {
    const t = getApp();
    const { createProduct } = await import('../modules/products/fixtures.ts');
    const [seller, buyer, admin] = [await t.createUser(), await t.createUser(), await t.createUser({ role: 'admin' })];
    const productId = await createProduct(t, seller);
    const bought = await t.injectAs(buyer, {
      method: 'POST',
      url: '/api/buyerProduct',
      payload: { productId, phoneNumber: '+44 113 496 0000', buyerAddress: '2 Station Road, York' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const cases: [typeof buyer, string][] = [
      [buyer, `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}`],
      [seller, `/api/buyerProduct?email=${encodeURIComponent(seller.email)}`],
      [admin, '/api/users'],
      [seller, `/api/products?email=${encodeURIComponent(seller.email)}`],
      [seller, `/api/users/${encodeURIComponent(seller.email)}`],
      [buyer, '/api/products'],
      // Errors to a signed-in caller too: a 403 names what the caller tried.
      [buyer, `/api/buyerProduct?email=${encodeURIComponent(seller.email)}`],
    ];
    for (const [user, url] of cases) {
      const res = await t.injectAs(user, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(varies(res), url).toEqual(expect.arrayContaining(['authorization', 'cookie']));
    }
    // The session answer, asked with the session cookie alone.
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: seller.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    expect(varies(session)).toEqual(expect.arrayContaining(['authorization', 'cookie']));
  });

  it('a bad token is answered no-store too', async () => {
    const res = await getApp().app.inject({ method: 'GET', url: '/api/users', headers: { authorization: 'Bearer not-a-real-token-at-all' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers whose content depends on the caller vary with it even for an anonymous caller', async () => {
    const t = getApp();
    for (const url of ['/api/products', '/api/auth/session', '/api/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(varies(res), url).toEqual(expect.arrayContaining(['authorization', 'cookie']));
      expect(res.headers['cache-control'], url).not.toBe('public');
    }
  });

  it('content that is the same for everyone keeps its own caching, signed in or not', async () => {
    const t = getApp();
    const user = await t.createUser();
    const categories = await t.injectAs(user, { method: 'GET', url: '/api/category' });
    expect(categories.headers['cache-control']).toBe('public, max-age=300');
    expect(varies(categories)).not.toContain('authorization');
    const { imageUpload } = await import('../security/matrix.ts');
    const uploaded = await t.injectAs(user, { method: 'POST', url: '/api/images', ...(await imageUpload()) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // The upload's own answer (who uploaded what) is private.
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const file = new URL(uploaded.json<{ data: { display_url: string } }>().data.display_url, 'http://x').pathname;
    const image = await t.injectAs(user, { method: 'GET', url: file, headers: { cookie: user.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await t.app.inject({ method: 'GET', url: '/login', headers: { authorization: `Bearer ${user.token}` } });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});
