// Email verification, password reset and change, end to end: the links are read from mail received by a
// real SMTP server on loopback, and every bad token is tried (unknown, reused, expired, replaced, another
// purpose's, sent to an address the account no longer has).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, messages, type SessionResponse } from '@olden/contracts';
import { accountTokens, users } from '../../db/schema.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { createTestApp, expectError, TEST_PASSWORD, type TestApp, type TestUser } from '../../test/harness.ts';
import { decodedBodyOf, headersOf, startSmtp, type TestSmtp, tokenFromLink } from '../../test/smtp.ts';
import { AUTH_BUDGETS, SESSION_COOKIE } from '../auth/service.ts';
import { ACCOUNT_BUDGETS } from './service.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const PUBLIC_URL = 'https://shop.test.example';
const CHIEF = 'chief@test.example';
const NEW_PASSWORD = 'Fresh#Pass1';
/** An ADMIN_EMAILS address someone registers before its owner does. */
const SQUATTED = 'squatted-chief@test.example';

let smtp: TestSmtp;
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, ADMIN_EMAILS: `${CHIEF},reset-chief@test.example,${SQUATTED}` });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Each test its own IP, so per-IP budgets of one test never spill into another. */
const ip = () => `10.20.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;

async function register(email: string, name = 'Ada Lovelace') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
    remoteAddress: ip(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { res, cookie: `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)!.value}` };
}

/** The mails sent to `to` so far, once every mail on its way has left. */
async function mailsTo(to: string) {
  await t.services.mailer.idle();
  return smtp.to(to);
}

async function lastToken(to: string, page: 'verifyEmail' | 'resetPassword') {
  const mails = await mailsTo(to);
  expect(mails.length, `mails to ${to}`).toBeGreaterThan(0);
  return tokenFromLink(mails.at(-1)!.raw, PUBLIC_URL, page);
}

/** `cookie`: the browser the link is opened in (only one signed in to the link's account proves it). */
const verify = (token: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token }, remoteAddress: ip(), headers: cookie ? { cookie } : {} });
const resend = (user: TestUser) => t.injectAs(user, { method: 'POST', url: '/api/auth/verify-email/send' });
const requestReset = (email: string, remoteAddress = ip()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });
const confirmReset = (token: unknown, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password }, remoteAddress: ip() });
const change = (user: TestUser, currentPassword: string, newPassword: string) =>
  t.injectAs(user, { method: 'POST', url: '/api/auth/password', payload: { currentPassword, newPassword } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip() });
const sessionUser = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json<SessionResponse>().user;
/** A signed-in call that any user may make: 200 while the session lives, 401 once it ended. */
const probe = (user: TestUser) => t.injectAs(user, { method: 'GET', url: `/api/users/admin/${user.email}` });

const invalidToken = (res: LightMyRequestResponse) => expectError(res, 400, { code: 'INVALID_TOKEN', message: ACCOUNT_MESSAGES.invalidToken });

async function userWithPassword(email = `acct-${++counter}@test.example`) {
  return t.createUser({ email, password: TEST_PASSWORD });
}

async function expireTokens(userId: string) {
  await t.database.db
    .update(accountTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(accountTokens.userId, userId));
}

describe('email verification', () => {
  it('registration signs in at once and mails a link to PUBLIC_URL/verifyEmail; the link verifies once', async () => {
    const { res, cookie } = await register('ada@test.example', 'Ada <b>Lovelace</b>');
    expect(res.json()).toMatchObject({ user: { email: 'ada@test.example', emailVerified: false } });

    const [mail] = await mailsTo('ada@test.example');
    expect(mail).toBeDefined();
    const headers = headersOf(mail!.raw);
    expect(headers.get('from')).toBe('Olden Goods <no-reply@localhost>');
    expect(headers.get('subject')).toBe('Confirm your email for Olden Goods');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);
    // The address is nobody's proven one yet: the mail never carries the name whoever registered it chose.
    const [text, html] = decodedBodyOf(mail!.raw).split(/Content-Type: text\/html/i);
    expect(text).toMatch(/Content-Type: text\/plain/i);
    expect(text).toContain('Hello, please confirm that ada@test.example is your address.');
    expect(html).toContain('Hello, please confirm that ada@test.example is your address.');
    expect(text).not.toContain('Lovelace');
    expect(html).not.toContain('Lovelace');
    const token = tokenFromLink(mail!.raw, PUBLIC_URL, 'verifyEmail');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash is stored.
    const stored = await t.database.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'verify_email'));
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);

    const ok = await verify(token, cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ emailVerified: true });
    expect(await sessionUser(cookie)).toMatchObject({ emailVerified: true });
    invalidToken(await verify(token));
  });

  it('unknown, malformed and empty tokens are refused', async () => {
    invalidToken(await verify('A'.repeat(43)));
    invalidToken(await verify('not-a-token'));
    expectError(await verify(''), 400, { code: 'VALIDATION' });
    expectError(await verify('x'.repeat(5000)), 400, { code: 'VALIDATION' });
    expectError(await verify({ $ne: null }), 400, { code: 'VALIDATION' });
  });

  it('an expired link is refused', async () => {
    const user = await userWithPassword();
    expect((await resend(user)).statusCode).toBe(200);
    const token = await lastToken(user.email, 'verifyEmail');
    await expireTokens(user.id);
    invalidToken(await verify(token));
    expect((await t.services.users.findById(user.id))?.emailVerified).toBe(false);
  });

  it('a newer link replaces the older one', async () => {
    const user = await userWithPassword();
    const res = await resend(user);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationSent });
    const first = await lastToken(user.email, 'verifyEmail');
    await resend(user);
    const second = await lastToken(user.email, 'verifyEmail');
    expect(second).not.toBe(first);
    invalidToken(await verify(first));
    expect((await verify(second, user.cookie)).statusCode).toBe(200);
  });

  it("a link for an address the account no longer has proves nothing", async () => {
    const user = await userWithPassword();
    await resend(user);
    const token = await lastToken(user.email, 'verifyEmail');
    await t.database.db.update(users).set({ email: `moved-${user.email}` }).where(eq(users.id, user.id));
    invalidToken(await verify(token, user.cookie));
    expect((await t.services.users.findById(user.id))?.emailVerified).toBe(false);
  });

  it("another purpose's token is refused (a reset link cannot verify, a verification link cannot reset)", async () => {
    const user = await userWithPassword();
    await resend(user);
    const verifyToken = await lastToken(user.email, 'verifyEmail');
    await requestReset(user.email);
    const resetToken = await lastToken(user.email, 'resetPassword');
    invalidToken(await verify(resetToken));
    invalidToken(await confirmReset(verifyToken, NEW_PASSWORD));
    // Both are still good for their own purpose.
    expect((await verify(verifyToken, user.cookie)).statusCode).toBe(200);
    expect((await confirmReset(resetToken, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('two uses of one link at once: exactly one wins', async () => {
    const user = await userWithPassword();
    await resend(user);
    const token = await lastToken(user.email, 'verifyEmail');
    const results = await Promise.all([verify(token, user.cookie), verify(token, user.cookie), verify(token, user.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('two links issued at once (both stored): only the newer one works', async () => {
    const user = await userWithPassword();
    const { createAccountTokensRepository } = await import('./repository.ts');
    const { hashToken } = await import('./mails.ts');
    const repo = createAccountTokensRepository(t.database.db);
    const row = (token: string, createdAt: Date) => ({
      id: token.padEnd(32, '0'),
      userId: user.id,
      purpose: 'verify_email' as const,
      tokenHash: hashToken(token),
      email: user.email,
      createdAt,
      expiresAt: new Date(Date.now() + 60_000),
    });
    // As if two requests raced past each other's clean-up: both rows exist.
    await t.database.db.insert(accountTokens).values([row('older', new Date(Date.now() - 1000)), row('newer', new Date())]);
    expect(await repo.consume(hashToken('older'), 'verify_email', new Date())).toBeUndefined();
    invalidToken(await verify('older'));
    expect((await verify('newer', user.cookie)).statusCode).toBe(200);
  });

  it('resending when already verified answers 200 and mails nothing; anonymous is 401', async () => {
    const user = await userWithPassword();
    await t.services.users.markEmailVerified(user.id, user.email);
    const res = await resend(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.alreadyVerified });
    expect(await mailsTo(user.email)).toHaveLength(0);
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/send' }), 401, { code: 'UNAUTHENTICATED' });
  });

  it(`resending is limited to ${ACCOUNT_BUDGETS.verifySendPerUser.max} an hour per user: then 429 with Retry-After`, async () => {
    const user = await userWithPassword();
    for (let i = 0; i < ACCOUNT_BUDGETS.verifySendPerUser.max; i++) expect((await resend(user)).statusCode).toBe(200);
    const refused = await resend(user);
    expectError(refused, 429, { code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(user.email)).toHaveLength(ACCOUNT_BUDGETS.verifySendPerUser.max);
  });

  it(`spending links is limited per IP (${ACCOUNT_BUDGETS.tokenPerIp.max} per 15 minutes)`, async () => {
    const from = '10.99.0.1';
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'B'.repeat(43) }, remoteAddress: from });
    for (let i = 0; i < ACCOUNT_BUDGETS.tokenPerIp.max; i++) expect((await attempt()).statusCode).toBe(400);
    expectError(await attempt(), 429, { code: 'RATE_LIMITED' });
  });
});

describe('an address is proven by whoever holds the account, never handed to whoever registered it', () => {
  const SQUATTER_PASSWORD = 'Squat#2468x';
  const asToken = (token: string, url = '/api/users') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it("the owner's click elsewhere changes nothing (no proof, no admin); the owner's reset ends every hold of the squatter", async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Squatter', email: SQUATTED, password: SQUATTER_PASSWORD, photoURL: 'https://img.test.example/a.png' },
      remoteAddress: ip(),
    });
    expect(reg.statusCode).toBe(201);
    const squatterCookie = `${SESSION_COOKIE}=${reg.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: squatterCookie }, payload: { email: SQUATTED } });
    const squatterToken = jwt.json<{ token: string }>().token;

    // The owner opens the mailed link: in a browser signed in to nothing, then in one signed in to another account.
    const link = await lastToken(SQUATTED, 'verifyEmail');
    const someoneElse = await userWithPassword();
    for (const cookie of [undefined, someoneElse.cookie]) {
      expectError(await verify(link, cookie), 409, { code: 'SIGN_IN_TO_VERIFY', message: ACCOUNT_MESSAGES.signInToVerify });
    }
    const bearerElse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link },
      headers: { authorization: `Bearer ${someoneElse.token}` },
      remoteAddress: ip(),
    });
    expectError(bearerElse, 409, { code: 'SIGN_IN_TO_VERIFY' });

    // The squatter holds neither a proven account nor admin, by cookie or by token.
    expect(await t.services.users.findByEmail(SQUATTED)).toMatchObject({ emailVerified: false, role: 'user' });
    expect(await sessionUser(squatterCookie)).toMatchObject({ emailVerified: false, admin: false });
    expect((await asToken(squatterToken)).statusCode).toBe(403);
    expect((await t.services.users.findById(someoneElse.id))?.emailVerified).toBe(false);

    // The page offers the reset: it proves the address, ends every session and sets the owner's password.
    await requestReset(SQUATTED);
    expect((await confirmReset(await lastToken(SQUATTED, 'resetPassword'), NEW_PASSWORD)).statusCode).toBe(200);
    expect(await sessionUser(squatterCookie)).toBeNull();
    expect((await asToken(squatterToken)).statusCode).toBe(401);
    expectError(await login(SQUATTED, SQUATTER_PASSWORD), 401, { code: 'INVALID_CREDENTIALS' });
    const owner = await login(SQUATTED, NEW_PASSWORD);
    expect(owner.json()).toMatchObject({ user: { admin: true, emailVerified: true } });
  });

  it('the link stays usable where it was refused: the holder who signs in afterwards proves it', async () => {
    const user = await userWithPassword();
    await resend(user);
    const token = await lastToken(user.email, 'verifyEmail');
    expectError(await verify(token), 409, { code: 'SIGN_IN_TO_VERIFY' });
    expect((await verify(token, user.cookie)).statusCode).toBe(200);
    expect((await t.services.users.findById(user.id))?.emailVerified).toBe(true);
  });

  it('the honest path: the holder who opens their link with an access token (no cookie) is verified and stays signed in', async () => {
    const user = await userWithPassword();
    await resend(user);
    const token = await lastToken(user.email, 'verifyEmail');
    const res = await t.injectAs(user, { method: 'POST', url: '/api/auth/verify-email', payload: { token }, remoteAddress: ip() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ emailVerified: true });
    expect((await probe(user)).statusCode).toBe(200);
    expect(await sessionUser(user.cookie)).toMatchObject({ emailVerified: true });
  });

  it('a refused or dead link never tells more than the link is worth: a stale token or cookie is not a 401', async () => {
    const user = await userWithPassword();
    await resend(user);
    const token = await lastToken(user.email, 'verifyEmail');
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      headers: { authorization: 'Bearer not.a.valid-token', cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` },
      remoteAddress: ip(),
    });
    expectError(stale, 409, { code: 'SIGN_IN_TO_VERIFY' });
    invalidToken(await verify('C'.repeat(43), user.cookie));
  });
});

describe('ADMIN_EMAILS needs a verified email', () => {
  it('registering a listed address gives an ordinary user; verifying it makes the account admin', async () => {
    const { res, cookie } = await register(CHIEF);
    expect(res.json()).toMatchObject({ user: { admin: false, emailVerified: false } });
    expect((await t.services.users.findByEmail(CHIEF))?.role).toBe('user');
    // The boot grant passes over it while it is unverified.
    expect(await t.services.users.grantAdminIfVerified(CHIEF)).toBe(0);
    expect((await t.services.users.findByEmail(CHIEF))?.role).toBe('user');

    expect((await verify(await lastToken(CHIEF, 'verifyEmail'), cookie)).statusCode).toBe(200);
    expect(await sessionUser(cookie)).toMatchObject({ admin: true, emailVerified: true });
  });

  it('the boot grant promotes a verified listed account, and never demotes an admin made another way', async () => {
    const verified = await t.createUser({ email: 'verified-listed@test.example' });
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, verified.id));
    expect(await t.services.users.grantAdminIfVerified('Verified-Listed@test.example')).toBe(1);
    expect((await t.services.users.findById(verified.id))?.role).toBe('admin');

    const madeByCli = await t.createUser({ role: 'admin' });
    expect(madeByCli.row.emailVerified).toBe(false);
    expect(await t.services.users.grantAdminIfVerified(madeByCli.email)).toBe(0);
    expect((await t.services.users.findById(madeByCli.id))?.role).toBe('admin');
  });

  it('a password reset proves the address too, so a listed account becomes admin', async () => {
    const user = await t.createUser({ email: 'reset-chief@test.example', password: TEST_PASSWORD });
    expect(user.role).toBe('user');
    await requestReset(user.email);
    expect((await confirmReset(await lastToken(user.email, 'resetPassword'), NEW_PASSWORD)).statusCode).toBe(200);
    expect(await t.services.users.findById(user.id)).toMatchObject({ role: 'admin', emailVerified: true });
  });
});

describe('names in account mails', () => {
  /** The parts as a mail client shows them (quoted-printable undone, UTF-8 read). */
  const partsOf = (raw: string) => Buffer.from(decodedBodyOf(raw), 'latin1').toString('utf8').split(/Content-Type: text\/html/i) as [string, string];
  const URL_LIKE = /https?:\/\/|www\.|evil\.example|[\w-]+@[\w-]+\.[a-z]{2,}/i;

  it('registration refuses a name with a line break or another control character, with a message that says why', async () => {
    for (const name of ['Ann\nVisit https://evil.example', 'Ann\u0000', 'Ann\u202Etxt.exe']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name, email: `ctl-${++counter}@test.example`, password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
        remoteAddress: ip(),
      });
      expectError(res, 400, { code: 'VALIDATION' });
      expect(res.json<{ details: { path: string; message: string }[] }>().details).toContainEqual({ path: 'name', message: messages.nameControl });
    }
    const user = await userWithPassword();
    const patch = await t.injectAs(user, { method: 'PATCH', url: '/api/users/me', payload: { name: 'Ann\r\nBcc: x@evil.example' } });
    expectError(patch, 400, { code: 'VALIDATION' });
    expect((await t.services.users.findById(user.id))?.name).toBe(user.name);
  });

  it('a URL or an address in a name is never a link, in the text part or the HTML part', async () => {
    const name = 'Ada https://evil.example/win www.evil.example boss@evil.example';
    const user = await t.createUser({ email: `named-${++counter}@test.example`, name, password: TEST_PASSWORD });
    await t.services.users.markEmailVerified(user.id, user.email);
    await requestReset(user.email);
    const [mail] = await mailsTo(user.email);
    const [text, html] = partsOf(mail!.raw);
    // The name is there, as text a person reads the same way...
    expect(text.replace(/\u200D/g, '')).toContain(`Hello ${name},`);
    // ...but nothing of it looks like a link to a mail client; the only link is the reset link.
    const own = (part: string) => part.replaceAll(user.email, '').replace(/https:\/\/shop\.test\.example[^"<\s]*/g, '');
    expect(own(text)).not.toMatch(URL_LIKE);
    expect(own(html)).not.toMatch(URL_LIKE);
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it("a reset mail to an address nobody proved yet carries no name", async () => {
    const user = await t.createUser({ email: `unproven-${++counter}@test.example`, name: 'Mallory https://evil.example', password: TEST_PASSWORD });
    await requestReset(user.email);
    const [mail] = await mailsTo(user.email);
    const [text, html] = partsOf(mail!.raw);
    expect(text).toContain('Hello, someone (we hope you) asked');
    expect(`${text}${html}`).not.toContain('Mallory');
  });
});

describe('password reset', () => {
  it('mails a link to PUBLIC_URL/resetPassword; the new password works, the old does not, every session ends', async () => {
    const user = await userWithPassword();
    const other = await login(user.email, TEST_PASSWORD);
    const otherCookie = `${SESSION_COOKIE}=${other.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;

    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    const [mail] = await mailsTo(user.email);
    expect(headersOf(mail!.raw).get('subject')).toBe('Reset your Olden Goods password');
    const token = tokenFromLink(mail!.raw, PUBLIC_URL, 'resetPassword');

    const done = await confirmReset(token, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });

    expect((await probe(user)).statusCode).toBe(401);
    expect(await sessionUser(user.cookie)).toBeNull();
    expect(await sessionUser(otherCookie)).toBeNull();
    expectError(await login(user.email, TEST_PASSWORD), 401, { code: 'INVALID_CREDENTIALS' });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await t.services.users.findById(user.id))?.emailVerified).toBe(true);
    // Single use.
    invalidToken(await confirmReset(token, 'Other#Pass2'));
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same 202 for an unknown email, and mails nobody', async () => {
    const before = smtp.delivered.length;
    const known = await userWithPassword();
    const a = await requestReset(known.email);
    const b = await requestReset('nobody-here@test.example');
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(b.body).toBe(a.body);
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
    await t.services.mailer.idle();
    expect(smtp.delivered.slice(before).map((d) => d.rcptTo)).toEqual([[known.email]]);
  });

  it('a newer link voids the older; expired and unknown links are refused', async () => {
    const user = await userWithPassword();
    await requestReset(user.email);
    const first = await lastToken(user.email, 'resetPassword');
    await requestReset(user.email);
    const second = await lastToken(user.email, 'resetPassword');
    invalidToken(await confirmReset(first, NEW_PASSWORD));
    await expireTokens(user.id);
    invalidToken(await confirmReset(second, NEW_PASSWORD));
    invalidToken(await confirmReset('C'.repeat(43), NEW_PASSWORD));
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('the new password follows the register rules and is not a common one; a refused password leaves the link usable', async () => {
    const user = await userWithPassword();
    await requestReset(user.email);
    const token = await lastToken(user.email, 'resetPassword');
    expectError(await confirmReset(token, 'short'), 400, {
      code: 'VALIDATION',
      details: expect.arrayContaining([{ path: 'password', message: messages.register.passwordMin }]),
    });
    expectError(await confirmReset(token, 'abcdefgh'), 400, {
      details: expect.arrayContaining([{ path: 'password', message: messages.register.passwordPattern }]),
    });
    expectError(await confirmReset(token, 'P@ssw0rd'), 400, {
      code: 'COMMON_PASSWORD',
      message: ACCOUNT_MESSAGES.commonPassword,
      details: [{ path: 'password', message: ACCOUNT_MESSAGES.commonPassword }],
    });
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('an account made by Google alone (no password) sets its first password this way', async () => {
    const { user } = await t.services.auth.signInWithOidc({
      subject: 'https://issuer.test.example google-only',
      email: 'google-only@test.example',
      name: 'Gina',
      photoURL: 'https://img.test.example/g.png',
    });
    expect(user.passwordHash).toBeNull();
    await requestReset('google-only@test.example');
    expect((await confirmReset(await lastToken('google-only@test.example', 'resetPassword'), NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login('google-only@test.example', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it(`is limited per email (${ACCOUNT_BUDGETS.resetPerEmail.max} an hour, known or not) and per IP (${ACCOUNT_BUDGETS.resetPerIp.max} an hour)`, async () => {
    for (const email of ['budget-unknown@test.example', (await userWithPassword()).email]) {
      for (let i = 0; i < ACCOUNT_BUDGETS.resetPerEmail.max; i++) expect((await requestReset(email)).statusCode).toBe(202);
      const refused = await requestReset(email);
      expectError(refused, 429, { code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const from = '10.98.0.1';
    for (let i = 0; i < ACCOUNT_BUDGETS.resetPerIp.max; i++) {
      expect((await requestReset(`per-ip-${i}@test.example`, from)).statusCode).toBe(202);
    }
    expectError(await requestReset('per-ip-last@test.example', from), 429, { code: 'RATE_LIMITED' });
  });

  it('a reset lifts the failed sign-in lock of the account (failures from everywhere)', async () => {
    const user = await userWithPassword();
    // Each login comes from a new address: only the per-email budget from everywhere can lock it.
    for (let i = 0; i < AUTH_BUDGETS.failedLoginPerEmail.max; i++) expect((await login(user.email, 'Wrong#123')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    await requestReset(user.email);
    expect((await confirmReset(await lastToken(user.email, 'resetPassword'), NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('with the right current password: this session stays, every other one ends, the old password stops working', async () => {
    const user = await userWithPassword();
    const other = await login(user.email, TEST_PASSWORD);
    const otherCookie = `${SESSION_COOKIE}=${other.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    expect(await sessionUser(otherCookie)).not.toBeNull();

    const res = await change(user, TEST_PASSWORD, NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect((await probe(user)).statusCode).toBe(200);
    expect(await sessionUser(user.cookie)).not.toBeNull();
    expect(await sessionUser(otherCookie)).toBeNull();
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a wrong current password is WRONG_PASSWORD; after a few the route answers 429 even with the right one', async () => {
    const user = await userWithPassword();
    for (let i = 0; i < ACCOUNT_BUDGETS.failedChangePerUser.max; i++) {
      expectError(await change(user, 'Wrong#123', NEW_PASSWORD), 400, {
        code: 'WRONG_PASSWORD',
        message: ACCOUNT_MESSAGES.wrongCurrentPassword,
        details: [{ path: 'currentPassword', message: ACCOUNT_MESSAGES.wrongCurrentPassword }],
      });
    }
    const refused = await change(user, TEST_PASSWORD, NEW_PASSWORD);
    expectError(refused, 429, { code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('the new password follows the register rules and is not a common one', async () => {
    const user = await userWithPassword();
    expectError(await change(user, TEST_PASSWORD, 'abcdefgh'), 400, {
      code: 'VALIDATION',
      details: expect.arrayContaining([{ path: 'newPassword', message: messages.register.passwordPattern }]),
    });
    expectError(await change(user, '', NEW_PASSWORD), 400, {
      details: expect.arrayContaining([{ path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordRequired }]),
    });
    expectError(await change(user, TEST_PASSWORD, 'Pa$$w0rd'), 400, {
      code: 'COMMON_PASSWORD',
      details: [{ path: 'newPassword', message: ACCOUNT_MESSAGES.commonPassword }],
    });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('an account without a password is told to use reset; anonymous is 401', async () => {
    const user = await t.createUser();
    expectError(await change(user, TEST_PASSWORD, NEW_PASSWORD), 400, {
      code: 'VALIDATION',
      message: ACCOUNT_MESSAGES.noPasswordYet,
    });
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { currentPassword: 'x', newPassword: NEW_PASSWORD } }), 401, {
      code: 'UNAUTHENTICATED',
    });
  });

  it('a reset link mailed before a change cannot undo it', async () => {
    const user = await userWithPassword();
    await requestReset(user.email);
    const token = await lastToken(user.email, 'resetPassword');
    expect((await change(user, TEST_PASSWORD, NEW_PASSWORD)).statusCode).toBe(200);
    invalidToken(await confirmReset(token, 'Other#Pass2'));
    const pending = await t.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password_reset')));
    expect(pending.filter((r) => r.usedAt === null)).toHaveLength(0);
  });
});

describe('common passwords', () => {
  it('registration refuses a common password with COMMON_PASSWORD on the password field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Pat', email: 'common@test.example', password: 'P@ssw0rd', photoURL: 'https://img.test.example/a.png' },
      remoteAddress: ip(),
    });
    expectError(res, 400, { code: 'COMMON_PASSWORD', details: [{ path: 'password', message: ACCOUNT_MESSAGES.commonPassword }] });
    expect(await t.services.users.findByEmail('common@test.example')).toBeUndefined();
  });

  it('the list is large and case-insensitive, and the project’s own test passwords are not on it', async () => {
    for (const common of ['password', 'PASSWORD', 'Qwerty123', 'iloveyou', 'P@ssw0rd', 'dragon']) expect(await isCommonPassword(common), common).toBe(true);
    for (const ours of [TEST_PASSWORD, 'Xss@1234', NEW_PASSWORD]) {
      expect(await isCommonPassword(ours), ours).toBe(false);
    }
  });

  // The spec's composition rule in front lets almost no list entry through as it is: what people choose
  // is a common word dressed to meet it, the README's demo passwords, or the product's own name.
  const DRESSED = ['Password1!', 'Admin@123', 'Qwerty1!', 'Summer2024!', 'Admin@1234', 'User@1234', 'Seller@1234', 'P@ssw0rd1!', 'Olden#2024', '0ldenG00ds!'];
  const STRONG = 'Kq9$Lm4!Zx7@Np2#';

  it('a common word dressed with digits, symbols and look-alikes is refused by register, reset and change alike', async () => {
    for (const password of DRESSED) {
      const email = `dressed-${++counter}@test.example`;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Pat', email, password, photoURL: 'https://img.test.example/a.png' },
        remoteAddress: ip(),
      });
      expectError(registered, 400, { code: 'COMMON_PASSWORD', message: ACCOUNT_MESSAGES.commonPassword, details: [{ path: 'password', message: ACCOUNT_MESSAGES.commonPassword }] });
      expect(await t.services.users.findByEmail(email), password).toBeUndefined();

      const user = await userWithPassword();
      await requestReset(user.email);
      const token = await lastToken(user.email, 'resetPassword');
      expectError(await confirmReset(token, password), 400, { code: 'COMMON_PASSWORD', details: [{ path: 'password', message: ACCOUNT_MESSAGES.commonPassword }] });
      expectError(await change(user, TEST_PASSWORD, password), 400, {
        code: 'COMMON_PASSWORD',
        details: [{ path: 'newPassword', message: ACCOUNT_MESSAGES.commonPassword }],
      });
      expect((await login(user.email, TEST_PASSWORD)).statusCode, password).toBe(200);
    }
  });

  it('a password zxcvbn scores below 2 is refused as too easy to guess, saying so', async () => {
    for (const password of ['1!1!1!', 'k7!Qz2', '!@#$%^&*9']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Pat', email: `guessable-${++counter}@test.example`, password, photoURL: 'https://img.test.example/a.png' },
        remoteAddress: ip(),
      });
      expectError(res, 400, { code: 'COMMON_PASSWORD', message: ACCOUNT_MESSAGES.guessablePassword, details: [{ path: 'password', message: ACCOUNT_MESSAGES.guessablePassword }] });
    }
  });

  it('a strong password passes register, reset and change', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Pat', email: `strong-${++counter}@test.example`, password: STRONG, photoURL: 'https://img.test.example/a.png' },
      remoteAddress: ip(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const reset = await userWithPassword();
    await requestReset(reset.email);
    expect((await confirmReset(await lastToken(reset.email, 'resetPassword'), STRONG)).statusCode).toBe(200);
    expect((await login(reset.email, STRONG)).statusCode).toBe(200);
    const changer = await userWithPassword();
    expect((await change(changer, TEST_PASSWORD, STRONG)).statusCode).toBe(200);
    expect((await login(changer.email, STRONG)).statusCode).toBe(200);
  });
});

describe('mail without SMTP_URL: the outbox', () => {
  it('keeps each mail as an .eml in DATA_DIR/outbox with its link, and registration still succeeds', async () => {
    const local = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Lou', email: 'lou@test.example', password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
      });
      expect(res.statusCode).toBe(201);
      await local.services.mailer.idle();
      const outbox = path.resolve(local.config.DATA_DIR, 'outbox');
      const files = await readdir(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT.*\.eml$/);
      const raw = await readFile(path.join(outbox, files[0]!), 'utf8');
      expect(headersOf(raw).get('to')).toBe('lou@test.example');
      const token = tokenFromLink(raw, 'http://localhost:3000', 'verifyEmail');
      const cookie = `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
      expect((await local.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token }, headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('with the SMTP server down, registration and reset still answer as usual (the failure is only logged)', async () => {
    const down = await startSmtp();
    const url = down.url;
    await down.close();
    const broken = await createTestApp({ SMTP_URL: url });
    try {
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Dee', email: 'dee@test.example', password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
      });
      expect(res.statusCode).toBe(201);
      expect((await broken.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'dee@test.example' } })).statusCode).toBe(202);
      await broken.services.mailer.idle();
    } finally {
      await broken.close();
    }
  });
});
