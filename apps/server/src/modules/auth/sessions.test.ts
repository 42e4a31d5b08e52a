// The caller's own sessions (GET/DELETE /api/auth/sessions) and the session limits: 7 days without
// use, 30 days after sign-in at most (docs/product.md "Sessions").
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNT_MESSAGES, type SessionInfo, type SessionUser, SESSION_IDLE_MS, SESSION_MAX_MS } from '@olden/contracts';
import { describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { expectError, TEST_PASSWORD, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { SESSION_TOUCH_INTERVAL_MS } from './repository.ts';
import { SESSION_COOKIE } from './service.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const getApp = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1';

/** Another session of the same user, as another browser would have it: its token and cookie. */
async function anotherSession(t: TestApp, user: TestUser, userAgent = PHONE): Promise<TestUser> {
  const { cookieValue, sessionId } = await t.services.auth.startSession(user.row, userAgent);
  return { ...user, sessionId, token: await t.services.auth.signToken(user.row, sessionId), cookie: `${SESSION_COOKIE}=${cookieValue}` };
}

const list = (t: TestApp, u: TestUser | null) => t.injectAs(u, { method: 'GET', url: '/api/auth/sessions' });
const end = (t: TestApp, u: TestUser | null, id: string) => t.injectAs(u, { method: 'DELETE', url: `/api/auth/sessions/${id}` });
const endOthers = (t: TestApp, u: TestUser | null) => t.injectAs(u, { method: 'DELETE', url: '/api/auth/sessions' });

/** Whether the session still works both ways: its bearer token on a user route, and its cookie. */
async function works(t: TestApp, u: TestUser): Promise<{ token: number; cookie: boolean }> {
  const byToken = await t.injectAs(u, { method: 'GET', url: `/api/users/admin/${encodeURIComponent(u.email)}` });
  const byCookie = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: u.cookie } });
  return { token: byToken.statusCode, cookie: byCookie.json<{ user: SessionUser | null }>().user?._id === u.id };
}
const ALIVE = { token: 200, cookie: true };
const ENDED = { token: 401, cookie: false };

async function setTimes(t: TestApp, id: string, times: Partial<{ createdAt: Date; lastSeenAt: Date; expiresAt: Date }>) {
  await t.database.db.update(sessions).set(times).where(eq(sessions.id, id));
}
const rowOf = async (t: TestApp, id: string) => (await t.database.db.select().from(sessions).where(eq(sessions.id, id)))[0];
const ids = (res: LightMyRequestResponse) => res.json<SessionInfo[]>().map((s) => s._id);

