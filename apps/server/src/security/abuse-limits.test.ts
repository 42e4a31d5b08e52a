// Suite 6: abuse limits, one table for every budgeted call. For each: the budget's worth of calls
// succeed, the next is 429 with an integer Retry-After within the window and changes nothing, a
// spoofed X-Forwarded-For does not reset the count, the limited client can still use the rest of the
// API, and another client (address or user, whichever the budget is keyed by) is not affected.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buyerRequests, contactMessages, images, products, sessions, users } from '../db/schema.ts';
import { AUTH_BUDGETS } from '../modules/auth/service.ts';
import { BUY_REQUEST_BUDGET } from '../modules/buyer-requests/service.ts';
import { CONTACT_BUDGET } from '../modules/contact/service.ts';
import { UPLOAD_BUDGET } from '../modules/images/service.ts';
import { createProduct, productBody } from '../modules/products/fixtures.ts';
import { PRODUCT_CREATE_BUDGET } from '../modules/products/service.ts';
import { TEST_PASSWORD, type TestApp, type TestUser, useTestApp } from '../test/harness.ts';
import { imageUpload } from './matrix.ts';

// A shared, busy machine can make one app's setup (migrations, seed) slow: give hooks room.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-abuse-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getApp = useTestApp({ DATA_DIR: dataDir });

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** A client: an address, and (for per-user budgets) a signed-in user. */
interface Client {
  ip: string;
  user: TestUser | null;
}

interface Budget {
  name: string;
  max: number;
  windowMs: number;
  /** Whose budget: another address, or another user from the same address, must be unaffected. */
  keyedBy: 'ip' | 'user' | 'email';
  /** Prepares whatever the n-th call needs (listings to ask for...) and returns the request. */
  request: (t: TestApp, client: Client, n: number) => Promise<InjectOptions>;
  /** What a call stores; a refused call must leave it unchanged. */
  stored: (t: TestApp) => Promise<number>;
  ok: number;
}

async function rows(t: TestApp, table: typeof users | typeof sessions | typeof products | typeof buyerRequests | typeof contactMessages | typeof images) {
  return (await t.database.db.select({ n: count() }).from(table))[0]!.n;
}

let registrations = 0;
let passwordUser: TestUser;
/** Listings a buyer can ask for: one open request per buyer and listing, so each call needs a new one. */
const listingsFor = new Map<string, string[]>();
async function listingFor(t: TestApp, buyer: TestUser, n: number): Promise<string> {
  let list = listingsFor.get(buyer.id);
  if (!list) listingsFor.set(buyer.id, (list = []));
  while (list.length <= n) {
    // Sellers have their own (per-user) listing budget: a new seller every 20 listings.
    const seller = await t.createUser({ name: 'Seller' });
    for (let i = 0; i < 20; i += 1) list.push(await createProduct(t, seller));
  }
  return list[n]!;
}

const BUDGETS: Budget[] = [
  {
    name: 'POST /api/auth/login (per address)',
    ...AUTH_BUDGETS.loginPerIp,
    keyedBy: 'ip',
    ok: 200,
    request: async () => ({ method: 'POST', url: '/api/auth/login', payload: { email: passwordUser.email, password: TEST_PASSWORD } }),
    stored: (t) => rows(t, sessions),
  },
  {
    name: 'POST /api/auth/login (failures per email)',
    ...AUTH_BUDGETS.failedLoginPerEmail,
    keyedBy: 'email',
    ok: 401,
    request: async () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'target@test.example', password: 'Wrong#123' } }),
    stored: (t) => rows(t, sessions),
  },
  {
    name: 'POST /api/auth/register (per address)',
    ...AUTH_BUDGETS.registerPerIp,
    keyedBy: 'ip',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'New', email: `abuse-${++registrations}@test.example`, password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
    }),
    stored: (t) => rows(t, users),
  },
  {
    name: 'POST /api/products (per user)',
    ...PRODUCT_CREATE_BUDGET,
    keyedBy: 'user',
    ok: 200,
    request: async () => ({ method: 'POST', url: '/api/products', payload: productBody() }),
    stored: (t) => rows(t, products),
  },
  {
    name: 'POST /api/buyerProduct (per user)',
    ...BUY_REQUEST_BUDGET,
    keyedBy: 'user',
    ok: 200,
    request: async (t, c, n) => ({
      method: 'POST',
      url: '/api/buyerProduct',
      payload: { productId: await listingFor(t, c.user!, n), phoneNumber: '0123456789', buyerAddress: '1 Road' },
    }),
    stored: (t) => rows(t, buyerRequests),
  },
  {
    name: 'POST /api/contact (per address)',
    ...CONTACT_BUDGET,
    keyedBy: 'ip',
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ann', email: 'ann@test.example', subject: 'Hi', phone: '0123456789', message: 'Hello' },
    }),
    stored: (t) => rows(t, contactMessages),
  },
  {
    name: 'POST /api/images (per user)',
    ...UPLOAD_BUDGET,
    keyedBy: 'user',
    ok: 200,
    request: async () => ({ method: 'POST', url: '/api/images', ...(await imageUpload()) }),
    stored: (t) => rows(t, images),
  },
];

