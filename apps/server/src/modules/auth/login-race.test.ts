// A password sign-in that checked the old password while a reset or a Google takeover ended every session
// must not start one afterwards. The race is made deterministic: the reset or takeover runs inside the
// sign-in, between its password check and its session insert.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { createTestApp, expectError, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import type * as Passwords from './passwords.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

/** Runs once, right after the next password check (whatever its outcome). */
let afterCheck: (() => Promise<void>) | undefined;

vi.mock('./passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    async verifyPassword(...args: Parameters<typeof original.verifyPassword>) {
      const ok = await original.verifyPassword(...args);
      const hook = afterCheck;
      afterCheck = undefined;
      await hook?.();
      return ok;
    },
  };
});

const NEW_PASSWORD = 'Fresh#Pass1';
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  afterCheck = undefined;
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.77.0.${++counter}` });
const sessionsOf = async (userId: string) => t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('a password sign-in in flight', () => {
  it('does not survive a password reset that lands between its check and its session', async () => {
    const user = await t.createUser({ password: TEST_PASSWORD });
    afterCheck = async () => {
      const token = await t.services.accountMail.issue(user.row, 'password_reset');
      await t.services.accounts.confirmPasswordReset(token, NEW_PASSWORD, '10.77.1.1');
    };
    expectError(await login(user.email, TEST_PASSWORD), 401, { code: 'INVALID_CREDENTIALS' });
    expect(afterCheck).toBeUndefined();
    expect(await sessionsOf(user.id)).toEqual([]);
    // The new password signs in as usual.
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('does not survive a Google takeover of the unverified account that lands between its check and its session', async () => {
    const user = await t.createUser({ password: TEST_PASSWORD });
    let google: string | undefined;
    afterCheck = async () => {
      const identity = { subject: `https://issuer.test.example race-${user.id}`, email: user.email, name: 'Owner', photoURL: '' };
      google = (await t.services.auth.signInWithOidc(identity)).sessionId;
    };
    expectError(await login(user.email, TEST_PASSWORD), 401, { code: 'INVALID_CREDENTIALS' });
    expect((await sessionsOf(user.id)).map((s) => s.id)).toEqual([google]);
  });

  it('a password change by another session during the check leaves no session for the old password', async () => {
    const user = await t.createUser({ password: TEST_PASSWORD });
    afterCheck = async () => {
      const res = await t.injectAs(user, { method: 'POST', url: '/api/auth/password', payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The change's own check runs the hook only once: it was taken by the sign-in's.
    expectError(await login(user.email, TEST_PASSWORD), 401, { code: 'INVALID_CREDENTIALS' });
    expect((await sessionsOf(user.id)).map((s) => s.id)).toEqual([user.sessionId]);
  });

  it('an undisturbed sign-in starts its session as before', async () => {
    const user = await t.createUser({ password: TEST_PASSWORD });
    afterCheck = async () => undefined;
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(2);
  });
});