describe('GET /api/auth/sessions', () => {
  it('anonymous: 401 on all three routes', async () => {
    const t = getApp();
    const u = await t.createUser();
    expectError(await list(t, null), 401, { code: 'UNAUTHENTICATED' });
    expectError(await end(t, null, u.sessionId), 401, { code: 'UNAUTHENTICATED' });
    expectError(await endOthers(t, null), 401, { code: 'UNAUTHENTICATED' });
    expect(await works(t, u)).toEqual(ALIVE);
    // The cookie alone is no bearer: these routes need the token.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: u.cookie } })).statusCode).toBe(401);
  });

  it("lists the caller's live sessions only, newest first, with the current one marked and each browser's name", async () => {
    const t = getApp();
    const someoneElse = await t.createUser();
    // Signed in through the API, so the user agent is the one the login request sent.
    const u = await t.createUser({ password: TEST_PASSWORD });
    await setTimes(t, u.sessionId, { createdAt: new Date(Date.now() - 3 * DAY), lastSeenAt: new Date(Date.now() - 2 * DAY) });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': FIREFOX },
      payload: { email: u.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { email: u.email } });
    const browser: TestUser = { ...u, token: jwt.json<{ token: string }>().token, cookie };
    const expired = await anotherSession(t, u);
    await setTimes(t, expired.sessionId, { expiresAt: new Date(Date.now() - 1000) });
    const idle = await anotherSession(t, u);
    await setTimes(t, idle.sessionId, { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) });

    const res = await list(t, browser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = res.json<SessionInfo[]>();
    expect(rows).toHaveLength(2);
    const [newest, oldest] = rows;
    expect(newest).toMatchObject({ current: true, userAgent: FIREFOX });
    expect(oldest).toMatchObject({ _id: u.sessionId, current: false, userAgent: '' });
    expect(Date.parse(oldest!.lastSeenAt)).toBeLessThan(Date.now() - DAY);
    expect(Date.parse(newest!.createdAt)).toBeGreaterThan(Date.parse(oldest!.createdAt));
    // The ids are session ids, never anything a cookie or a token is made from.
    const row = await rowOf(t, newest!._id);
    expect(row?.userId).toBe(u.id);
    expect(JSON.stringify(rows)).not.toContain(row!.tokenHash);
    expect(JSON.stringify(rows)).not.toContain(cookie.split('=')[1]);
    expect(rows.map((s) => s._id)).not.toContain(someoneElse.sessionId);
    // The same list from the other session marks that one current instead.
    const fromOld = (await list(t, u)).json<SessionInfo[]>();
    expect(fromOld.map((s) => [s._id, s.current])).toEqual([[newest!._id, false], [u.sessionId, true]]);
  });

  it('records the user agent at register and Google sign-in too, cut to 300 characters', async () => {
    const t = getApp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'user-agent': `X${'y'.repeat(1000)}` },
      payload: { name: 'Reg', email: `ua-${Date.now()}@test.example`, password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
    });
    expect(reg.statusCode).toBe(201);
    const userId = reg.json<{ user: SessionUser }>().user._id;
    const [regSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(regSession!.userAgent).toBe(`X${'y'.repeat(299)}`);
    const google = await t.services.auth.signInWithOidc(
      { subject: 'https://accounts.google.com|ua-sub', email: `g-${Date.now()}@test.example`, name: 'G', photoURL: 'https://img.test.example/g.png' },
      PHONE,
    );
    expect((await rowOf(t, google.sessionId))?.userAgent).toBe(PHONE);
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it("another user's session id is 404, like an unknown or malformed one, and that session stays alive", async () => {
    const t = getApp();
    const mallory = await t.createUser();
    const victim = await t.createUser();
    expectError(await end(t, mallory, victim.sessionId), 404, { code: 'NOT_FOUND', message: 'Session not found' });
    expect(await works(t, victim)).toEqual(ALIVE);
    expect(await rowOf(t, victim.sessionId)).toBeDefined();
    for (const id of ['0'.repeat(32), 'not-an-id', 'F'.repeat(32), '%27%20OR%201%3D1'])
      expectError(await end(t, mallory, id), 404, { code: 'NOT_FOUND' });
    // Not even an admin ends someone else's session through this route.
    const admin = await t.createUser({ role: 'admin' });
    expectError(await end(t, admin, victim.sessionId), 404, { code: 'NOT_FOUND' });
    expect(await works(t, victim)).toEqual(ALIVE);
    expect(await works(t, mallory)).toEqual(ALIVE);
  });

  it("ending one's own other session refuses its token and its cookie at once; this one carries on", async () => {
    const t = getApp();
    const laptop = await t.createUser();
    const phone = await anotherSession(t, laptop);
    expect(await works(t, phone)).toEqual(ALIVE);
    const res = await end(t, laptop, phone.sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    // Not the caller's own session: the caller's cookie is left alone.
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await works(t, phone)).toEqual(ENDED);
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: phone.cookie }, payload: { email: phone.email } });
    expect(jwt.statusCode).toBe(401);
    expect(await works(t, laptop)).toEqual(ALIVE);
    expect(ids(await list(t, laptop))).toEqual([laptop.sessionId]);
    expectError(await end(t, laptop, phone.sessionId), 404, { code: 'NOT_FOUND' });
  });

  it('ending the current session is a logout: its cookie is cleared and its token refused', async () => {
    const t = getApp();
    const u = await t.createUser();
    const other = await anotherSession(t, u);
    const res = await t.injectAs(u, { method: 'DELETE', url: `/api/auth/sessions/${u.sessionId}`, headers: { cookie: u.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect(await works(t, u)).toEqual(ENDED);
    expect(await works(t, other)).toEqual(ALIVE);
  });
});

describe('DELETE /api/auth/sessions', () => {
  it('ends every session of the caller but the current one; other users keep theirs', async () => {
    const t = getApp();
    const u = await t.createUser();
    const phone = await anotherSession(t, u);
    const tablet = await anotherSession(t, u, 'Tablet');
    const neighbour = await t.createUser();
    const res = await endOthers(t, u);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.otherSessionsEnded });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await works(t, phone)).toEqual(ENDED);
    expect(await works(t, tablet)).toEqual(ENDED);
    expect(await works(t, u)).toEqual(ALIVE);
    expect(await works(t, neighbour)).toEqual(ALIVE);
    expect(ids(await list(t, u))).toEqual([u.sessionId]);
    // Again, with nothing else to end: the same answer.
    expect((await endOthers(t, u)).json()).toEqual({ message: ACCOUNT_MESSAGES.otherSessionsEnded });
  });
});