function send(t: TestApp, client: Client, request: InjectOptions, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.injectAs(client.user, { ...request, remoteAddress: client.ip, headers: { ...(request.headers as object), ...headers } });
}

function expectLimited(res: LightMyRequestResponse, windowMs: number) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(429);
  expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
  const retryAfter = String(res.headers['retry-after']);
  expect(retryAfter, 'Retry-After is whole seconds').toMatch(/^[1-9]\d*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(Math.ceil(windowMs / 1000));
}

beforeAll(async () => {
  passwordUser = await getApp().createUser({ password: TEST_PASSWORD });
});

describe('abuse limits', () => {
  for (const budget of BUDGETS) {
    it(`${budget.name}: ${budget.max} per ${budget.windowMs / 60_000} min, then 429 with Retry-After; others unaffected`, { timeout: 120_000 }, async () => {
      const t = getApp();
      const limited: Client = { ip: freshIp(), user: budget.keyedBy === 'user' ? await t.createUser() : null };
      for (let n = 0; n < budget.max; n += 1) {
        // For per-email budgets each failure comes from a new address: the email is what is counted.
        const client = budget.keyedBy === 'email' ? { ...limited, ip: freshIp() } : limited;
        const res = await send(t, client, await budget.request(t, client, n));
        expect(res.statusCode, `call ${n + 1} of ${budget.max}: ${res.body.slice(0, 200)}`).toBe(budget.ok);
      }
      const before = await budget.stored(t);
      const refused = await send(t, limited, await budget.request(t, limited, budget.max));
      expectLimited(refused, budget.windowMs);
      expect(refused.headers['set-cookie'], 'a refused sign-in starts no session').toBeUndefined();
      expect(await budget.stored(t), 'a refused call stores nothing').toBe(before);

      // Claiming to be someone else through X-Forwarded-For does not reset the count (trustProxy is off).
      const spoofed = await send(t, limited, await budget.request(t, limited, budget.max), { 'x-forwarded-for': freshIp(), 'x-real-ip': freshIp() });
      expectLimited(spoofed, budget.windowMs);

      // The limited client may still browse.
      expect((await send(t, limited, { method: 'GET', url: '/api/products' })).statusCode).toBe(200);

      // Another client is not affected: another address, or another user from the very same address.
      const other: Client =
        budget.keyedBy === 'user' ? { ip: limited.ip, user: await t.createUser() } : { ip: freshIp(), user: null };
      const otherRequest =
        budget.keyedBy === 'email'
          ? { method: 'POST' as const, url: '/api/auth/login', payload: { email: passwordUser.email, password: TEST_PASSWORD } }
          : await budget.request(t, other, 0);
      const res = await send(t, budget.keyedBy === 'email' ? { ...other, ip: limited.ip } : other, otherRequest);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(budget.keyedBy === 'email' ? 200 : budget.ok);
    });
  }

  it('the failed-login lock holds even with the right password, and a lock on one email leaves that address free', async () => {
    const t = getApp();
    const victim = await t.createUser({ password: TEST_PASSWORD });
    for (let i = 0; i < AUTH_BUDGETS.failedLoginPerEmail.max; i += 1) {
      const res = await send(t, { ip: freshIp(), user: null }, { method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: 'Wrong#123' } });
      expect(res.statusCode).toBe(401);
    }
    const ip = freshIp();
    const right = await send(t, { ip, user: null }, { method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: TEST_PASSWORD } });
    expectLimited(right, AUTH_BUDGETS.failedLoginPerEmail.windowMs);
    // The email is matched case-insensitively: upper case does not get a fresh budget.
    const upper = await send(t, { ip, user: null }, { method: 'POST', url: '/api/auth/login', payload: { email: victim.email.toUpperCase(), password: TEST_PASSWORD } });
    expectLimited(upper, AUTH_BUDGETS.failedLoginPerEmail.windowMs);
  });

  it('budgets scale with RATE_LIMIT_FACTOR and never round down to zero', async () => {
    const { createTestApp } = await import('../test/harness.ts');
    const t = await createTestApp({ RATE_LIMIT_FACTOR: '0.01', DATA_DIR: dataDir });
    try {
      const contact = BUDGETS.find((b) => b.name.startsWith('POST /api/contact'))!;
      const client = { ip: freshIp(), user: null };
      // ceil(5 x 0.01) = 1: one message, then 429.
      expect((await send(t, client, await contact.request(t, client, 0))).statusCode).toBe(200);
      expectLimited(await send(t, client, await contact.request(t, client, 1)), contact.windowMs);
    } finally {
      await t.close();
    }
  });
});
