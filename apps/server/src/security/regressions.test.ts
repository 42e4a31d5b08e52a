// Bugs the fuzzer found, pinned as plain cases so each stays fixed even if the generators change.
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBody } from '@olden/contracts';
import { productBody } from '../modules/products/fixtures.ts';
import { TEST_PASSWORD, type TestUser, useTestApp } from '../test/harness.ts';

// A shared, busy machine can make one app's setup (migrations, seed) slow: give hooks room.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const getApp = useTestApp();
const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

function expectError(res: { statusCode: number; json: () => unknown; body: string }, status: number) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  const body = res.json();
  expect(ErrorBody.safeParse(body).success).toBe(true);
  expect(body).toMatchObject({ statusCode: status });
}

describe('regressions found by fuzzing', () => {
  let user: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    const t = getApp();
    user = await t.createUser();
    admin = await t.createUser({ role: 'admin' });
  });

  it('a NUL character anywhere that reaches PostgreSQL is a 400, not a 500 (and nothing is stored)', async () => {
    const t = getApp();
    const nulCursor2 = cursor(['2024-01-01T00:00:00Z', 'a\u0000b']);
    const cases: [TestUser | null, InjectOptions][] = [
      [null, { method: 'GET', url: '/api/products?q=oak%00chair' }],
      [null, { method: 'GET', url: `/api/products?cursor=${cursor(['n', '2024-01-01T00:00:00Z', 'a\u0000b'])}` }],
      [admin, { method: 'GET', url: `/api/users?cursor=${nulCursor2}` }],
      [admin, { method: 'GET', url: `/api/buyerProduct?buyerEmail=${encodeURIComponent(admin.email)}&cursor=${nulCursor2}` }],
      [null, { method: 'POST', url: '/api/contact', payload: { name: 'A\u0000', email: 'a@test.example', subject: 's', phone: '0123456789', message: 'm' } }],
      [user, { method: 'POST', url: '/api/users', payload: { email: user.email, name: 'A\u0000', photoURL: 'https://img.test.example/a.png' } }],
      [user, { method: 'POST', url: '/api/products', payload: productBody({ name: 'Oak\u0000chair' }) }],
      [user, { method: 'POST', url: '/api/auth/register', payload: { name: 'N\u0000', email: 'nul@test.example', password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' } }],
    ];
    for (const [caller, request] of cases) expectError(await t.injectAs(caller, request), 400);
    const { name } = (await t.services.users.findById(user.id))!;
    expect(name).not.toContain('\u0000');
    expect(await t.services.users.findByEmail('nul@test.example')).toBeUndefined();
  });

  it('GET /api/users/admin/:email with a NUL or a 300-character "email": {admin: false} for an admin, 403 for a user', async () => {
    const t = getApp();
    for (const email of ['%00', encodeURIComponent(`${'a'.repeat(290)}@x.io`), 'a%00%40test.example']) {
      const asAdmin = await t.injectAs(admin, { method: 'GET', url: `/api/users/admin/${email}` });
      expect(asAdmin.statusCode, email).toBe(200);
      expect(asAdmin.json()).toEqual({ admin: false });
      expectError(await t.injectAs(user, { method: 'GET', url: `/api/users/admin/${email}` }), 403);
    }
  });

  it('ids of 201-300 characters are a 404 like every other malformed id (they were an undocumented 400)', async () => {
    const t = getApp();
    const long = 'a'.repeat(250);
    expectError(await t.injectAs(null, { method: 'GET', url: `/api/products/${long}` }), 404);
    expectError(await t.injectAs(user, { method: 'PATCH', url: `/api/products/${long}`, payload: productBody() }), 404);
    expectError(await t.injectAs(user, { method: 'DELETE', url: `/api/products/${long}` }), 404);
    expectError(await t.injectAs(user, { method: 'DELETE', url: `/api/buyerProduct/${long}` }), 404);
    expectError(await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${long}` }), 404);
    expectError(await t.injectAs(admin, { method: 'PATCH', url: `/api/users/admin/${long}` }), 404);
    expectError(await t.injectAs(null, { method: 'GET', url: `/api/images/${long}.webp` }), 404);
  });

  it('the Google callback with a parameter sent twice answers its page, never a 500 (the JSON 400 did not fit its schema)', async () => {
    const t = getApp();
    for (const query of ['code=a&code=b', 'state=a&state=b&code=c', 'error=x&error=y', 'code=a&x[$gt]=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?${query}` });
      // Not configured in tests: the page says so with its documented 503, in HTML.
      expect(res.statusCode, query).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('logout with a body that is not JSON is a documented 400', async () => {
    const res = await getApp().app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expectError(res, 400);
    const route = getApp().app.routeTable.find((r) => r.method === 'POST' && r.url === '/api/auth/logout');
    expect(Object.keys((route?.schema?.response ?? {}) as object)).toContain('400');
  });

  it('routes that read no body but get one that is not JSON answer a documented 400 (DELETEs, make admin)', async () => {
    const t = getApp();
    const id = '0'.repeat(32);
    for (const [method, url] of [
      ['DELETE', `/api/products/${id}`],
      ['DELETE', `/api/buyerProduct/${id}`],
      ['DELETE', `/api/users/${id}`],
      ['PATCH', `/api/users/admin/${id}`],
    ] as const) {
      for (const payload of ['{', '{"__proto__":{"role":"admin"}}']) {
        const res = await t.injectAs(admin, { method, url, headers: { 'content-type': 'application/json' }, payload });
        expectError(res, 400);
      }
      const route = t.app.routeTable.find((r) => r.method === method && r.url === url.replace(id, ':id'));
      expect(Object.keys((route?.schema?.response ?? {}) as object), `${method} ${url}`).toContain('400');
    }
  });

  it('path traversal never leaves the images folder: raw, encoded and double-encoded', async () => {
    const t = getApp();
    for (const file of ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%252F..%252Fetc%252Fpasswd', '....//....//etc/passwd', '..\\..\\etc\\passwd']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${file}` });
      expect(res.statusCode, file).not.toBe(500);
      expect(res.body).not.toContain('root:');
      expect(res.headers['content-type'], file).not.toBe('image/webp');
    }
  });
  // Cursor values reached SQL casts (invalid dates, years PostgreSQL cannot hold, wrong types).
  it('a cursor the server did not make is 400 INVALID_CURSOR on every paged list and every sort, never a 500', async () => {
    const t = getApp();
    const id = '0'.repeat(32);
    const badDates = ['2020-02-30T00:00:00.000Z', '0', '+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z',
      '2020-01-01', '2020-01-01T00:00:00Z', '2020-01-01T24:00:00.000Z', '2020-01-01T00:00:00.000+01:00', ' 2020-01-01T00:00:00.000Z', 'NaN', 'Infinity', ''];
    const createdAt: unknown[][] = [
      ...badDates.map((d) => [d, id]),
      [1_577_836_800_000, id], ['2020-01-01T00:00:00.000Z', 7], ['2020-01-01T00:00:00.000Z', 'not-an-id'], ['2020-01-01T00:00:00.000Z', 'G'.repeat(32)],
      ['2020-01-01T00:00:00.000Z', id.toUpperCase().replace(/0/g, 'A')], ['2020-01-01T00:00:00.000Z', id, 'extra'], ['2020-01-01T00:00:00.000Z'], [],
    ];
    const products: [string, unknown[]][] = [
      ...createdAt.map((c) => ['newest', ['n', ...c]] as [string, unknown[]]),
      ...['price_asc', 'price_desc'].flatMap((sort) =>
        [['p', 1e300, id], ['p', -1, id], ['p', 2 ** 53, id], ['p', 1.5, id], ['p', '100', id], ['p', 100, 'x'], ['p', 100, id, 1], ['n', '2020-01-01T00:00:00.000Z', id]].map(
          (c) => [sort, c] as [string, unknown[]],
        ),
      ),
      ...[['r', 'NaN', id], ['r', '1', id], ['r', 1, 'x'], ['r', -1, id], ['r', 1e308 * 10, id], ['p', 1, id]].map((c) => ['relevance', c] as [string, unknown[]]),
    ];
    const cases: [TestUser | null, string][] = [
      ...products.map(([sort, c]): [null, string] => [null, `/api/products?${sort === 'relevance' ? 'q=lamp' : `sort=${sort}`}&cursor=${cursor(c)}`]),
      ...createdAt.map((c): [TestUser, string] => [admin, `/api/users?cursor=${cursor(c)}`]),
      ...createdAt.map((c): [TestUser, string] => [admin, `/api/buyerProduct?buyerEmail=${encodeURIComponent(admin.email)}&cursor=${cursor(c)}`]),
      ...createdAt.map((c): [TestUser, string] => [admin, `/api/buyerProduct?email=${encodeURIComponent(admin.email)}&cursor=${cursor(c)}`]),
      [null, `/api/products?cursor=${Buffer.from('["n","2020-01-01T00:00:00.000Z",').toString('base64url')}`],
      [null, `/api/products?cursor=${Buffer.from('{"0":"n"}').toString('base64url')}`],
    ];
    for (const [caller, url] of cases) {
      const res = await t.injectAs(caller, { method: 'GET', url });
      expect(res.statusCode, `${url} ${Buffer.from(new URL(url, 'http://x').searchParams.get('cursor')!, 'base64url').toString()}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_CURSOR' });
    }
  });

  it('the cursors the server makes still page through every list', async () => {
    const t = getApp();
    const seller = await t.createUser();
    for (let i = 0; i < 3; i += 1) {
      const res = await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody({ name: `Cursor lamp ${i}`, price: 10 + i }) });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const url of [
      `/api/products?email=${encodeURIComponent(seller.email)}&limit=1`,
      `/api/products?email=${encodeURIComponent(seller.email)}&sort=price_asc&limit=1`,
      `/api/products?email=${encodeURIComponent(seller.email)}&sort=price_desc&limit=1`,
      `/api/products?email=${encodeURIComponent(seller.email)}&q=lamp&limit=1`,
      '/api/users?limit=1',
    ]) {
      const first = await t.injectAs(admin, { method: 'GET', url });
      const next = first.headers['x-next-cursor'] as string;
      expect(next, url).toBeTruthy();
      const second = await t.injectAs(admin, { method: 'GET', url: `${url}&cursor=${next}` });
      expect(second.statusCode, `${url}: ${second.body.slice(0, 200)}`).toBe(200);
      expect(second.json<{ _id: string }[]>()[0]?._id).not.toBe(first.json<{ _id: string }[]>()[0]?._id);
    }
  });
});
