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
    const res = await t.app.inject({ method: 'GET', url: '/productDetails/abc', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(res);
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
