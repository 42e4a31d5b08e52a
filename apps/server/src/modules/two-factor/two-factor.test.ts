// Two-step sign-in (issue 32): TOTP with the clock moved, replays, recovery codes, the sign-in challenge's budget,
// and REQUIRE_ADMIN_2FA. Codes are computed here from the secret the set-up answers, as an authenticator app would.
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CHALLENGE_TRIES, type TwoFactorSetupResponse } from '@olden/contracts';
import { loginChallenges } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { SESSION_COOKIE } from '../auth/service.ts';
import { createTestApp, expectError, TEST_PASSWORD, type TestApp, type TestUser } from '../../test/harness.ts';

let t: TestApp;
let strict: TestApp;
let passwordHash: string;
let ipCounter = 0;
const ip = () => `10.30.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  [t, strict] = await Promise.all([createTestApp(), createTestApp({ REQUIRE_ADMIN_2FA: 'true' })]);
  passwordHash = await hashPassword(TEST_PASSWORD);
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
});

const STEP_MS = 30_000;
const codeAt = (secret: string, timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

/** A user with a password and two-step sign-in on; answers its secret and recovery codes. */
async function withTwoFactor(app: TestApp, options: { role?: 'admin' } = {}): Promise<{ u: TestUser; secret: string; recoveryCodes: string[] }> {
  const u = await app.createUser(options);
  await app.services.users.setPasswordHash(u.id, passwordHash);
  const setup = await app.injectAs(u, { method: 'POST', url: '/api/auth/2fa/setup' });
  expect(setup.statusCode, setup.body).toBe(200);
  const body = setup.json<TwoFactorSetupResponse>();
  expect(body.uri).toMatch(/^otpauth:\/\/totp\/Olden%20Goods:.+\?.*secret=[A-Z2-7]+/);
  expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Buffer.from(body.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
  // Enabled with the code of the step before now: later steps stay usable for sign-ins.
  const enable = await app.injectAs(u, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: codeAt(body.secret, Date.now() - STEP_MS) } });
  expect(enable.statusCode, enable.body).toBe(200);
  const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
  return { u, secret: body.secret, recoveryCodes };
}

async function passwordStep(app: TestApp, u: TestUser) {
  const res = await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: TEST_PASSWORD }, remoteAddress: ip() });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
async function challengeFor(app: TestApp, u: TestUser): Promise<string> {
  const res = await passwordStep(app, u);
  const body = res.json<{ twoFactorRequired: true; challenge: string }>();
  expect(body.twoFactorRequired).toBe(true);
  expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  return body.challenge;
}
const second = (app: TestApp, payload: Record<string, unknown>) => app.app.inject({ method: 'POST', url: '/api/auth/login/2fa', payload, remoteAddress: ip() });

describe('TOTP', () => {
  it('set-up answers 10 recovery codes once; with it on, the password step answers a challenge and no session', async () => {
    const { u, recoveryCodes } = await withTwoFactor(t);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    await challengeFor(t, u);
    const status = await t.injectAs(u, { method: 'GET', url: '/api/auth/2fa' });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Set-up again while on: 409.
    expectError(await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/setup' }), 409, { code: 'CONFLICT' });
  });

  it('accepts a code within one step of drift, refuses one two steps off, and a code only once (replay: 401)', async () => {
    const { u, secret } = await withTwoFactor(t);
    const now = Date.now();
    for (const off of [-2 * STEP_MS, 2 * STEP_MS]) {
      expectError(await second(t, { challenge: await challengeFor(t, u), code: codeAt(secret, now + off) }), 401, { code: 'INVALID_CODE' });
    }
    const challenge = await challengeFor(t, u);
    const code = codeAt(secret, now + STEP_MS);
    const ok = await second(t, { challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ user: { email: u.email } });
    expect(ok.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBeTruthy();
    // The same code again, on a fresh challenge: refused. So is a code of an earlier step (now).
    expectError(await second(t, { challenge: await challengeFor(t, u), code }), 401, { code: 'INVALID_CODE' });
    expectError(await second(t, { challenge: await challengeFor(t, u), code: codeAt(secret, now) }), 401, { code: 'INVALID_CODE' });
    // A challenge is single use.
    expectError(await second(t, { challenge, code: codeAt(secret, now + STEP_MS) }), 401, { code: 'INVALID_CODE' });
  });

  it('recovery codes work once each, in any case and with or without dashes', async () => {
    const { u, recoveryCodes } = await withTwoFactor(t);
    const [first, other] = recoveryCodes as [string, string];
    const ok = await second(t, { challenge: await challengeFor(t, u), recoveryCode: first.toLowerCase().replace(/-/g, '') });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(await second(t, { challenge: await challengeFor(t, u), recoveryCode: first }), 401, { code: 'INVALID_CODE' });
    expect((await second(t, { challenge: await challengeFor(t, u), recoveryCode: other })).statusCode).toBe(200);
    expect((await t.injectAs(u, { method: 'GET', url: '/api/auth/2fa' })).json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
    expectError(await second(t, { challenge: await challengeFor(t, u), recoveryCode: 'AAAA-BBBB-CCCC-DDDD' }), 401, { code: 'INVALID_CODE' });
  });

  it('a challenge takes 5 tries, then even the right code is refused; it lives 5 minutes', async () => {
    const { u, secret } = await withTwoFactor(t);
    const challenge = await challengeFor(t, u);
    const wrong = codeAt(secret, Date.now() + 10 * STEP_MS);
    for (let i = 0; i < LOGIN_CHALLENGE_TRIES; i++) expectError(await second(t, { challenge, code: wrong }), 401, { code: 'INVALID_CODE' });
    expectError(await second(t, { challenge, code: codeAt(secret, Date.now()) }), 401, { code: 'INVALID_CODE' });
    // Expired.
    const late = await challengeFor(t, u);
    await t.database.db.update(loginChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(loginChallenges.userId, u.id));
    expectError(await second(t, { challenge: late, code: codeAt(secret, Date.now()) }), 401, { code: 'INVALID_CODE' });
  });

  it('a password changed between the steps voids the challenge', async () => {
    const { u, secret } = await withTwoFactor(t);
    const challenge = await challengeFor(t, u);
    await t.services.users.setPasswordHash(u.id, await hashPassword('Other#Pass9'));
    expectError(await second(t, { challenge, code: codeAt(secret, Date.now() + STEP_MS) }), 401, {});
  });

  it('disable needs the password and a current code; then the password alone signs in again', async () => {
    const { u, secret } = await withTwoFactor(t);
    expectError(await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/disable', payload: { password: 'Wrong#123x', code: codeAt(secret, Date.now()) } }), 400, { code: 'WRONG_PASSWORD' });
    expectError(await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/disable', payload: { password: TEST_PASSWORD, code: '000000' } }), 400, { code: 'VALIDATION' });
    const off = await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/disable', payload: { password: TEST_PASSWORD, code: codeAt(secret, Date.now()) } });
    expect(off.statusCode, off.body).toBe(200);
    const res = await passwordStep(t, u);
    expect(res.json()).toMatchObject({ user: { email: u.email } });
    const left = await t.database.db.execute(sql`select count(*)::int as n from recovery_codes where user_id = ${u.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('enable refuses a wrong code, and a set-up nobody started', async () => {
    const u = await t.createUser();
    expectError(await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '123456' } }), 409, { code: 'CONFLICT' });
    await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/setup' });
    expectError(await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '12345' } }), 400, { code: 'VALIDATION' });
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('admin-only calls answer 403 TWO_FACTOR_REQUIRED until the admin turns it on; user calls are unaffected', async () => {
    const admin = await strict.createUser({ role: 'admin' });
    expectError(await strict.injectAs(admin, { method: 'GET', url: '/api/users' }), 403, { code: 'TWO_FACTOR_REQUIRED' });
    // The way to turn it on stays open.
    expect((await strict.injectAs(admin, { method: 'GET', url: '/api/auth/2fa' })).statusCode).toBe(200);
    const { u: ready } = await withTwoFactor(strict, { role: 'admin' });
    expect((await strict.injectAs(ready, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    // Off by default: the spec's admin flows keep working.
    const plainAdmin = await t.createUser({ role: 'admin' });
    expect((await t.injectAs(plainAdmin, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    // A user still gets ADMINS_ONLY.
    const user = await strict.createUser();
    expectError(await strict.injectAs(user, { method: 'GET', url: '/api/users' }), 403, { code: 'ADMINS_ONLY' });
  });
});
