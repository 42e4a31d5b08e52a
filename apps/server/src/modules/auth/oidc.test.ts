// Google sign-in end to end against a real OpenID provider on loopback (oidc-provider), PKCE and all.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR_URL, type SessionResponse } from '@olden/contracts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { startOidcProvider, type TestAccount, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { OIDC_MESSAGES } from './oidc/failures.ts';
import { OIDC_COOKIE_PATH, OIDC_STATE_COOKIE } from './oidc/state-cookie.ts';
import { SESSION_COOKIE } from './service.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Building an app (a fresh database, migrated) is slow on a busy machine. */
const SLOW = 180_000;
const PUBLIC_URL = 'http://localhost:3999';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;
const CLIENT = { clientId: 'olden-test-client', clientSecret: 'olden-test-client-secret-0123456789' };

const accounts = new Map<string, TestAccount>([
  ['alice-sub', { email: 'Alice@Gmail.Test', email_verified: true, name: 'Alice Google', picture: 'https://photos.test.example/alice.jpg' }],
  ['bob-sub', { email: 'bob@gmail.test', email_verified: true, name: 'Bob', picture: 'http://insecure.test.example/bob.jpg' }],
  ['mallory-sub', { email: 'mallory@gmail.test', email_verified: false, name: 'Mallory' }],
  ['linker-sub', { email: 'linker@test.example', email_verified: true, name: 'Google Name', picture: 'javascript:alert(1)' }],
  ['thief-sub', { email: 'linker@test.example', email_verified: true, name: 'Other Google account, same email' }],
  ['noname-sub', { email: 'noname@gmail.test', email_verified: true }],
  ['keeper-sub', { email: 'keeper@test.example', email_verified: true, name: 'Keeper Google' }],
  ['boss-sub', { email: 'boss@gmail.test', email_verified: true, name: 'Boss' }],
  ['victim-sub', { email: 'victim@gmail.test', email_verified: true, name: 'Victim' }],
  ['clicked-sub', { email: 'clicked@gmail.test', email_verified: true, name: 'Clicked' }],
  ['logged-sub', { email: 'logged@gmail.test', email_verified: true, name: 'Logged' }],
]);
/** Listed in ADMIN_EMAILS for the sign-in suites: admin once Google proves the address, never before. */
const ADMIN_EMAILS = 'boss@gmail.test,victim@gmail.test,clicked@gmail.test';

function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** The data block the result page posts to its opener. */
function pageResult(res: LightMyRequestResponse): { type: string; ok: boolean; message?: string } {
  const json = /<script type="application\/json" id="olden-auth">(.*?)<\/script>/s.exec(res.body)?.[1];
  if (!json) throw new Error(`no result data in page: ${res.body.slice(0, 200)}`);
  return JSON.parse(json) as { type: string; ok: boolean; message?: string };
}

async function countUsers(t: TestApp) {
  return (await t.services.users.list({ limit: 1000 })).rows.length;
}

