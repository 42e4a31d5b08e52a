// Admins (docs/product.md#server-rules-users): PATCH /api/users/admin/:id {admin: false} demotes; no ban of an admin;
// ADMIN_EMAILS admins are out of the API's reach; never zero admins, also when two admins demote each other at once.
import { and, eq, notInArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema.ts';
import type * as SecurityLog from '../../lib/security-log.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { expectError, type TestUser, useTestApp } from '../../test/harness.ts';

vi.mock('../../lib/security-log.ts', async (importOriginal) => {
  const original = await importOriginal<typeof SecurityLog>();
  return { ...original, logSecurityEvent: vi.fn(original.logSecurityEvent) };
});

// Written in another case than the account's, so the comparison has to ignore case.
const BOSS = 'Boss@Test.Example';
const getApp = useTestApp({ ADMIN_EMAILS: BOSS });

const setAdmin = (target: TestUser | string, payload?: unknown) => ({
  method: 'PATCH' as const,
  url: `/api/users/admin/${typeof target === 'string' ? target : target.id}`,
  ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
});
const ban = (target: TestUser) => ({ method: 'DELETE' as const, url: `/api/users/${target.id}` });
const roleOf = async (u: TestUser) => (await getApp().services.users.findById(u.id))?.role;
/** Makes these the only admins (the other tests' admins become users). */
async function onlyAdmins(...keep: TestUser[]) {
  const { db } = getApp().database;
  await db.update(users).set({ role: 'user' }).where(and(eq(users.role, 'admin'), notInArray(users.id, keep.map((u) => u.id))));
  for (const u of keep) await getApp().services.users.grantAdminByEmail(u.email);
}
const adminCount = async () => (await getApp().database.db.select().from(users).where(eq(users.role, 'admin'))).length;

describe('removing admins', () => {
  let boss: TestUser;
  beforeEach(async () => {
    boss ??= await getApp().createUser({ name: 'Boss', email: BOSS, role: 'admin' });
    vi.mocked(logSecurityEvent).mockClear();
  });

  it('{admin: false} demotes another admin; the demoted token loses admin at once; promoting answers as before', async () => {
    const t = getApp();
    const root = await t.createUser({ name: 'Root', role: 'admin' });
    const helper = await t.createUser({ name: 'Helper', role: 'admin' });
    expect((await t.injectAs(helper, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    const res = await t.injectAs(root, setAdmin(helper, { admin: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await roleOf(helper)).toBe('user');
    expectError(await t.injectAs(helper, { method: 'GET', url: '/api/users' }), 403, { code: 'ADMINS_ONLY' });
    // Demoting a user changes nothing, as promoting an admin does.
    expect((await t.injectAs(root, setAdmin(helper, { admin: false }))).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    // No body (the spec's Make Admin) and {admin: true} both promote.
    expect((await t.injectAs(root, setAdmin(helper, { admin: true }))).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await roleOf(helper)).toBe('admin');
    expect((await t.injectAs(root, setAdmin(helper))).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
  });

  it('a body must say which: anything but {admin: boolean} is a 400 and never promotes or demotes', async () => {
    const t = getApp();
    const root = await t.createUser({ name: 'Root', role: 'admin' });
    const plain = await t.createUser({ name: 'Plain' });
    const other = await t.createUser({ name: 'Other admin', role: 'admin' });
    for (const body of [{}, { admin: 'false' }, { admin: 0 }, { admin: null }, { admin: false, role: 'user' }, { role: 'admin' }]) {
      expect((await t.injectAs(root, setAdmin(plain, body))).statusCode, JSON.stringify(body)).toBe(400);
      expect((await t.injectAs(root, setAdmin(other, body))).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await roleOf(plain)).toBe('user');
    expect(await roleOf(other)).toBe('admin');
  });

  it('a user cannot demote: 401 anonymous, 403 a user (themselves included); nothing changes', async () => {
    const t = getApp();
    const root = await t.createUser({ name: 'Root', role: 'admin' });
    const mallory = await t.createUser({ name: 'Mallory' });
    expectError(await t.injectAs(null, setAdmin(root, { admin: false })), 401, { code: 'UNAUTHENTICATED' });
    expectError(await t.injectAs(mallory, setAdmin(root, { admin: false })), 403, { code: 'ADMINS_ONLY' });
    expectError(await t.injectAs(mallory, setAdmin(mallory, { admin: false })), 403, { code: 'ADMINS_ONLY' });
    expect(await roleOf(root)).toBe('admin');
    expect(await roleOf(mallory)).toBe('user');
  });

  it('an admin may step down while another admin remains; the last admin cannot (409 LAST_ADMIN)', async () => {
    const t = getApp();
    const a = await t.createUser({ name: 'A', role: 'admin' });
    const b = await t.createUser({ name: 'B', role: 'admin' });
    await onlyAdmins(a, b);
    expect((await t.injectAs(a, setAdmin(a, { admin: false }))).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await roleOf(a)).toBe('user');
    expectError(await t.injectAs(b, setAdmin(b, { admin: false })), 409, {
      code: 'LAST_ADMIN',
      message: 'You are the only admin left: make someone else admin first',
    });
    expect(await roleOf(b)).toBe('admin');
    expect(await adminCount()).toBe(1);
    await onlyAdmins(boss);
  });

  it('two admins demoting each other at once: exactly one succeeds and one admin remains', async () => {
    const t = getApp();
    for (let round = 0; round < 5; round += 1) {
      const a = await t.createUser({ name: `A${round}`, role: 'admin' });
      const b = await t.createUser({ name: `B${round}`, role: 'admin' });
      await onlyAdmins(a, b);
      const replies = await Promise.all([t.injectAs(a, setAdmin(b, { admin: false })), t.injectAs(b, setAdmin(a, { admin: false }))]);
      const statuses = replies.map((r) => r.statusCode).sort();
      expect(statuses, replies.map((r) => r.body).join('\n')).toEqual([200, 403]);
      expect(replies.find((r) => r.statusCode === 200)!.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      // The loser had been demoted by the time its turn came: no admin any more.
      expect(replies.find((r) => r.statusCode === 403)!.json()).toMatchObject({ code: 'ADMINS_ONLY' });
      expect(await adminCount()).toBe(1);
      // And a lone self-demotion racing a demotion of the same admin never empties the table either.
      const [winner] = [a, b].filter((u) => replies[[a, b].indexOf(u)]!.statusCode === 200);
      const race = await Promise.all([t.injectAs(winner!, setAdmin(winner!, { admin: false })), t.injectAs(winner!, setAdmin(winner!, { admin: false }))]);
      expect(race.map((r) => r.statusCode)).toEqual([409, 409]);
      expect(await adminCount()).toBe(1);
    }
    await onlyAdmins(boss);
  });

  it('banning an admin is refused (409 ADMIN_NOT_BANNABLE); after removing the role the ban works', async () => {
    const t = getApp();
    const root = await t.createUser({ name: 'Root', role: 'admin' });
    const target = await t.createUser({ name: 'Target', role: 'admin' });
    expectError(await t.injectAs(root, ban(target)), 409, {
      code: 'ADMIN_NOT_BANNABLE',
      message: "Remove this user's admin role before banning them",
    });
    expect(await roleOf(target)).toBe('admin');
    expect((await t.injectAs(target, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    expect((await t.injectAs(root, setAdmin(target, { admin: false }))).statusCode).toBe(200);
    expect((await t.injectAs(root, ban(target))).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await t.services.users.findById(target.id)).toBeUndefined();
  });

  it('an ADMIN_EMAILS admin (any case) is neither demoted nor banned (409 PROTECTED_ADMIN), not even by themselves', async () => {
    const t = getApp();
    const root = await t.createUser({ name: 'Root', role: 'admin' });
    const message = "This admin is configured by the server's ADMIN_EMAILS; only a change there removes them";
    expectError(await t.injectAs(root, setAdmin(boss, { admin: false })), 409, { code: 'PROTECTED_ADMIN', message });
    expectError(await t.injectAs(root, ban(boss)), 409, { code: 'PROTECTED_ADMIN', message });
    expectError(await t.injectAs(boss, setAdmin(boss, { admin: false })), 409, { code: 'PROTECTED_ADMIN' });
    expect(await roleOf(boss)).toBe('admin');
    // Promoting a configured admin is the no-op it always was.
    expect((await t.injectAs(root, setAdmin(boss))).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
  });

  it('unknown or malformed ids are 404 for demote as for promote', async () => {
    const t = getApp();
    const root = await t.createUser({ name: 'Root', role: 'admin' });
    expectError(await t.injectAs(root, setAdmin('0'.repeat(32), { admin: false })), 404, { code: 'NOT_FOUND' });
    expectError(await t.injectAs(root, setAdmin('not-an-id', { admin: false })), 404, { code: 'NOT_FOUND' });
  });

  it('promote, demote and ban are logged as security events with the acting admin, the address and the target', async () => {
    const t = getApp();
    const root = await t.createUser({ name: 'Root', role: 'admin' });
    const u = await t.createUser({ name: 'Logged' });
    const ip = '203.0.113.7';
    expect((await t.injectAs(root, { ...setAdmin(u), remoteAddress: ip })).statusCode).toBe(200);
    expect((await t.injectAs(root, { ...setAdmin(u, { admin: false }), remoteAddress: ip })).statusCode).toBe(200);
    expect((await t.injectAs(root, { ...ban(boss), remoteAddress: ip })).statusCode).toBe(409);
    expect((await t.injectAs(root, { ...ban(u), remoteAddress: ip })).statusCode).toBe(200);
    const events = vi.mocked(logSecurityEvent).mock.calls.map(([, event, fields]) => ({ event, ...fields }));
    expect(events).toEqual([
      { event: 'admin.user.promote', userId: root.id, ip, target: u.id, count: 1 },
      { event: 'admin.user.demote', userId: root.id, ip, target: u.id, count: 1 },
      { event: 'admin.user.ban', userId: root.id, ip, target: boss.id, refused: 'PROTECTED_ADMIN' },
      { event: 'admin.user.ban', userId: root.id, ip, target: u.id, count: 1 },
    ]);
  });

  // Last: it deletes the configured admin's account.
  it('an ADMIN_EMAILS address whose account is no admin yet (unverified) may be banned', async () => {
    const t = getApp();
    await t.database.db.delete(users).where(eq(users.id, boss.id));
    const claim = await t.createUser({ name: 'Claim', email: 'boss@test.example' });
    expect(await roleOf(claim)).toBe('user');
    const root = await t.createUser({ name: 'Root', role: 'admin' });
    expect((await t.injectAs(root, ban(claim))).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });
});
