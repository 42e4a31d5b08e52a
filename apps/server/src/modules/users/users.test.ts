import type { User } from '@olden/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestUser, useTestApp } from '../../test/harness.ts';

const getApp = useTestApp();

describe('users API authorisation', () => {
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  // Exactly these three exist whenever a test starts: a test that adds a user removes it again.
  beforeAll(async () => {
    const t = getApp();
    alice = await t.createUser({ name: 'Alice' });
    bob = await t.createUser({ name: 'Bob' });
    admin = await t.createUser({ name: 'Root', role: 'admin' });
    expect(admin.role).toBe('admin');
  });

  it('GET /users: admin only', async () => {
    const t = getApp();
    expect((await t.injectAs(null, { method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect((await t.injectAs(alice, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    const res = await t.injectAs(admin, { method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    const emails = res.json<User[]>().map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([alice.email, bob.email, admin.email]));
  });

  it('GET /users pages by cursor with no duplicates', async () => {
    const t = getApp();
    const first = await t.injectAs(admin, { method: 'GET', url: '/api/users?limit=2' });
    expect(first.json()).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(first.headers.link).toContain('rel="next"');
    const second = await t.injectAs(admin, { method: 'GET', url: `/api/users?limit=2&cursor=${cursor}` });
    const ids = [...first.json<User[]>(), ...second.json<User[]>()].map((u) => u._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(3);
  });

  it('GET /users/admin/:email: self or admin', async () => {
    const t = getApp();
    expect((await t.injectAs(null, { method: 'GET', url: `/api/users/admin/${alice.email}` })).statusCode).toBe(401);
    expect((await t.injectAs(bob, { method: 'GET', url: `/api/users/admin/${alice.email}` })).statusCode).toBe(403);
    const self = await t.injectAs(alice, { method: 'GET', url: `/api/users/admin/${alice.email}` });
    expect(self.json()).toEqual({ admin: false });
    const byAdmin = await t.injectAs(admin, { method: 'GET', url: `/api/users/admin/${admin.email}` });
    expect(byAdmin.json()).toEqual({ admin: true });
  });

  it('PATCH /users/admin/:id: only an admin promotes, and no side effect otherwise', async () => {
    const t = getApp();
    // A user of its own, so Bob stays a user for the other tests; banned at the end.
    const candidate = await t.createUser({ name: 'Candidate' });
    expect((await t.injectAs(null, { method: 'PATCH', url: `/api/users/admin/${candidate.id}` })).statusCode).toBe(401);
    expect((await t.injectAs(alice, { method: 'PATCH', url: `/api/users/admin/${alice.id}` })).statusCode).toBe(403);
    expect((await t.services.users.findById(alice.id))?.role).toBe('user');
    const res = await t.injectAs(admin, { method: 'PATCH', url: `/api/users/admin/${candidate.id}` });
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await t.services.users.findById(candidate.id))?.role).toBe('admin');
    expect((await t.injectAs(admin, { method: 'PATCH', url: '/api/users/admin/not-an-id' })).statusCode).toBe(404);
    // An admin is never banned; the role goes first (docs/product.md#server-rules-users).
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${candidate.id}` })).statusCode).toBe(409);
    expect((await t.injectAs(admin, { method: 'PATCH', url: `/api/users/admin/${candidate.id}`, payload: { admin: false } })).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${candidate.id}` })).statusCode).toBe(200);
  });

  it('POST /users: the caller saves only their own profile', async () => {
    const t = getApp();
    const body = { email: alice.email, name: 'Alice B', photoURL: 'https://img.test.example/a.png' };
    expect((await t.injectAs(null, { method: 'POST', url: '/api/users', payload: body })).statusCode).toBe(401);
    const other = await t.injectAs(alice, { method: 'POST', url: '/api/users', payload: { ...body, email: bob.email } });
    expect(other.statusCode).toBe(403);
    const own = await t.injectAs(alice, { method: 'POST', url: '/api/users', payload: body });
    expect(own.json()).toEqual({ acknowledged: true, insertedId: null });
    expect((await t.services.users.findById(alice.id))?.name).toBe('Alice B');
    const bad = await t.injectAs(alice, { method: 'POST', url: '/api/users', payload: { ...body, photoURL: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
  });

  it('DELETE /users/:id: admin bans; the banned token stops working at once', async () => {
    const t = getApp();
    const victim = await t.createUser({ name: 'Victim' });
    expect((await t.injectAs(victim, { method: 'GET', url: `/api/users/admin/${victim.email}` })).statusCode).toBe(200);
    expect((await t.injectAs(alice, { method: 'DELETE', url: `/api/users/${victim.id}` })).statusCode).toBe(403);
    expect(await t.services.users.findById(victim.id)).toBeDefined();
    const res = await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${victim.id}` });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.injectAs(victim, { method: 'GET', url: `/api/users/admin/${victim.email}` })).statusCode).toBe(401);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${victim.id}` })).statusCode).toBe(404);
  });

  it('an admin cannot ban themselves', async () => {
    const t = getApp();
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${admin.id}` })).statusCode).toBe(403);
  });

  it('refusals name their rule: ADMINS_ONLY, SELF_BAN, NOT_YOURS, INVALID_CURSOR', async () => {
    const t = getApp();
    expectError(await t.injectAs(alice, { method: 'GET', url: '/api/users' }), 403, { code: 'ADMINS_ONLY', message: 'Admins only' });
    expectError(await t.injectAs(alice, { method: 'DELETE', url: `/api/users/${bob.id}` }), 403, { code: 'ADMINS_ONLY' });
    expectError(await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${admin.id}` }), 403, {
      code: 'SELF_BAN',
      message: 'You cannot ban yourself',
    });
    expectError(await t.injectAs(bob, { method: 'GET', url: `/api/users/admin/${alice.email}` }), 403, { code: 'NOT_YOURS' });
    const profile = { email: bob.email, name: 'Not Bob', photoURL: 'https://img.test.example/a.png' };
    expectError(await t.injectAs(alice, { method: 'POST', url: '/api/users', payload: profile }), 403, {
      code: 'NOT_YOURS',
      message: 'You can only save your own profile',
    });
    const cursor = Buffer.from(JSON.stringify(['yesterday', alice.id])).toString('base64url');
    expectError(await t.injectAs(admin, { method: 'GET', url: `/api/users?cursor=${cursor}` }), 400, {
      code: 'INVALID_CURSOR',
      message: 'Invalid cursor',
    });
  });
});