describe.each([
  ['claims in the ID token (as Google sends them)', false],
  ['claims only at userinfo', true],
])('Google sign-in, %s', (_label, conformIdTokenClaims) => {
  let op: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    op = await startOidcProvider({ ...CLIENT, redirectUri: REDIRECT_URI, accounts, conformIdTokenClaims });
    t = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: CLIENT.clientId,
      OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      ADMIN_EMAILS,
    }, { captureLog: true });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    await op?.close();
  }, SLOW);

  async function start() {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(res.statusCode).toBe(302);
    const stateCookie = cookieOf(res, OIDC_STATE_COOKIE)!;
    return { res, location: new URL(res.headers.location as string), stateCookie, cookie: `${OIDC_STATE_COOKIE}=${stateCookie.value}` };
  }

  function callback(url: URL, cookie?: string) {
    return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
  }

  async function signIn(accountId: string) {
    const s = await start();
    const back = await op.signIn(s.location.href, accountId);
    return { ...s, back, res: await callback(back, s.cookie) };
  }

  it('providers says google is on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: true });
  });

  it('start redirects to the issuer with PKCE (S256), state and nonce, keeping them in a short-lived signed httpOnly cookie', async () => {
    const { location, stateCookie, res } = await start();
    expect(location.origin).toBe(op.issuer);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(CLIENT.clientId);
    expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: OIDC_COOKIE_PATH, maxAge: 600 });
    // The verifier never appears in the URL.
    expect(location.href).not.toContain(stateCookie.value);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a first sign-in creates the user and a session; the page tells the opener and holds a strict CSP', async () => {
    const before = await countUsers(t);
    const { res } = await signIn('alice-sub');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(pageResult(res)).toEqual({ type: 'olden-auth', ok: true });
    expect(res.body).toContain("o.postMessage(d,location.origin)");
    expect(res.body).toContain('window.close()');
    expect(res.body).toContain('<a href="/">');

    // The page's CSP allows exactly its one inline script, by hash.
    const csp = String(res.headers['content-security-policy']);
    const inline = [...res.body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');

    const session = cookieOf(res, SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The state cookie is spent.
    expect(cookieOf(res, OIDC_STATE_COOKIE)?.value).toBe('');

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${session.value}` } });
    expect(me.json()).toEqual({
      user: {
        _id: expect.any(String),
        email: 'alice@gmail.test',
        displayName: 'Alice Google',
        photoURL: 'https://photos.test.example/alice.jpg',
        admin: false,
        emailVerified: true,
        notifyByEmail: true,
        savedSearchDigest: false,
      },
    });
    expect(await countUsers(t)).toBe(before + 1);
    // The session is a real one: it mints a token that works.
    const jwt = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
      payload: { email: 'alice@gmail.test' },
    });
    expect(jwt.statusCode).toBe(200);
    const stored = await t.services.users.findByEmail('alice@gmail.test');
    expect(stored?.oidcSubject).toBe(`${op.issuer} alice-sub`);
    expect(stored?.passwordHash).toBeNull();
  });

  it('a second sign-in links to the same user', async () => {
    // The first sign-in (the test above, when it ran) is made here too, so this test also runs alone.
    await signIn('alice-sub');
    const first = await t.services.users.findByEmail('alice@gmail.test');
    const before = await countUsers(t);
    const { res } = await signIn('alice-sub');
    expect(pageResult(res).ok).toBe(true);
    const session = cookieOf(res, SESSION_COOKIE)!;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${session.value}` } });
    expect(me.json<SessionResponse>().user?._id).toBe(first!.id);
    expect(await countUsers(t)).toBe(before);
  });

  const sessionOf = (cookieValue: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${cookieValue}` } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('an existing account whose email was never verified is taken over: its password and every session end', async () => {
    // Someone registers the address before its owner does, and keeps a session, a token and the password.
    const existing = await t.createUser({ email: 'linker@test.example', name: 'Linda', password: TEST_PASSWORD });
    expect(existing.row.emailVerified).toBe(false);
    const second = await login('linker@test.example', TEST_PASSWORD);
    expect(second.statusCode).toBe(200);
    const secondCookie = cookieOf(second, SESSION_COOKIE)!.value;

    const { res } = await signIn('linker-sub');
    expect(pageResult(res).ok).toBe(true);
    // The Google session is the account (profile kept), now verified.
    const me = await sessionOf(cookieOf(res, SESSION_COOKIE)!.value);
    expect(me.json()).toMatchObject({ user: { _id: existing.id, displayName: 'Linda', emailVerified: true } });
    const row = await t.services.users.findById(existing.id);
    expect(row).toMatchObject({ oidcSubject: `${op.issuer} linker-sub`, passwordHash: null, emailVerified: true });

    // The earlier holder is out: cookies, token and password all refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: existing.cookie } })).json()).toEqual({ user: null });
    expect((await sessionOf(secondCookie)).json()).toEqual({ user: null });
    const withToken = await t.injectAs(existing, { method: 'GET', url: `/api/users/admin/${existing.email}` });
    expect(withToken.statusCode).toBe(401);
    expect((await login('linker@test.example', TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('an account with a verified email is linked and keeps its password, sessions and profile', async () => {
    const existing = await t.createUser({ email: 'keeper@test.example', name: 'Kim', password: TEST_PASSWORD });
    await t.services.users.markEmailVerified(existing.id, existing.email);
    const { res } = await signIn('keeper-sub');
    expect(pageResult(res).ok).toBe(true);
    expect((await sessionOf(cookieOf(res, SESSION_COOKIE)!.value)).json()).toMatchObject({ user: { _id: existing.id, displayName: 'Kim' } });
    expect((await t.services.users.findById(existing.id))?.oidcSubject).toBe(`${op.issuer} keeper-sub`);
    expect((await t.injectAs(existing, { method: 'GET', url: `/api/users/admin/${existing.email}` })).statusCode).toBe(200);
    expect((await login('keeper@test.example', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('ADMIN_EMAILS: a Google account with a listed address is admin from its first sign-in', async () => {
    const { res } = await signIn('boss-sub');
    expect((await sessionOf(cookieOf(res, SESSION_COOKIE)!.value)).json()).toMatchObject({ user: { admin: true, emailVerified: true } });
  });

  it('ADMIN_EMAILS: whoever registers a listed address first is an ordinary user, and loses the account to Google', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Attacker', email: 'victim@gmail.test', password: 'Squat#Ridge4', photoURL: 'https://img.test.example/a.png' },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ user: { admin: false, emailVerified: false } });
    const attackerCookie = cookieOf(reg, SESSION_COOKIE)!.value;
    const jwt = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: `${SESSION_COOKIE}=${attackerCookie}` },
      payload: { email: 'victim@gmail.test' },
    });
    const attackerToken = jwt.json<{ token: string }>().token;
    const admin = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${attackerToken}` } });
    expect(admin.statusCode).toBe(403);

    const { res } = await signIn('victim-sub');
    expect((await sessionOf(cookieOf(res, SESSION_COOKIE)!.value)).json()).toMatchObject({ user: { admin: true, emailVerified: true } });
    expect((await sessionOf(attackerCookie)).json()).toEqual({ user: null });
    const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${attackerToken}` } });
    expect(after.statusCode).toBe(401);
    expect((await login('victim@gmail.test', 'Squat#Ridge4')).statusCode).toBe(401);
  });

  it("ADMIN_EMAILS: the owner's click on the verification link does not make the squatter's account theirs to link into", async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Attacker', email: 'clicked@gmail.test', password: 'Attack#Ridge93', photoURL: 'https://img.test.example/a.png' },
    });
    const attackerCookie = cookieOf(reg, SESSION_COOKIE)!.value;
    // The owner opens the mailed link in their own browser, which is not signed in to the attacker's account.
    const squatted = (await t.services.users.findByEmail('clicked@gmail.test'))!;
    const link = await t.services.accountMail.issue(squatted, 'verify_email');
    const click = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: link } });
    expect(click.statusCode).toBe(409);

    // Google then proves the address: the account is taken over, not linked with the attacker still inside.
    const { res } = await signIn('clicked-sub');
    expect((await sessionOf(cookieOf(res, SESSION_COOKIE)!.value)).json()).toMatchObject({ user: { admin: true, emailVerified: true } });
    expect((await sessionOf(attackerCookie)).json()).toEqual({ user: null });
    expect((await login('clicked@gmail.test', 'Attack#Ridge93')).statusCode).toBe(401);
    expect((await t.services.users.findById(squatted.id))?.passwordHash).toBeNull();
  });

  it('another provider account claiming an already linked email is refused', async () => {
    // The email is linked to linker-sub (as the test above left it, or by this sign-in when run alone).
    expect(pageResult((await signIn('linker-sub')).res).ok).toBe(true);
    const { res } = await signIn('thief-sub');
    expect(res.statusCode).toBe(400);
    expect(pageResult(res)).toMatchObject({ ok: false, message: 'This email is already linked to another Google account' });
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('a picture that is not https becomes the default avatar; a missing name becomes the email name', async () => {
    expect(pageResult((await signIn('bob-sub')).res).ok).toBe(true);
    expect((await t.services.users.findByEmail('bob@gmail.test'))?.photoUrl).toBe(DEFAULT_AVATAR_URL);
    expect(pageResult((await signIn('noname-sub')).res).ok).toBe(true);
    const noname = await t.services.users.findByEmail('noname@gmail.test');
    expect(noname).toMatchObject({ name: 'noname', photoUrl: DEFAULT_AVATAR_URL });
  });

  it('sign-ins are security events (user id, address); the one-time code and the session cookie are never logged', async () => {
    const events = (event: string) =>
      t.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.security === true && l.event === event);
    const ok = await signIn('logged-sub');
    expect(ok.res.statusCode).toBe(200);
    const user = (await t.services.users.findByEmail('logged@gmail.test'))!;
    expect(events('auth.login.success')).toContainEqual(
      expect.objectContaining({ userId: user.id, target: 'logged@gmail.test', method: 'google', ip: '127.0.0.1' }),
    );
    const refused = await signIn('mallory-sub');
    expect(refused.res.statusCode).toBe(400);
    expect(events('auth.login.failure')).toContainEqual(expect.objectContaining({ userId: null, method: 'google', reason: 'VALIDATION', ip: '127.0.0.1' }));

    const all = t.logLines.join('\n');
    for (const back of [ok.back, refused.back]) expect(all).not.toContain(back.searchParams.get('code')!);
    expect(all).not.toContain(cookieOf(ok.res, SESSION_COOKIE)!.value);
    expect(all).not.toContain(ok.stateCookie.value);
  });

  it('an unverified email is refused with no user and no session', async () => {
    const before = await countUsers(t);
    const { res } = await signIn('mallory-sub');
    expect(res.statusCode).toBe(400);
    expect(pageResult(res)).toEqual({ type: 'olden-auth', ok: false, message: OIDC_MESSAGES.unverified });
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    expect(await t.services.users.findByEmail('mallory@gmail.test')).toBeUndefined();
    expect(await countUsers(t)).toBe(before);
  });

  it('a wrong state is 400 and no session', async () => {
    const s = await start();
    const back = await op.signIn(s.location.href, 'alice-sub');
    const forged = new URL(back);
    forged.searchParams.set('state', 'attacker-chosen-state-value');
    const res = await callback(forged, s.cookie);
    expect(res.statusCode).toBe(400);
    expect(pageResult(res)).toEqual({ type: 'olden-auth', ok: false, message: OIDC_MESSAGES.expired });
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it("another browser's state cookie, or none at all, is 400 and no session (login CSRF)", async () => {
    const victim = await start();
    const attacker = await start();
    const back = await op.signIn(attacker.location.href, 'alice-sub');
    for (const cookie of [victim.cookie, undefined, `${OIDC_STATE_COOKIE}=forged.cookie.value`]) {
      const res = await callback(back, cookie);
      expect(res.statusCode).toBe(400);
      expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('a replayed code is 400 and no session', async () => {
    const { back, cookie, res } = await signIn('alice-sub');
    expect(res.statusCode).toBe(200);
    const replay = await callback(back, cookie);
    expect(replay.statusCode).toBe(400);
    expect(pageResult(replay)).toEqual({ type: 'olden-auth', ok: false, message: OIDC_MESSAGES.failed });
    expect(cookieOf(replay, SESSION_COOKIE)).toBeUndefined();
    expect(op.tokenErrors).toContain('invalid_grant');
  });

  it('the provider reporting an error (the user cancelled) is 400 with a clear message', async () => {
    const s = await start();
    const url = new URL(REDIRECT_URI);
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('state', s.location.searchParams.get('state')!);
    const res = await callback(url, s.cookie);
    expect(res.statusCode).toBe(400);
    expect(pageResult(res)).toMatchObject({ ok: false, message: OIDC_MESSAGES.cancelled });
  });

  it('a state cookie with a swapped PKCE verifier is worthless: it is signed', async () => {
    // The state cookie is signed: changing any part of it makes it worthless.
    const s = await start();
    const back = await op.signIn(s.location.href, 'alice-sub');
    const [h, p, sig] = s.stateCookie.value.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, string>;
    payload.verifier = 'x'.repeat(43);
    const tampered = `${OIDC_STATE_COOKIE}=${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
    const res = await callback(back, tampered);
    expect(res.statusCode).toBe(400);
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('message text in the page cannot break out of its script block', async () => {
    const s = await start();
    const url = new URL(REDIRECT_URI);
    url.searchParams.set('state', '</script><script>alert(1)</script>');
    const res = await callback(url, s.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('<script>alert(1)');
  });
});

