// Failure budgets cannot be raced: every sign-in and password-change attempt is counted before its password
// is checked, in one atomic step, and given back when it succeeds (docs/decisions/016-budgets-on-rate-limiter-flexible.md).
// Fifty concurrent guesses against a budget of ten get at most ten passwords checked, on the in-memory
// limiter and on Redis alike (the Redis half is skipped, and says so, when 127.0.0.1:6379 does not answer).
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryLimiter, createRedisLimiter, type Limiter } from '../lib/limiter.ts';
import { ACCOUNT_BUDGETS } from '../modules/accounts/service.ts';
import { AUTH_BUDGETS } from '../modules/auth/service.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const GUESSES = 50;

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
const redisUp = await answers(REDIS_URL);

const tally = (responses: LightMyRequestResponse[]) => {
  const byStatus: Record<number, number> = {};
  for (const res of responses) byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
  return byStatus;
};

function raceSuite(store: string, makeLimiter: () => Limiter) {
  describe(`failure budgets under concurrent guesses (${store})`, () => {
    let t: TestApp;
    let limiter: Limiter;
    let address = 0;
    const freshIp = () => `10.61.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
    beforeAll(async () => {
      limiter = makeLimiter();
      t = await createTestApp({}, { limiter });
    });
    afterAll(async () => {
      await t?.close();
      await limiter?.close();
    });

    it(`${GUESSES} concurrent wrong sign-ins from one address: at most ${AUTH_BUDGETS.failedLoginPerAddress.max} passwords checked`, async () => {
      const owner = await t.createUser({ password: TEST_PASSWORD });
      const ip = freshIp();
      const guesses = await Promise.all(
        Array.from({ length: GUESSES }, (_, i) =>
          t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: owner.email, password: `Wrong#${i}00` } }),
        ),
      );
      const byStatus = tally(guesses);
      // Every 401 is one password checked; everything else was refused before the check.
      expect(byStatus[401] ?? 0, JSON.stringify(byStatus)).toBeLessThanOrEqual(AUTH_BUDGETS.failedLoginPerAddress.max);
      expect(byStatus[401] ?? 0, JSON.stringify(byStatus)).toBeGreaterThan(0);
      expect((byStatus[401] ?? 0) + (byStatus[429] ?? 0), JSON.stringify(byStatus)).toBe(GUESSES);
      // The budget is spent: even the right password from that address is refused.
      const right = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: owner.email, password: TEST_PASSWORD } });
      expect(right.statusCode).toBe(429);
    });

    it(`${GUESSES} concurrent wrong current passwords on the change form: at most ${ACCOUNT_BUDGETS.failedChangePerUser.max} checked`, async () => {
      const user = await t.createUser({ password: TEST_PASSWORD });
      const guesses = await Promise.all(
        Array.from({ length: GUESSES }, (_, i) =>
          t.injectAs(user, { method: 'POST', url: '/api/auth/password', payload: { currentPassword: `Wrong#${i}00`, newPassword: 'Fresh#Pass42x' } }),
        ),
      );
      const codes: Record<string, number> = {};
      for (const res of guesses) codes[res.json<{ code: string }>().code] = (codes[res.json<{ code: string }>().code] ?? 0) + 1;
      expect(codes.WRONG_PASSWORD ?? 0, JSON.stringify(codes)).toBeLessThanOrEqual(ACCOUNT_BUDGETS.failedChangePerUser.max);
      expect(codes.WRONG_PASSWORD ?? 0, JSON.stringify(codes)).toBeGreaterThan(0);
      expect((codes.WRONG_PASSWORD ?? 0) + (codes.RATE_LIMITED ?? 0), JSON.stringify(codes)).toBe(GUESSES);
    });

    it('a successful sign-in gives its attempt back: the count from everywhere holds only failures', async () => {
      const owner = await t.createUser({ password: TEST_PASSWORD });
      const failures = { name: 'login-fail', windowMs: AUTH_BUDGETS.failedLoginPerEmail.windowMs };
      const login = (password: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: freshIp(), payload: { email: owner.email, password } });
      expect((await login('Wrong#100')).statusCode).toBe(401);
      expect((await login('Wrong#200')).statusCode).toBe(401);
      for (let i = 0; i < 3; i += 1) expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
      expect((await limiter.peek(failures, owner.email)).count).toBe(2);
    });

    it('a right current password gives its attempt back; a refused attempt is not left counted', async () => {
      const user = await t.createUser({ password: TEST_PASSWORD });
      const failures = { name: 'password-change-fail', windowMs: ACCOUNT_BUDGETS.failedChangePerUser.windowMs };
      // A new password the common list refuses, checked only once the current one is right.
      const change = (currentPassword: string) =>
        t.injectAs(user, { method: 'POST', url: '/api/auth/password', payload: { currentPassword, newPassword: 'P@ssw0rd' } });
      expect((await change('Wrong#100')).json()).toMatchObject({ code: 'WRONG_PASSWORD' });
      // Right current password, refused new one: the check passed, so nothing stays counted for it.
      expect((await change(TEST_PASSWORD)).json()).toMatchObject({ code: 'COMMON_PASSWORD' });
      expect((await limiter.peek(failures, user.id)).count).toBe(1);
    });
  });
}

raceSuite('in memory', () => createMemoryLimiter());

const prefix = `og-test-races-${randomBytes(4).toString('hex')}:`;
if (redisUp) {
  raceSuite(`Redis at ${new URL(REDIS_URL).host}`, () => createRedisLimiter(REDIS_URL, prefix));
  afterAll(async () => {
    // The test's own keys only (the prefix is random per run); the 30-day address markers included.
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
} else {
  describe.skip(`failure budgets under concurrent guesses (Redis: nothing answers at ${new URL(REDIS_URL).host})`, () => {
    it('skipped: start Redis or set TEST_REDIS_URL', () => {});
  });
}
