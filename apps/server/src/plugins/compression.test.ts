// JSON answers over 1 KB are compressed as the client accepts (decision 019); small answers, clients that accept
// nothing, live event streams and HTTP_COMPRESSION=false get them plain.
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openThread } from '../modules/messages/fixtures.ts';
import { createProduct } from '../modules/products/fixtures.ts';
import { connectSse, type SseClient } from '../test/sse.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { COMPRESSION_THRESHOLD, SYNC_COMPRESSION_MAX } from './compression.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await createTestApp();
  off = await createTestApp({ HTTP_COMPRESSION: 'false' });
  for (const t of [on, off]) {
    const seller = await t.createUser();
    for (let i = 0; i < 3; i++) await createProduct(t, seller);
  }
});
afterAll(async () => {
  await on?.close();
  await off?.close();
});

const varies = (vary: unknown) => String(vary ?? '').split(',').map((v) => v.trim().toLowerCase());

describe('HTTP compression of JSON answers', () => {
  it('a page of listings over 1 KB comes back in gzip for a browser, with Vary: Accept-Encoding', async () => {
    const plain = await on.app.inject({ method: 'GET', url: '/api/products' });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const res = await on.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // The caching plugin's own Vary names stay alongside.
    expect(varies(res.headers.vary)).toEqual(expect.arrayContaining(['accept-encoding', 'authorization', 'cookie']));
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
    // The next-page headers are untouched.
    expect(res.headers['x-next-cursor']).toBe(plain.headers['x-next-cursor']);
  });

  it('a page is compressed in one call, so its answer has a Content-Length (the stream path sends it chunked)', async () => {
    const plain = await on.app.inject({ method: 'GET', url: '/api/products' });
    // The plugin compares the uncompressed answer with its syncThreshold.
    expect(plain.rawPayload.length).toBeLessThan(SYNC_COMPRESSION_MAX);
    const res = await on.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(SYNC_COMPRESSION_MAX);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('brotli for a client that accepts only brotli', async () => {
    const plain = await on.app.inject({ method: 'GET', url: '/api/products' });
    const res = await on.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('answers under 1 KB, and clients that accept no encoding, get plain JSON', async () => {
    const small = await on.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const identity = await on.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json<unknown[]>().length).toBe(3);
  });

  it('HTTP_COMPRESSION=false (behind a proxy that compresses): plain JSON whatever the client accepts', async () => {
    expect(off.config.HTTP_COMPRESSION).toBe(false);
    const res = await off.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res.headers.vary)).not.toContain('accept-encoding');
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(res.json<unknown[]>().length).toBe(3);
  });

  it('a live event stream is never compressed, even when the client accepts it', async () => {
    await on.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(on.app.server.address() as AddressInfo).port}`;
    const th = await openThread(on);
    let client: SseClient | undefined;
    try {
      client = await connectSse(`${base}/api/events`, { cookie: th.seller.cookie, 'accept-encoding': 'gzip, deflate, br' });
      expect(client.status).toBe(200);
      expect(client.headers['content-encoding']).toBeUndefined();
      expect((await client.next('summary')).data).toMatchObject({ requestCount: 1 });
    } finally {
      client?.close();
    }
  });
});
