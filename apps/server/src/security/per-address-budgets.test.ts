// Every budget keyed by the client's address counts an IPv6 /64 as one client (and an IPv4-mapped address as
// its IPv4 address): one customer's network usually holds a whole /64, so counting each IPv6 address apart
// would give one client 2^64 budgets (lib/client-address.ts).
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { ACCOUNT_BUDGETS } from '../modules/accounts/service.ts';
import { AUTH_BUDGETS } from '../modules/auth/service.ts';
import { CONTACT_BUDGET } from '../modules/contact/service.ts';
import { SEARCH_BUDGET } from '../modules/products/service.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

// Small budgets keep the test short: each is ceil(max x 0.1).
const FACTOR = 0.1;
const scaled = (max: number) => Math.ceil(max * FACTOR);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: String(FACTOR) });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const unique = () => `${++n}-${Date.now().toString(36)}`;

interface Family {
  name: string;
  max: number;
  /** The answer of a call within the budget. */
  ok: number;
  request: () => InjectOptions;
}

const FAMILIES: Family[] = [
  {
    name: 'registration',
    max: AUTH_BUDGETS.registerPerIp.max,
    ok: 201,
    request: () => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Six Four', email: `v6-${unique()}@test.example`, password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
    }),
  },
  {
    name: 'sign-in',
    max: AUTH_BUDGETS.loginPerIp.max,
    ok: 401,
    request: () => ({ method: 'POST', url: '/api/auth/login', payload: { email: `nobody-${unique()}@test.example`, password: 'Wrong#123' } }),
  },
  {
    name: 'password reset requests',
    max: ACCOUNT_BUDGETS.resetPerIp.max,
    ok: 202,
    request: () => ({ method: 'POST', url: '/api/auth/password-reset', payload: { email: `reset-${unique()}@test.example` } }),
  },
  {
    name: 'account links spent',
    max: ACCOUNT_BUDGETS.tokenPerIp.max,
    ok: 400,
    request: () => ({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'B'.repeat(43) } }),
  },
  {
    name: 'contact messages',
    max: CONTACT_BUDGET.max,
    ok: 200,
    request: () => ({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ann', email: 'ann@test.example', subject: 'Hi', phone: '0123456789', message: 'Hello' },
    }),
  },
  {
    name: 'searches',
    max: SEARCH_BUDGET.max,
    ok: 200,
    request: () => ({ method: 'GET', url: `/api/products?q=lamp${n++}` }),
  },
];

describe('per-address budgets: the addresses of one IPv6 /64 share one budget', () => {
  FAMILIES.forEach((family, f) => {
    it(`${family.name}: ${scaled(family.max)} from one /64, then 429 from any address in it; the next /64 is another client`, async () => {
      const net = `2001:db8:${(0x100 + f).toString(16)}`;
      for (let i = 0; i < scaled(family.max); i += 1) {
        // Each call from another interface id of the same /64.
        const res = await t.app.inject({ ...family.request(), remoteAddress: `${net}:1::${(i + 1).toString(16)}` });
        expect(res.statusCode, `call ${i + 1}: ${res.body.slice(0, 200)}`).toBe(family.ok);
      }
      const refused = await t.app.inject({ ...family.request(), remoteAddress: `${net}:1:ffff:ffff:ffff:ffff` });
      expect(refused.statusCode, refused.body.slice(0, 200)).toBe(429);
      const neighbour = await t.app.inject({ ...family.request(), remoteAddress: `${net}:2::1` });
      expect(neighbour.statusCode, neighbour.body.slice(0, 200)).toBe(family.ok);
    });
  });

  it('Google sign-in callbacks: counted per /64', async () => {
    const max = scaled(AUTH_BUDGETS.oidcCallbackPerIp.max);
    for (let i = 0; i < max; i += 1) await t.services.auth.enforceOidcBudget(`2001:db8:200:1::${i + 1}`);
    const refused = await t.services.auth.enforceOidcBudget('2001:db8:200:1:abcd::1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    await expect(t.services.auth.enforceOidcBudget('2001:db8:200:2::1')).resolves.toBeUndefined();
  });

  it('an IPv4-mapped IPv6 address is the IPv4 address it carries', async () => {
    const contact = FAMILIES.find((family) => family.name === 'contact messages')!;
    for (let i = 0; i < scaled(contact.max); i += 1) {
      expect((await t.app.inject({ ...contact.request(), remoteAddress: '::ffff:198.51.100.77' })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ ...contact.request(), remoteAddress: '198.51.100.77' })).statusCode).toBe(429);
  });
});
