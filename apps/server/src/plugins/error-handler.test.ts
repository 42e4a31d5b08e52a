// One error body for everything: unknown routes, malformed ids, bad JSON, big bodies, and hidden 5xx details.
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../test/harness.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Added before the app boots: a route that fails the way a bug would.
  t.app.get('/api/test-boom', { config: { auth: 'public' } }, async () => {
    throw new Error('secret detail: relation "users" at /srv/app/db.ts:12');
  });
  // A statement cancelled by statement_timeout (SQLSTATE 57014), raised by the database itself so it comes
  // through the real driver and Drizzle's wrapping. PGlite never times out, so the code is raised directly.
  t.app.get('/api/test-query-canceled', { config: { auth: 'public' } }, async () => {
    await t.database.db.execute(sql`do $$ begin raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled'; end $$`);
    return { ok: true };
  });
  // On PostgreSQL, a real timeout: this transaction's bound is 100 ms and the statement sleeps 3 s.
  t.app.get('/api/test-slow-query', { config: { auth: 'public' } }, async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 100`);
      await tx.execute(sql`select pg_sleep(3)`);
    });
    return { ok: true };
  });
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

function expectErrorBody(res: LightMyRequestResponse, statusCode: number) {
  expect(res.statusCode).toBe(statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(body).toMatchObject({ statusCode, error: expect.any(String), message: expect.any(String) });
  expect(res.body).not.toMatch(/\n\s+at |"stack"|node_modules|\.ts:\d+/);
  return body;
}

describe('error handler', () => {
  it('an unknown /api route is a JSON 404, whatever the Accept header', async () => {
    for (const accept of [undefined, 'text/html', 'application/json']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/nope/deeper', headers: accept ? { accept } : {} });
      expect(expectErrorBody(res, 404)).toMatchObject({ error: 'Not Found', message: 'Route GET /api/nope/deeper not found' });
    }
    expectErrorBody(await t.app.inject({ method: 'DELETE', url: '/api' }), 404);
  });

  it('malformed ids are 404, never 400 or 500', async () => {
    // Ids up to the router's 300-character param limit are 404 (security/regressions.test.ts); longer ones too (below).
    for (const id of ['not-an-id', '1', "x' OR 1=1 --", 'A'.repeat(32), '%F0%9F%9A%80', 'a'.repeat(200)]) {
      expectErrorBody(await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${id}` }), 404);
      expectErrorBody(await t.injectAs(admin, { method: 'PATCH', url: `/api/users/admin/${id}` }), 404);
    }
    // Well-formed but unknown: 404 too.
    expectErrorBody(await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${'0'.repeat(32)}` }), 404);
  });

  it("an id longer than the router takes is the app's JSON 404 on every method, never 414", async () => {
    const id = 'a'.repeat(301);
    const calls: [string, string][] = [
      ['GET', `/api/products/${id}`],
      ['GET', `/api/images/${id}`],
      ['DELETE', `/api/users/${id}`],
      ['PATCH', `/api/users/admin/${id}`],
      ['PATCH', `/api/products/${id}`],
      ['DELETE', `/api/images/${id}`],
      ['POST', `/api/buyerProduct/${id}/messages`],
    ];
    for (const [method, url] of calls) {
      const res = await t.injectAs(admin, { method: method as 'GET', url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect(expectErrorBody(res, 404), `${method} ${url}`).toMatchObject({ error: 'Not Found', message: `Route ${method} ${url} not found` });
      // The app's own answer: its security headers too.
      expect(res.headers['x-content-type-options'], `${method} ${url}`).toBe('nosniff');
    }
  });

  it('bad JSON is 400 and an unsupported content type is 415', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(expectErrorBody(bad, 400)).toMatchObject({ message: 'Body is not valid JSON' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a</email>',
    });
    expectErrorBody(text, 415);
  });

  it('a JSON body over 1 MB is 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@test.example', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(expectErrorBody(res, 413)).toMatchObject({ error: 'Payload Too Large', message: 'Request body is too large' });
  });

  it('schema violations are 400 with the field path and message', async () => {
    const res = await t.injectAs(admin, { method: 'GET', url: '/api/users?limit=abc' });
    const body = expectErrorBody(res, 400);
    expect(body.details).toEqual([expect.objectContaining({ path: 'limit' })]);
    const cursor = await t.injectAs(admin, { method: 'GET', url: '/api/users?cursor=%%%' });
    expectErrorBody(cursor, 400);
  });

  it('a 500 hides its message and the server keeps answering', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(expectErrorBody(res, 500)).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
    expect(res.body).not.toContain('secret');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
  });

  it('a statement cancelled by statement_timeout is 503 with Retry-After, its message hidden', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-query-canceled' });
    expect(expectErrorBody(res, 503)).toMatchObject({ error: 'Service Unavailable', message: 'The service is busy, please retry shortly' });
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).not.toContain('canceling');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: a real statement timeout answers 503 within the bound, not after the query', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/test-slow-query' });
    expectErrorBody(res, 503);
    expect(res.headers['retry-after']).toBe('5');
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
