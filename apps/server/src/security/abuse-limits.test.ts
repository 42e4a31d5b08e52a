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
    name: 'POST /api/auth/login (failures per email and address)',
    ...AUTH_BUDGETS.failedLoginPerAddress,
    keyedBy: 'ip',
    ok: 401,
    request: async () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'target-one-address@test.example', password: 'Wrong#123' } }),
    stored: (t) => rows(t, sessions),
  },
  {
    name: 'POST /api/auth/login (failures per email, from everywhere)',
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

  it('the failed-login lock holds even with the right password, also for the email in upper case', async () => {
    const t = getApp();
    const victim = await t.createUser({ password: TEST_PASSWORD });
    const attacker: Client = { ip: freshIp(), user: null };
    for (let i = 0; i < AUTH_BUDGETS.failedLoginPerAddress.max; i += 1) {
      const res = await send(t, attacker, { method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: 'Wrong#123' } });
      expect(res.statusCode).toBe(401);
    }
    const right = await send(t, attacker, { method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: TEST_PASSWORD } });
    expectLimited(right, AUTH_BUDGETS.failedLoginPerAddress.windowMs);
    // The email is matched case-insensitively: upper case does not get a fresh budget.
    const upper = await send(t, attacker, { method: 'POST', url: '/api/auth/login', payload: { email: victim.email.toUpperCase(), password: TEST_PASSWORD } });
    expectLimited(upper, AUTH_BUDGETS.failedLoginPerAddress.windowMs);
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

// docs/decisions/007: ten wrong passwords for someone's email (shown on every listing) locked its owner out from
// everywhere. Failures now count per (email, address), and per email from everywhere more slowly; past that,
// only an address the account signed in from lately may try (docs/decisions/007-sign-in-lockout-per-address.md).
describe('the sign-in lockout cannot be turned against the owner', () => {
  const login = (email: string, password: string): InjectOptions => ({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const perAddress = AUTH_BUDGETS.failedLoginPerAddress;
  const perEmail = AUTH_BUDGETS.failedLoginPerEmail;

  async function spendFromOneAddress(t: TestApp, email: string, ip: string): Promise<void> {
    for (let i = 0; i < perAddress.max; i += 1) {
      const res = await send(t, { ip, user: null }, login(email, `Wrong#${i}23`));
      expect(res.statusCode, `failure ${i + 1} from ${ip}: ${res.body.slice(0, 200)}`).toBe(401);
    }
  }

  it('an attacker who spent the budget from address A gets 429; the owner from address B signs in', async () => {
    const t = getApp();
    const owner = await t.createUser({ password: TEST_PASSWORD });
    const attacker = freshIp();
    await spendFromOneAddress(t, owner.email, attacker);
    expectLimited(await send(t, { ip: attacker, user: null }, login(owner.email, 'Wrong#999')), perAddress.windowMs);

    const signedIn = await send(t, { ip: freshIp(), user: null }, login(owner.email, TEST_PASSWORD));
    expect(signedIn.statusCode, signedIn.body.slice(0, 200)).toBe(200);
    expect(signedIn.headers['set-cookie'], 'the owner gets a session').toBeDefined();
    // The attacker is still locked out after the owner signed in.
    expectLimited(await send(t, { ip: attacker, user: null }, login(owner.email, TEST_PASSWORD)), perAddress.windowMs);
  });

  it("the owner's own wrong password from address B is a 401, not a lock", async () => {
    const t = getApp();
    const owner = await t.createUser({ password: TEST_PASSWORD });
    await spendFromOneAddress(t, owner.email, freshIp());
    const home = freshIp();
    for (let i = 0; i < 3; i += 1) {
      const typo = await send(t, { ip: home, user: null }, login(owner.email, 'Secret#12'));
      expect(typo.statusCode, typo.body.slice(0, 200)).toBe(401);
    }
    expect((await send(t, { ip: home, user: null }, login(owner.email, TEST_PASSWORD))).statusCode).toBe(200);
  });

  it(`${perEmail.max} failures from many addresses lock new addresses, but not one the owner signed in from`, { timeout: 240_000 }, async () => {
    const t = getApp();
    const owner = await t.createUser({ password: TEST_PASSWORD });
    const home = freshIp();
    expect((await send(t, { ip: home, user: null }, login(owner.email, TEST_PASSWORD))).statusCode).toBe(200);

    // A distributed guesser: every address stays within its own budget.
    for (let a = 0; a < perEmail.max / perAddress.max; a += 1) await spendFromOneAddress(t, owner.email, freshIp());
    const elsewhere = await send(t, { ip: freshIp(), user: null }, login(owner.email, TEST_PASSWORD));
    expectLimited(elsewhere, perEmail.windowMs);
    expect(elsewhere.headers['set-cookie'], 'the right password from a new address starts no session').toBeUndefined();

    // The owner's usual address: the right password works, and a typo is a 401, not a 429.
    expect((await send(t, { ip: home, user: null }, login(owner.email, 'Secret#12'))).statusCode).toBe(401);
    const atHome = await send(t, { ip: home, user: null }, login(owner.email, TEST_PASSWORD));
    expect(atHome.statusCode, atHome.body.slice(0, 200)).toBe(200);
  });

  it('IPv6 addresses of one /64 share one budget', async () => {
    const t = getApp();
    const owner = await t.createUser({ password: TEST_PASSWORD });
    for (let i = 0; i < perAddress.max; i += 1) {
      const res = await send(t, { ip: `2001:db8:7:1::${(i + 1).toString(16)}`, user: null }, login(owner.email, 'Wrong#123'));
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await send(t, { ip: '2001:db8:7:1:abcd::99', user: null }, login(owner.email, TEST_PASSWORD)), perAddress.windowMs);
    expect((await send(t, { ip: '2001:db8:7:2::1', user: null }, login(owner.email, TEST_PASSWORD))).statusCode).toBe(200);
  });
});

// docs/decisions/006: behind proxies, only the proxies' own X-Forwarded-For entries are believed. The left-most entry
// is whatever the client wrote; rotating it must not give the client a fresh budget.
describe('per-IP budgets behind proxies (TRUST_PROXY)', () => {
  let rotation = 0;
  /** What an attacker writes into its own X-Forwarded-For: a new address every time. */
  const rotating = () => `198.18.${Math.floor(++rotation / 250)}.${(rotation % 250) + 1}`;
  const wrongLogin = (n: number): InjectOptions => ({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: `nobody-${n}-${rotation}@test.example`, password: 'Wrong#123' },
  });
  const registration = (n: number): InjectOptions => ({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Proxy User', email: `proxied-${n}-${++registrations}@test.example`, password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
  });
  const contact = BUDGETS.find((b) => b.name.startsWith('POST /api/contact'))!;
  /** A request as the proxy delivers it: from the proxy's address, the chain ending with the client it saw. */
  const viaProxy = (proxy: string, chain: string[], request: InjectOptions): InjectOptions => ({
    ...request,
    remoteAddress: proxy,
    headers: { ...(request.headers as object), 'x-forwarded-for': chain.join(', ') },
  });

  describe('TRUST_PROXY=1 (one proxy in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      const { createTestApp } = await import('../test/harness.ts');
      t = await createTestApp({ TRUST_PROXY: '1', DATA_DIR: dataDir });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('wrong logins: rotating the left-most X-Forwarded-For entry does not reset the per-address budget', async () => {
      const { max, windowMs } = AUTH_BUDGETS.loginPerIp;
      const attacker = '203.0.113.10';
      for (let n = 0; n < max; n += 1) {
        const res = await t.injectAs(null, viaProxy('10.0.0.2', [rotating(), attacker], wrongLogin(n)));
        expect(res.statusCode, `call ${n + 1}: ${res.body.slice(0, 200)}`).toBe(401);
      }
      expectLimited(await t.injectAs(null, viaProxy('10.0.0.2', [rotating(), attacker], wrongLogin(max))), windowMs);
      expectLimited(await t.injectAs(null, viaProxy('10.0.0.2', [rotating(), rotating(), attacker], wrongLogin(max + 1))), windowMs);
      // Another client behind the same proxy keeps its own budget.
      expect((await t.injectAs(null, viaProxy('10.0.0.2', [attacker, '203.0.113.11'], wrongLogin(max + 2)))).statusCode).toBe(401);
    });

    it('registrations: rotating the left-most entry does not reset the per-address budget', { timeout: 120_000 }, async () => {
      const { max, windowMs } = AUTH_BUDGETS.registerPerIp;
      for (let n = 0; n < max; n += 1) {
        const res = await t.injectAs(null, viaProxy('10.0.0.2', [rotating(), '203.0.113.20'], registration(n)));
        expect(res.statusCode, `call ${n + 1}: ${res.body.slice(0, 200)}`).toBe(201);
      }
      expectLimited(await t.injectAs(null, viaProxy('10.0.0.2', [rotating(), '203.0.113.20'], registration(max))), windowMs);
      expect((await t.injectAs(null, viaProxy('10.0.0.2', ['203.0.113.20', '203.0.113.21'], registration(max + 1)))).statusCode).toBe(201);
    });
  });

  describe('TRUST_PROXY=10.0.0.0/8,fd00::/8 (the proxies by address)', () => {
    let t: TestApp;
    beforeAll(async () => {
      const { createTestApp } = await import('../test/harness.ts');
      t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8,fd00::/8', DATA_DIR: dataDir });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the client is the first address, from the right, that is not a listed proxy', async () => {
      const client = '203.0.113.30';
      // Two proxies (IPv4 then IPv6) in front; the client's own left-most claims change every time.
      for (let n = 0; n < contact.max; n += 1) {
        const res = await t.injectAs(null, viaProxy('fd00::7', [rotating(), client, '10.1.2.3'], await contact.request(t, { ip: client, user: null }, n)));
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      }
      const next = await contact.request(t, { ip: client, user: null }, contact.max);
      expectLimited(await t.injectAs(null, viaProxy('10.9.9.9', [rotating(), client], next)), contact.windowMs);
      // The same client reaching the server directly is the same address, so the same spent budget.
      expectLimited(await t.injectAs(null, { ...next, remoteAddress: client }), contact.windowMs);
    });

    it('a client claiming a listed proxy address in its own X-Forwarded-For is still itself', async () => {
      const client = '203.0.113.31';
      for (let n = 0; n < contact.max; n += 1) {
        // The client wrote "<rotating>, 10.66.0.1"; the proxy appended the client's real address.
        const res = await t.injectAs(null, viaProxy('10.0.0.2', [rotating(), '10.66.0.1', client], await contact.request(t, { ip: client, user: null }, n)));
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      }
      const next = await contact.request(t, { ip: client, user: null }, contact.max);
      expectLimited(await t.injectAs(null, viaProxy('10.0.0.2', [rotating(), '10.66.0.2', client], next)), contact.windowMs);
    });

    it('a connection from an address that is not a listed proxy: its X-Forwarded-For is ignored', async () => {
      const direct = '198.51.100.40';
      for (let n = 0; n < contact.max; n += 1) {
        const res = await t.injectAs(null, viaProxy(direct, [rotating()], await contact.request(t, { ip: direct, user: null }, n)));
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      }
      const next = await contact.request(t, { ip: direct, user: null }, contact.max);
      expectLimited(await t.injectAs(null, viaProxy(direct, [rotating()], next)), contact.windowMs);
    });
  });
});