describe('session limits', () => {
  it('a session unused for more than 7 days is over: 401 for its token, signed out for its cookie, not listed', async () => {
    const t = getApp();
    const u = await t.createUser();
    const current = await anotherSession(t, u);
    await setTimes(t, u.sessionId, { lastSeenAt: new Date(Date.now() - 8 * DAY) });
    expectError(await t.injectAs(u, { method: 'GET', url: '/api/auth/sessions' }), 401, { code: 'UNAUTHENTICATED' });
    expect(await works(t, u)).toEqual(ENDED);
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: u.cookie }, payload: { email: u.email } });
    expect(jwt.statusCode).toBe(401);
    expect(ids(await list(t, current))).toEqual([current.sessionId]);
  });

  it('6 days idle is still live, and that use starts the 7 days again', async () => {
    const t = getApp();
    const u = await t.createUser();
    await setTimes(t, u.sessionId, { lastSeenAt: new Date(Date.now() - 6 * DAY) });
    expect(await works(t, u)).toEqual(ALIVE);
    expect((await rowOf(t, u.sessionId))!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('29 days after sign-in and in use: live; past 30 days: over, however recently used', async () => {
    const t = getApp();
    const u = await t.createUser();
    const signedIn = Date.now() - 29 * DAY;
    await setTimes(t, u.sessionId, {
      createdAt: new Date(signedIn),
      expiresAt: new Date(signedIn + SESSION_MAX_MS),
      lastSeenAt: new Date(Date.now() - 60 * 60 * 1000),
    });
    expect(await works(t, u)).toEqual(ALIVE);
    const old = Date.now() - 31 * DAY;
    await setTimes(t, u.sessionId, { createdAt: new Date(old), expiresAt: new Date(old + SESSION_MAX_MS), lastSeenAt: new Date() });
    expect(await works(t, u)).toEqual(ENDED);
  });

  it('a new session ends 30 days after sign-in at the latest', async () => {
    const t = getApp();
    const u = await t.createUser();
    const row = await rowOf(t, u.sessionId);
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - SESSION_MAX_MS)).toBeLessThan(5_000);
  });

  it('use moves last_seen_at, but at most once per 5 minutes (no write on every request)', async () => {
    const t = getApp();
    const u = await t.createUser();
    const recent = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS / 2);
    await setTimes(t, u.sessionId, { lastSeenAt: recent });
    expect(await works(t, u)).toEqual(ALIVE);
    expect((await rowOf(t, u.sessionId))!.lastSeenAt.getTime()).toBe(recent.getTime());
    const stale = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS - 60_000);
    await setTimes(t, u.sessionId, { lastSeenAt: stale });
    // By token alone, then by cookie alone: each kind of use counts.
    expect((await t.injectAs(u, { method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(200);
    const touched = (await rowOf(t, u.sessionId))!.lastSeenAt.getTime();
    expect(touched).toBeGreaterThan(Date.now() - 60_000);
    await setTimes(t, u.sessionId, { lastSeenAt: stale });
    await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: u.cookie } });
    expect((await rowOf(t, u.sessionId))!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('the sweep at sign-in removes idle sessions as well as expired ones', async () => {
    const t = getApp();
    const u = await t.createUser();
    const idle = await anotherSession(t, u);
    const expired = await anotherSession(t, u);
    const live = await anotherSession(t, u);
    await setTimes(t, idle.sessionId, { lastSeenAt: new Date(Date.now() - 8 * DAY) });
    await setTimes(t, expired.sessionId, { expiresAt: new Date(Date.now() - 1000) });
    await anotherSession(t, u);
    expect(await rowOf(t, idle.sessionId)).toBeUndefined();
    expect(await rowOf(t, expired.sessionId)).toBeUndefined();
    expect(await rowOf(t, live.sessionId)).toBeDefined();
    expect(await rowOf(t, u.sessionId)).toBeDefined();
  });
});
