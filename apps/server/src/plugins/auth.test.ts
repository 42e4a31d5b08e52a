// The auth guard: every /api route must declare config.auth, and each level is enforced before the body is read.
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../test/harness.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const getApp = useTestApp();

describe('auth guard', () => {
  it('a route added without config.auth makes the build throw', async () => {
    const t = await createTestApp();
    try {
      expect(() => t.app.get('/api/forgotten', async () => ({ leaked: true }))).toThrow(
        'Route GET /api/forgotten does not declare config.auth',
      );
      // So does one inside a prefixed plugin, and one with an empty config.
      await expect(
        (async () => {
          await t.app.register(
            async (scope) => {
              scope.post('/things', { config: {} }, async () => ({ ok: true }));
            },
            { prefix: '/api/v2' },
          );
        })(),
      ).rejects.toThrow('Route POST /api/v2/things does not declare config.auth');
    } finally {
      await t.close().catch(() => {});
    }
  }, 120_000);

  it('a route that declares its level boots fine', async () => {
    const t = await createTestApp();
    try {
      t.app.get('/api/declared', { config: { auth: 'public' } }, async () => ({ ok: true }));
      expect((await t.app.inject({ method: 'GET', url: '/api/declared' })).json()).toEqual({ ok: true });
    } finally {
      await t.close();
    }
  }, 120_000);

  it("'user' routes are 401 without a token, 'admin' routes are 403 for a user and 200 for an admin", async () => {
    const t = getApp();
    const user = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    expect((await t.injectAs(null, { method: 'GET', url: `/api/users/admin/${user.email}` })).statusCode).toBe(401);
    expect((await t.injectAs(user, { method: 'GET', url: `/api/users/admin/${user.email}` })).statusCode).toBe(200);
    const forUser = await t.injectAs(user, { method: 'GET', url: '/api/users' });
    expect(forUser.statusCode).toBe(403);
    expect(forUser.json()).toMatchObject({ message: 'Admins only' });
    expect((await t.injectAs(admin, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });

  it('refuses before reading the body: an anonymous 2 MB body gets 401, not 413', async () => {
    const t = getApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('public routes ignore a broken token instead of failing', async () => {
    const t = getApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/category', headers: { authorization: 'Bearer broken.token.here' } });
    expect(res.statusCode).toBe(200);
  });
});
