// PATCH /api/users/me: the caller's own name and photo (docs/product.md "Profile").
import type { Product, SessionUser } from '@olden/contracts';
import { messages } from '@olden/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../products/fixtures.ts';
import { expectError, TEST_PASSWORD, useTestApp } from '../../test/harness.ts';

const getApp = useTestApp();
const patchMe = (payload: unknown) => ({ method: 'PATCH' as const, url: '/api/users/me', payload: payload as Record<string, unknown> });

describe('PATCH /api/users/me', () => {
  it('anonymous: 401, nothing changes', async () => {
    const t = getApp();
    expectError(await t.injectAs(null, patchMe({ name: 'Nobody' })), 401, { code: 'UNAUTHENTICATED' });
  });

  it("updates the caller's name and photo and answers the signed-in user; another user's row is untouched", async () => {
    const t = getApp();
    const alice = await t.createUser({ name: 'Alice' });
    const bob = await t.createUser({ name: 'Bob' });
    const bobBefore = await t.services.users.findById(bob.id);
    const res = await t.injectAs(alice, patchMe({ name: '  Alice Liddell ', photoURL: 'https://img.test.example/alice-2.png' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: SessionUser }>().user).toEqual({
      _id: alice.id,
      email: alice.email,
      displayName: 'Alice Liddell',
      photoURL: 'https://img.test.example/alice-2.png',
      admin: false,
      emailVerified: false,
      notifyByEmail: true,
      savedSearchDigest: false,
    });
    const row = await t.services.users.findById(alice.id);
    expect({ name: row?.name, photoUrl: row?.photoUrl }).toEqual({ name: 'Alice Liddell', photoUrl: 'https://img.test.example/alice-2.png' });
    expect(await t.services.users.findById(bob.id)).toEqual(bobBefore);
    // The cookie session reads the same row.
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: alice.cookie } });
    expect(session.json<{ user: SessionUser }>().user.displayName).toBe('Alice Liddell');
  });

  it('one field alone changes only that field; an uploaded image path is a photo too', async () => {
    const t = getApp();
    const u = await t.createUser({ name: 'Carol' });
    const photo = `/api/images/${'a'.repeat(32)}-1280.webp`;
    expect((await t.injectAs(u, patchMe({ photoURL: photo }))).statusCode).toBe(200);
    expect((await t.services.users.findById(u.id))).toMatchObject({ name: 'Carol', photoUrl: photo });
    expect((await t.injectAs(u, patchMe({ name: 'Caroline' }))).statusCode).toBe(200);
    expect((await t.services.users.findById(u.id))).toMatchObject({ name: 'Caroline', photoUrl: photo });
  });

  it("fields a client may not set are ignored: email, role, _id, another user's id", async () => {
    const t = getApp();
    const u = await t.createUser({ name: 'Dan' });
    const victim = await t.createUser({ name: 'Victim' });
    const res = await t.injectAs(u, patchMe({ name: 'Dan 2', email: victim.email, role: 'admin', admin: true, _id: victim.id, id: victim.id, emailVerified: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.services.users.findById(u.id)).toMatchObject({ name: 'Dan 2', email: u.email, role: 'user', emailVerified: false });
    expect(await t.services.users.findById(victim.id)).toMatchObject({ name: 'Victim', email: victim.email });
  });

  it("validation: the registration rules and messages; an empty body is refused; nothing changes", async () => {
    const t = getApp();
    const u = await t.createUser({ name: 'Eve' });
    const before = await t.services.users.findById(u.id);
    const cases: [unknown, string][] = [
      [{}, 'Send a name, a photoURL, notifyByEmail or savedSearchDigest to change'],
      [{ name: '   ' }, messages.register.nameRequired],
      [{ name: '' }, messages.register.nameRequired],
      [{ name: 5 }, messages.register.nameRequired],
      [{ name: 'x'.repeat(101) }, messages.tooLong(100)],
      [{ photoURL: '' }, messages.register.photoURLRequired],
      [{ photoURL: 'javascript:alert(1)' }, messages.urlInvalid],
      [{ photoURL: 'http://insecure.example/a.png' }, messages.urlInvalid],
      [{ name: 'Fine', photoURL: 'https://user:pass@evil.example/x.png' }, messages.urlInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await t.injectAs(u, patchMe(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(message);
    }
    expect((await t.injectAs(u, { method: 'PATCH', url: '/api/users/me', payload: '[1]', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect(await t.services.users.findById(u.id)).toEqual(before);
  });

  it('the new name shows on listings made afterwards; earlier listings keep the name they were made with', async () => {
    const t = getApp();
    const seller = await t.createUser({ name: 'Old Name' });
    const before = await createProduct(t, seller);
    expect((await t.injectAs(seller, patchMe({ name: 'New Name' }))).statusCode).toBe(200);
    // Same token as before the rename: the name comes from the account, not from the token.
    const after = await createProduct(t, seller);
    const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>();
    expect((await get(after)).uploaderName).toBe('New Name');
    expect((await get(before)).uploaderName).toBe('Old Name');
  });

  it("'me' is its own route: the admin routes with an id are not reached, and a user cannot promote through it", async () => {
    const t = getApp();
    const u = await t.createUser({ name: 'Frank', password: TEST_PASSWORD });
    expect((await t.injectAs(u, { method: 'PATCH', url: '/api/users/admin/me' })).statusCode).toBe(403);
    // DELETE /api/users/me is the account's own deletion (docs/product.md), never the admin's delete by id: it asks
    // for the password, and nothing is deleted without it.
    expect((await t.injectAs(u, { method: 'DELETE', url: '/api/users/me', payload: {} })).statusCode).toBe(400);
    expect(await t.services.users.findById(u.id)).toBeDefined();
    expect((await t.services.users.findById(u.id))?.role).toBe('user');
  });
});
