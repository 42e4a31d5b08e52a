// Email/password identity: register, login, session, token issue, logout, abuse budgets and bad input.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { type ErrorBody, messages, type SessionUser, type TokenResponse } from '@olden/contracts';
import { sessions } from '../../db/schema.ts';
import { type TestApp, TEST_PASSWORD, useTestApp } from '../../test/harness.ts';
import { AUTH_BUDGETS, type OidcIdentity, SESSION_COOKIE } from './service.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const getApp = useTestApp();

let ipCounter = 0;
/** A fresh client address per call unless one is given, so abuse budgets only bite where a test wants them. */
function nextIp(): string {
  ipCounter += 1;
  return `10.20.${ipCounter >> 8}.${ipCounter & 255}`;
}

interface Call {
  payload?: unknown;
  cookie?: string;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

function call(t: TestApp, method: 'GET' | 'POST', url: string, c: Call = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.cookie) headers.cookie = c.cookie;
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: c.ip ?? nextIp(),
    ...(c.payload !== undefined ? { payload: c.payload as Record<string, unknown> } : {}),
  });
}

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}
const cookieHeader = (res: LightMyRequestResponse) => `${SESSION_COOKIE}=${sessionCookie(res)!.value}`;

let emailCounter = 0;
function registration(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return {
    name: 'Reg User',
    photoURL: 'https://img.test.example/me.png',
    email: `reg${emailCounter}-${Date.now()}@test.example`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}

async function userCount(t: TestApp): Promise<number> {
  return (await t.services.users.list({ limit: 1000 })).rows.length;
}

function expectNoStack(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/\n\s+at |stack|node_modules|\.ts:\d+/);
}

const m = messages.register;

