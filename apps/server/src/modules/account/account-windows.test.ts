// The account flows' time windows are settings (config.ts): shortened to seconds here, each one is shown to end
// with the error code it always had. An email change's link (EMAIL_CHANGE_HOURS), a password sign-in waiting for
// its second factor (TWO_FACTOR_CHALLENGE_MINUTES), a passwordless account's deletion after a sign-in
// (REAUTH_MINUTES) and one data download per window (ACCOUNT_EXPORT_MINUTES). PASSKEY_CHALLENGE_MINUTES is shown in
// modules/passkeys/passkeys.test.ts, which has an authenticator.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TwoFactorSetupResponse } from '@olden/contracts';
import { hashPassword } from '../auth/passwords.ts';
import { createTestApp, expectError, TEST_PASSWORD, type TestApp, type TestUser } from '../../test/harness.ts';
import { decodedBodyOf, startSmtp, type TestSmtp } from '../../test/smtp.ts';

/** Every window below is about 3 s; a step waits past it. Long enough for a slow machine to act inside it. */
const WINDOW_MS = 3000;
const PAST_WINDOW_MS = WINDOW_MS + 1000;
const ENV = {
  EMAIL_CHANGE_HOURS: String(WINDOW_MS / 3_600_000),
  TWO_FACTOR_CHALLENGE_MINUTES: String(WINDOW_MS / 60_000),
  REAUTH_MINUTES: String(WINDOW_MS / 60_000),
  ACCOUNT_EXPORT_MINUTES: String(WINDOW_MS / 60_000),
};

let smtp: TestSmtp;
let t: TestApp;
let passwordHash: string;
let ipCounter = 0;
const ip = () => `10.31.0.${(ipCounter++ % 250) + 1}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://olden.test', ...ENV });
  passwordHash = await hashPassword(TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function userWithPassword(): Promise<TestUser> {
  const u = await t.createUser();
  await t.services.users.setPasswordHash(u.id, passwordHash);
  return u;
}

describe('EMAIL_CHANGE_HOURS', () => {
  const ask = (u: TestUser, newEmail: string) =>
    t.injectAs(u, { method: 'POST', url: '/api/users/me/email', payload: { newEmail, password: TEST_PASSWORD } });
  const confirm = (u: TestUser, token: string) => t.injectAs(u, { method: 'POST', url: '/api/users/me/email/confirm', payload: { token } });
  async function lastMail(to: string): Promise<{ token: string; text: string }> {
    await t.services.mailer.idle();
    const text = decodedBodyOf(smtp.to(to).at(-1)?.raw ?? '');
    const token = /\/confirmEmail\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no confirmation link to ${to}`);
    return { token, text };
  }

  it('a link works within the window (the mail says how long) and is refused after it (400 INVALID_TOKEN)', async () => {
    const late = await userWithPassword();
    const lateEmail = `late-${late.id}@test.example`;
    expect((await ask(late, lateEmail)).statusCode).toBe(202);
    const { token: lateToken, text } = await lastMail(lateEmail);
    expect(text).toContain('within 3 seconds');

    const prompt = await userWithPassword();
    const promptEmail = `prompt-${prompt.id}@test.example`;
    expect((await ask(prompt, promptEmail)).statusCode).toBe(202);
    const done = await confirm(prompt, (await lastMail(promptEmail)).token);
    expect(done.statusCode, done.body).toBe(200);

    await pause(PAST_WINDOW_MS);
    expectError(await confirm(late, lateToken), 400, { code: 'INVALID_TOKEN' });
    expect((await t.services.users.findById(late.id))!.email).toBe(late.email);
  });
});

describe('TWO_FACTOR_CHALLENGE_MINUTES', () => {
  const codeAt = (secret: string, timestamp: number) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

  async function challengeFor(u: TestUser): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: TEST_PASSWORD }, remoteAddress: ip() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ challenge: string }>().challenge;
  }
  const second = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/login/2fa', payload, remoteAddress: ip() });

  it('a sign-in challenge is answered within the window; after it, a right recovery code is refused (401 INVALID_CODE)', async () => {
    const u = await userWithPassword();
    const setup = (await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/setup' })).json<TwoFactorSetupResponse>();
    const enable = await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: codeAt(setup.secret, Date.now() - 30_000) } });
    expect(enable.statusCode, enable.body).toBe(200);
    const [first, later] = enable.json<{ recoveryCodes: string[] }>().recoveryCodes;

    const late = await challengeFor(u);
    const prompt = await second({ challenge: await challengeFor(u), recoveryCode: first });
    expect(prompt.statusCode, prompt.body).toBe(200);

    await pause(PAST_WINDOW_MS);
    expectError(await second({ challenge: late, recoveryCode: later }), 401, { code: 'INVALID_CODE' });
    // The refusal did not spend the recovery code: a fresh challenge takes it.
    const fresh = await second({ challenge: await challengeFor(u), recoveryCode: later });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});

describe('REAUTH_MINUTES', () => {
  it('an account without a password deletes itself within the window after a sign-in; after it, 403 REAUTH_REQUIRED', async () => {
    const u = await t.createUser();
    await pause(PAST_WINDOW_MS);
    expectError(await t.injectAs(u, { method: 'DELETE', url: '/api/users/me' }), 403, { code: 'REAUTH_REQUIRED' });
    expect((await t.services.users.findById(u.id))!.deletedAt).toBeNull();

    // Signing in again opens the window.
    const { sessionId } = await t.services.auth.startSession(u.row);
    const token = await t.services.auth.signToken(u.row, sessionId);
    const res = await t.injectAs({ ...u, token, sessionId }, { method: 'DELETE', url: '/api/users/me' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('ACCOUNT_EXPORT_MINUTES', () => {
  it('one download per window (429 within it), and another once it has passed', async () => {
    const u = await t.createUser();
    const exportOwn = () => t.injectAs(u, { method: 'GET', url: '/api/users/me/export' });
    expect((await exportOwn()).statusCode).toBe(200);
    expectError(await exportOwn(), 429, {});
    await pause(PAST_WINDOW_MS);
    const again = await exportOwn();
    expect(again.statusCode, again.body).toBe(200);
  });
});
