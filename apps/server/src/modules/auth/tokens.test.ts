// Token attacks against a `config.auth: 'user'` route: every forged, stale or orphaned token is a 401.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { type TestUser, useTestApp } from '../../test/harness.ts';
import { forgeToken, nowSeconds, tokenClaims } from '../../test/requests.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const getApp = useTestApp();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const anotherKey = new TextEncoder().encode('another-secret-that-is-long-enough-987654');

let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  const t = getApp();
  alice = await t.createUser({ name: 'Alice' });
  bob = await t.createUser({ name: 'Bob' });
  admin = await t.createUser({ name: 'Root', role: 'admin' });
});

/** GET /api/users/admin/:email is a 'user' route that answers 200 for the caller's own email. */
function asBearer(token: string, user: TestUser = alice) {
  return getApp().app.inject({
    method: 'GET',
    url: `/api/users/admin/${user.email}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function expect401(token: string, user: TestUser = alice) {
  const res = await asBearer(token, user);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
}

describe('access tokens', () => {
  it('a genuine token passes (so the 401s below are about the token, not the route)', async () => {
    expect((await asBearer(alice.token)).statusCode).toBe(200);
    expect((await asBearer(await forgeToken(tokenClaims(alice)))).statusCode).toBe(200);
  });

  it('alg "none" is refused', async () => {
    const header = b64({ alg: 'none', typ: 'JWT' });
    await expect401(`${header}.${b64(tokenClaims(alice))}.`);
    await expect401(`${b64({ alg: 'None', typ: 'JWT' })}.${b64(tokenClaims(alice))}.`);
  });

  it('a token signed with another key is refused', async () => {
    await expect401(await forgeToken(tokenClaims(alice), { key: anotherKey }));
  });

  it('a token with another HMAC algorithm (even with the right key) is refused', async () => {
    await expect401(await forgeToken(tokenClaims(alice), { header: { alg: 'HS512' } }));
  });

  it('a tampered payload is refused', async () => {
    const [header, , signature] = alice.token.split('.');
    // Same signature, payload now claims to be Bob.
    await expect401(`${header}.${b64(tokenClaims(bob))}.${signature}`, bob);
    // Same claims re-encoded with a harmless extra field.
    const payload = JSON.parse(Buffer.from(alice.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    await expect401(`${header}.${b64({ ...payload, admin: true })}.${signature}`);
  });

  it('an expired token is refused', async () => {
    await expect401(await forgeToken(tokenClaims(alice, { iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 })));
    await expect401(await forgeToken(tokenClaims(alice, { iat: nowSeconds() - 600, exp: nowSeconds() - 1 })));
  });

  it('a token older than an hour is refused even if its exp says otherwise', async () => {
    await expect401(await forgeToken(tokenClaims(alice, { iat: nowSeconds() - 3700, exp: nowSeconds() + 3600 })));
  });

  it('a wrong issuer or audience is refused', async () => {
    await expect401(await forgeToken(tokenClaims(alice, { iss: 'https://evil.example' })));
    await expect401(await forgeToken(tokenClaims(alice, { aud: 'another-api' })));
    const { iss: _iss, ...noIssuer } = tokenClaims(alice);
    await expect401(await forgeToken(noIssuer));
  });

  it('a token missing its session id, or naming another user\'s session, is refused', async () => {
    const { sid: _sid, ...noSid } = tokenClaims(alice);
    await expect401(await forgeToken(noSid));
    await expect401(await forgeToken(tokenClaims(alice, { sid: bob.sessionId })));
    await expect401(await forgeToken(tokenClaims(alice, { sid: 'f'.repeat(32) })));
  });

  it('malformed Authorization headers are 401', async () => {
    const t = getApp();
    for (const authorization of ['Bearer', 'Bearer ', `Basic ${alice.token}`, `bearer${alice.token}`, `Bearer ${'a'.repeat(5000)}`, 'Bearer a.b.c']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/admin/${alice.email}`, headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('a token is refused at once after logout', async () => {
    const t = getApp();
    const u = await t.createUser();
    expect((await asBearer(u.token, u)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie } })).statusCode).toBe(204);
    await expect401(u.token, u);
  });

  it('a token is refused at once after a ban, and all the user\'s sessions are gone', async () => {
    const t = getApp();
    const u = await t.createUser();
    const second = await t.services.auth.startSession(u.row);
    const secondToken = await t.services.auth.signToken(u.row, second.sessionId);
    expect((await asBearer(secondToken, u)).statusCode).toBe(200);
    const ban = await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${u.id}` });
    expect(ban.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    await expect401(u.token, u);
    await expect401(secondToken, u);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: u.cookie } })).json()).toEqual({
      user: null,
    });
  });

  it('a token whose session expired is refused, and the expired cookie is no session', async () => {
    const t = getApp();
    const u = await t.createUser();
    expect((await asBearer(u.token, u)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, u.sessionId));
    await expect401(u.token, u);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: u.cookie } })).json()).toEqual({
      user: null,
    });
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: u.cookie }, payload: { email: u.email } });
    expect(jwt.statusCode).toBe(401);
  });

  it('an admin route answers 401 to a forged token, not 403', async () => {
    const t = getApp();
    const forged = await forgeToken(tokenClaims(admin), { key: anotherKey });
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
    expect((await t.injectAs(admin, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });
});