describe('POST /api/auth/register', () => {
  it('creates the user, signs in with an httpOnly SameSite=Lax cookie, and answers {user}', async () => {
    const t = getApp();
    const body = registration({ email: 'New.Person@Test.Example', name: '  Zoë 山田 🚀  ' });
    const res = await call(t, 'POST', '/api/auth/register', { payload: body });
    expect(res.statusCode).toBe(201);
    const { user } = res.json<{ user: SessionUser }>();
    expect(user).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{32}$/),
      email: 'new.person@test.example',
      displayName: 'Zoë 山田 🚀',
      photoURL: body.photoURL,
      admin: false,
      emailVerified: false,
      notifyByEmail: true,
      savedSearchDigest: false,
    });
    const cookie = sessionCookie(res)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    // The session cookie of before (Path=/api) is expired, so a browser never holds two.
    expect(res.cookies.filter((c) => c.name === SESSION_COOKIE && c.path === '/api').map((c) => c.value)).toEqual(['']);
    expect(res.json()).not.toHaveProperty('user.passwordHash');

    const session = await call(t, 'GET', '/api/auth/session', { cookie: cookieHeader(res) });
    expect(session.json()).toEqual({ user });
    const stored = await t.services.users.findByEmail('new.person@test.example');
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('a duplicate email (any case) is 409 and changes nothing', async () => {
    const t = getApp();
    const body = registration();
    expect((await call(t, 'POST', '/api/auth/register', { payload: body })).statusCode).toBe(201);
    const before = await t.services.users.findByEmail(body.email);
    const again = await call(t, 'POST', '/api/auth/register', {
      payload: { ...body, email: body.email.toUpperCase(), name: 'Impostor', password: 'Mx9#Ridge4Lq' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(again.json<ErrorBody>().code).toBe('EMAIL_TAKEN');
    expect(sessionCookie(again)).toBeUndefined();
    expect(await t.services.users.findByEmail(body.email)).toEqual(before);
  });

  it.each([
    ['name missing', { name: undefined }, 'name', m.nameRequired],
    ['name blank', { name: '   ' }, 'name', m.nameRequired],
    ['photoURL missing', { photoURL: undefined }, 'photoURL', m.photoURLRequired],
    ['email missing', { email: undefined }, 'email', m.emailRequired],
    ['email empty', { email: '' }, 'email', m.emailRequired],
    ['email malformed', { email: 'not-an-email' }, 'email', messages.emailInvalid],
    ['password missing', { password: undefined }, 'password', m.passwordRequired],
    ['password empty', { password: '' }, 'password', m.passwordRequired],
    ['password too short', { password: 'a1!' }, 'password', m.passwordMin],
    ['password without a special character', { password: 'abcdef12' }, 'password', m.passwordPattern],
    ['password without a digit', { password: 'abcdef!!' }, 'password', m.passwordPattern],
    ['password over 16 characters', { password: 'Abcdefgh1234567!x' }, 'password', m.passwordPattern],
    ['password with a character outside the set', { password: 'abc 12!x' }, 'password', m.passwordPattern],
    ['password with unicode', { password: 'Pässw0rd!' }, 'password', m.passwordPattern],
    ['photoURL javascript:', { photoURL: 'javascript:alert(1)' }, 'photoURL', messages.urlInvalid],
    ['photoURL http:', { photoURL: 'http://img.test.example/a.png' }, 'photoURL', messages.urlInvalid],
    ['name of 100 KB', { name: 'x'.repeat(100_000) }, 'name', messages.tooLong(100)],
    ['email of 100 KB', { email: `${'a'.repeat(100_000)}@test.example` }, 'email', messages.tooLong(254)],
    ['password of 100 KB', { password: `1!${'a'.repeat(100_000)}` }, 'password', m.passwordPattern],
    ['name of the wrong type', { name: 42 }, 'name', m.nameRequired],
    ['email of the wrong type', { email: ['a@b.example'] }, 'email', m.emailRequired],
    ['password of the wrong type', { password: 12345678 }, 'password', m.passwordRequired],
    ['photoURL of the wrong type', { photoURL: { href: 'https://x.example' } }, 'photoURL', m.photoURLRequired],
  ])('%s: 400 with the field message, no user, no cookie', async (_label, override, path, message) => {
    const t = getApp();
    const before = await userCount(t);
    const res = await call(t, 'POST', '/api/auth/register', { payload: registration(override) });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.details).toContainEqual({ path, message });
    expect(body.message).toBe(message);
    expect(sessionCookie(res)).toBeUndefined();
    expectNoStack(res);
    expect(await userCount(t)).toBe(before);
  });

  it('each spec message is reported for the right field when everything is missing', async () => {
    const t = getApp();
    const res = await call(t, 'POST', '/api/auth/register', { payload: {} });
    expect(res.statusCode).toBe(400);
    const details = res.json<ErrorBody>().details;
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'This Name field is required' },
        { path: 'photoURL', message: 'photoURL field is required' },
        { path: 'email', message: 'This Email field is required' },
        { path: 'password', message: 'This Password field is required' },
      ]),
    );
  });

  it('accepts every password the rule allows at its edges, when it is not too easy to guess', async () => {
    const t = getApp();
    // Six characters are the rule's edge, but zxcvbn scores every six below 2: seven are the shortest that pass.
    for (const password of ['k7!Qz2w', 'Abcdefghijklm1!@', '9!4&2^7*', 'Kq9$Lm4!Zx7@Np2#']) {
      const res = await call(t, 'POST', '/api/auth/register', { payload: registration({ password }) });
      expect(res.statusCode, password).toBe(201);
    }
  });

  it('a body that is not JSON is 400, not a crash, and the server still answers', async () => {
    const t = getApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Body is not valid JSON' });
    expectNoStack(res);
    const array = await call(t, 'POST', '/api/auth/register', { payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a body over 1 MB is 413 with no stack trace', async () => {
    const t = getApp();
    const before = await userCount(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(registration({ name: 'x'.repeat(1024 * 1024 + 10) })),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expectNoStack(res);
    expect(await userCount(t)).toBe(before);
  });

  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const { createTestApp } = await import('../../test/harness.ts');
    const t = await createTestApp({ PUBLIC_URL: 'https://shop.test.example' });
    try {
      const res = await call(t, 'POST', '/api/auth/register', { payload: registration() });
      expect(res.statusCode).toBe(201);
      expect(sessionCookie(res)!.secure).toBe(true);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password (email in any case)', async () => {
    const t = getApp();
    const u = await t.createUser({ password: TEST_PASSWORD });
    const res = await call(t, 'POST', '/api/auth/login', { payload: { email: u.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { _id: u.id, email: u.email, displayName: u.name, photoURL: expect.any(String), admin: false, emailVerified: false, notifyByEmail: true, savedSearchDigest: false },
    });
    const cookie = sessionCookie(res)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const session = await call(t, 'GET', '/api/auth/session', { cookie: cookieHeader(res) });
    expect(session.json()).toMatchObject({ user: { email: u.email } });
  });

  it('answers the same 401 for an unknown email and a wrong password, with no cookie', async () => {
    const t = getApp();
    const u = await t.createUser({ password: TEST_PASSWORD });
    const unknown = await call(t, 'POST', '/api/auth/login', {
      payload: { email: 'nobody-here@test.example', password: TEST_PASSWORD },
    });
    const wrong = await call(t, 'POST', '/api/auth/login', { payload: { email: u.email, password: 'Wrong#123' } });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ message: 'Invalid email or password' });
    expect(wrong.json<ErrorBody>().code).toBe('INVALID_CREDENTIALS');
  });

  it('a Google-only account (no password) cannot be signed into with any password', async () => {
    const t = getApp();
    const u = await t.createUser();
    const res = await call(t, 'POST', '/api/auth/login', { payload: { email: u.email, password: 'dummy-password-for-timing-1!' } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['missing email', { password: 'x' }, 'email', m.emailRequired],
    ['missing password', { email: 'a@test.example' }, 'password', m.passwordRequired],
    ['password of the wrong type', { email: 'a@test.example', password: 1 }, 'password', m.passwordRequired],
    ['100 KB password', { email: 'a@test.example', password: 'x'.repeat(100_000) }, 'password', expect.any(String)],
  ])('%s: 400 with the field message', async (_label, payload, path, message) => {
    const t = getApp();
    const res = await call(t, 'POST', '/api/auth/login', { payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toContainEqual({ path, message });
    expectNoStack(res);
  });

  it(`locks an email from one address after ${AUTH_BUDGETS.failedLoginPerAddress.max} failures: 429 with Retry-After, even with the right password`, async () => {
    const t = getApp();
    const u = await t.createUser({ password: TEST_PASSWORD });
    const ip = nextIp();
    for (let i = 0; i < AUTH_BUDGETS.failedLoginPerAddress.max; i += 1) {
      const res = await call(t, 'POST', '/api/auth/login', { ip, payload: { email: u.email, password: `Wrong#${i}00` } });
      expect(res.statusCode).toBe(401);
    }
    const locked = await call(t, 'POST', '/api/auth/login', { ip, payload: { email: u.email, password: TEST_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookie(locked)).toBeUndefined();

    // Another account from the same address is unaffected.
    const other = await t.createUser({ password: TEST_PASSWORD });
    const ok = await call(t, 'POST', '/api/auth/login', { ip, payload: { email: other.email, password: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
  });

  it('a success clears the failure count of its address', async () => {
    const t = getApp();
    const u = await t.createUser({ password: TEST_PASSWORD });
    const ip = nextIp();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < AUTH_BUDGETS.failedLoginPerAddress.max - 1; i += 1) {
        expect((await call(t, 'POST', '/api/auth/login', { ip, payload: { email: u.email, password: 'Wrong#123' } })).statusCode).toBe(401);
      }
      expect((await call(t, 'POST', '/api/auth/login', { ip, payload: { email: u.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
    }
  });

  it('limits login attempts per IP: 429 with Retry-After', async () => {
    const t = getApp();
    const ip = '10.99.0.1';
    const { max } = AUTH_BUDGETS.loginPerIp;
    for (let i = 0; i < max; i += 1) {
      const res = await call(t, 'POST', '/api/auth/login', { ip, payload: { email: `ip${i}@test.example`, password: 'Wrong#123' } });
      expect(res.statusCode).toBe(401);
    }
    const u = await t.createUser({ password: TEST_PASSWORD });
    const limited = await call(t, 'POST', '/api/auth/login', { ip, payload: { email: u.email, password: TEST_PASSWORD } });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookie(limited)).toBeUndefined();
    // Another address still signs in.
    expect((await call(t, 'POST', '/api/auth/login', { payload: { email: u.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });
});

describe('register budget per IP', () => {
  it(`allows ${AUTH_BUDGETS.registerPerIp.max} sign-ups per hour from one address, then 429 with Retry-After and no user`, async () => {
    const t = getApp();
    const ip = '10.99.0.2';
    for (let i = 0; i < AUTH_BUDGETS.registerPerIp.max; i += 1) {
      expect((await call(t, 'POST', '/api/auth/register', { ip, payload: registration() })).statusCode).toBe(201);
    }
    const body = registration();
    const limited = await call(t, 'POST', '/api/auth/register', { ip, payload: body });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60 * 59);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(await t.services.users.findByEmail(body.email)).toBeUndefined();
    expect((await call(t, 'POST', '/api/auth/register', { payload: body })).statusCode).toBe(201);
  });
});

describe('GET /api/auth/session', () => {
  it('is {user: null} without a cookie, with a forged cookie, and with an absurdly long one', async () => {
    const t = getApp();
    for (const cookie of [undefined, `${SESSION_COOKIE}=forged-value`, `${SESSION_COOKIE}=${'a'.repeat(4000)}`]) {
      const res = await call(t, 'GET', '/api/auth/session', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('shows the admin flag', async () => {
    const t = getApp();
    const admin = await t.createUser({ role: 'admin' });
    const res = await call(t, 'GET', '/api/auth/session', { cookie: admin.cookie });
    expect(res.json()).toMatchObject({ user: { email: admin.email, admin: true } });
  });
});

describe('POST /api/jwt', () => {
  it("issues a token only for the cookie session's own email", async () => {
    const t = getApp();
    const alice = await t.createUser();
    const bob = await t.createUser();

    const bare = await call(t, 'POST', '/api/jwt', { payload: { email: alice.email } });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).not.toHaveProperty('token');

    const other = await call(t, 'POST', '/api/jwt', { cookie: alice.cookie, payload: { email: bob.email } });
    expect(other.statusCode).toBe(403);
    expect(other.json()).not.toHaveProperty('token');
    expect(other.json<ErrorBody>().code).toBe('EMAIL_MISMATCH');

    // A bearer token is not a session: it cannot mint tokens either.
    const byBearer = await call(t, 'POST', '/api/jwt', { token: alice.token, payload: { email: alice.email } });
    expect(byBearer.statusCode).toBe(401);

    const own = await call(t, 'POST', '/api/jwt', { cookie: alice.cookie, payload: { email: alice.email.toUpperCase() } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const { token } = own.json<TokenResponse>();
    const check = await call(t, 'GET', `/api/users/admin/${alice.email}`, { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ admin: false });
  });

  it('bad input is 400 with the field message', async () => {
    const t = getApp();
    const alice = await t.createUser();
    for (const payload of [{}, { email: 5 }, { email: 'x'.repeat(100_000) }, { email: 'ünïcødé' }]) {
      const res = await call(t, 'POST', '/api/jwt', { cookie: alice.cookie, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().details?.[0]?.path).toBe('email');
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: its token is 401 at once and the cookie no longer signs in', async () => {
    const t = getApp();
    const u = await t.createUser({ password: TEST_PASSWORD });
    const login = await call(t, 'POST', '/api/auth/login', { payload: { email: u.email, password: TEST_PASSWORD } });
    const cookie = cookieHeader(login);
    const { token } = (await call(t, 'POST', '/api/jwt', { cookie, payload: { email: u.email } })).json<TokenResponse>();
    expect((await call(t, 'GET', `/api/users/admin/${u.email}`, { token })).statusCode).toBe(200);

    const out = await call(t, 'POST', '/api/auth/logout', { cookie });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookie(out)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/');
    expect(out.cookies.filter((c) => c.name === SESSION_COOKIE).map((c) => [c.path, c.value])).toEqual([['/', ''], ['/api', '']]);

    expect((await call(t, 'GET', `/api/users/admin/${u.email}`, { token })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/auth/session', { cookie })).json()).toEqual({ user: null });
    expect((await call(t, 'POST', '/api/jwt', { cookie, payload: { email: u.email } })).statusCode).toBe(401);
    // The harness's own session for this user is a different one and stays.
    expect((await t.injectAs(u, { method: 'GET', url: `/api/users/admin/${u.email}` })).statusCode).toBe(200);
  });

  it('with only a bearer token, ends the session that token names', async () => {
    const t = getApp();
    const u = await t.createUser();
    const out = await call(t, 'POST', '/api/auth/logout', { token: u.token });
    expect(out.statusCode).toBe(204);
    expect((await t.injectAs(u, { method: 'GET', url: `/api/users/admin/${u.email}` })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/auth/session', { cookie: u.cookie })).json()).toEqual({ user: null });
  });

  it('a stale token sent along does not stop the cookie session from ending (regression)', async () => {
    const t = getApp();
    const u = await t.createUser();
    const stale = await t.createUser();
    await call(t, 'POST', '/api/auth/logout', { token: stale.token });
    const out = await call(t, 'POST', '/api/auth/logout', { cookie: u.cookie, token: stale.token });
    expect(out.statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/auth/session', { cookie: u.cookie })).json()).toEqual({ user: null });
    const garbage = await call(t, 'POST', '/api/auth/logout', { token: 'not-a-token-at-all' });
    expect(garbage.statusCode).toBe(204);
  });

  it('without a session it is a harmless 204', async () => {
    const t = getApp();
    const other = await t.createUser();
    const res = await call(t, 'POST', '/api/auth/logout');
    expect(res.statusCode).toBe(204);
    expect((await t.injectAs(other, { method: 'GET', url: `/api/users/admin/${other.email}` })).statusCode).toBe(200);
  });
});

describe('linking a Google identity', () => {
  it('an email already linked to another Google account is IDENTITY_ALREADY_LINKED (400), and the link stays', async () => {
    const t = getApp();
    const google = (subject: string): OidcIdentity => ({
      subject: `https://issuer.test.example ${subject}`,
      email: 'linked-once@test.example',
      name: 'Linked',
      photoURL: 'https://img.test.example/me.png',
    });
    const { user } = await t.services.auth.signInWithOidc(google('first-sub'));
    const refused = await t.services.auth.signInWithOidc(google('second-sub')).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'IDENTITY_ALREADY_LINKED',
      statusCode: 400,
      message: 'This email is already linked to another Google account',
    });
    expect((await t.services.users.findById(user.id))?.oidcSubject).toBe(google('first-sub').subject);
  });
});

describe('session housekeeping', () => {
  it('signing in again from the same browser ends the session its old cookie named', async () => {
    const t = getApp();
    const body = registration();
    const reg = await call(t, 'POST', '/api/auth/register', { payload: body });
    const oldCookie = cookieHeader(reg);
    const login = await call(t, 'POST', '/api/auth/login', {
      cookie: oldCookie,
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    const newCookie = cookieHeader(login);
    expect(newCookie).not.toBe(oldCookie);
    expect((await call(t, 'GET', '/api/auth/session', { cookie: oldCookie })).json()).toEqual({ user: null });
    expect((await call(t, 'GET', '/api/auth/session', { cookie: newCookie })).json()).toMatchObject({ user: { email: body.email } });
  });

  it("a failed sign-in leaves the browser's current session alone", async () => {
    const t = getApp();
    const u = await t.createUser({ password: TEST_PASSWORD });
    const res = await call(t, 'POST', '/api/auth/login', { cookie: u.cookie, payload: { email: u.email, password: 'Wrong#123' } });
    expect(res.statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/auth/session', { cookie: u.cookie })).json()).toMatchObject({ user: { email: u.email } });
  });

  it("expired sessions are deleted when the user starts a new one; live ones stay", async () => {
    const t = getApp();
    const u = await t.createUser({ password: TEST_PASSWORD });
    const live = await t.services.auth.startSession(u.row);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, u.sessionId));
    const login = await call(t, 'POST', '/api/auth/login', { payload: { email: u.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const ids = (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.id))).map((r) => r.id);
    expect(ids).not.toContain(u.sessionId);
    expect(ids).toContain(live.sessionId);
    expect(ids).toHaveLength(2);
  });
});