describe('Google sign-in without a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, SLOW);
  afterAll(() => t?.close(), SLOW);

  it("is 503 'Google sign-in is not configured' when OIDC_CLIENT_ID is unset, as JSON or as a popup page", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'Google sign-in is not configured' });
    expect(cookieOf(res, OIDC_STATE_COOKIE)).toBeUndefined();

    const page = await t.app.inject({ method: 'GET', url: '/api/auth/google/start', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(pageResult(page)).toEqual({ type: 'olden-auth', ok: false, message: 'Google sign-in is not configured' });

    const cb = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
    expect(cb.statusCode).toBe(503);
    expect(pageResult(cb)).toMatchObject({ ok: false, message: 'Google sign-in is not configured' });
  });

  it('is 503 with a clear message when the issuer cannot be reached; recovers, then keeps discovery cached', async () => {
    // A port that was just free: nothing answers there yet.
    const probe = http.createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    probe.close();
    await once(probe, 'close');

    const app = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: CLIENT.clientId,
      OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/auth/google/start' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: OIDC_MESSAGES.unavailable });
      expect(cookieOf(res, OIDC_STATE_COOKIE)).toBeUndefined();
      expect((await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      // The failure is not cached: once the provider is up, sign-in starts.
      const op = await startOidcProvider({ ...CLIENT, redirectUri: REDIRECT_URI, accounts, port });
      try {
        expect((await app.app.inject({ method: 'GET', url: '/api/auth/google/start' })).statusCode).toBe(302);
      } finally {
        await op.close();
      }
      // The discovery result is: starting needs no provider round trip any more.
      expect((await app.app.inject({ method: 'GET', url: '/api/auth/google/start' })).statusCode).toBe(302);
      // Finishing does, and says so.
      const started = await app.app.inject({ method: 'GET', url: '/api/auth/google/start' });
      const state = new URL(started.headers.location as string).searchParams.get('state')!;
      const cb = await app.app.inject({
        method: 'GET',
        url: `/api/auth/google/callback?code=some-code&state=${state}&iss=${encodeURIComponent(`http://127.0.0.1:${port}`)}`,
        headers: { cookie: `${OIDC_STATE_COOKIE}=${cookieOf(started, OIDC_STATE_COOKIE)!.value}` },
      });
      expect(cb.statusCode).toBe(503);
      expect(pageResult(cb)).toMatchObject({ ok: false, message: OIDC_MESSAGES.unavailable });
    } finally {
      await app.close();
    }
  }, SLOW);
});
