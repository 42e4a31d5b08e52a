// Passkeys through the API with a software authenticator (test/software-authenticator.ts: an ES256 key, 'none'
// attestation), verified by @simplewebauthn/server as a browser's would be: registration, the list, removal, and a
// sign-in that counts as both steps; and what is refused: a spent or wrong challenge, another key's signature, a
// counter that did not move, someone else's passkey, a challenge past PASSKEY_CHALLENGE_MINUTES.
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasskeyInfo, TwoFactorSetupResponse } from '@olden/contracts';
import { securityEvents } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { SESSION_COOKIE } from '../auth/service.ts';
import { createTestApp, expectError, TEST_PASSWORD, type TestApp, type TestUser } from '../../test/harness.ts';
import { type CreationOptions, createSoftwareAuthenticator, type RequestOptions, type SoftwareAuthenticator } from '../../test/software-authenticator.ts';

const PUBLIC_URL = 'http://olden.test';
/** The short-window app's challenges live 2 s. */
const SHORT_WINDOW_MS = 2000;

let t: TestApp;
let short: TestApp;
let ipCounter = 0;
const ip = () => `10.32.0.${(ipCounter++ % 250) + 1}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  [t, short] = await Promise.all([
    createTestApp({ PUBLIC_URL }),
    createTestApp({ PUBLIC_URL, PASSKEY_CHALLENGE_MINUTES: String(SHORT_WINDOW_MS / 60_000) }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), short?.close()]);
});

async function registrationOptions(app: TestApp, u: TestUser) {
  const res = await app.injectAs(u, { method: 'POST', url: '/api/auth/passkeys/register/options' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challengeId: string; options: CreationOptions & Record<string, unknown> }>();
}
const register = (app: TestApp, u: TestUser, payload: Record<string, unknown>) =>
  app.injectAs(u, { method: 'POST', url: '/api/auth/passkeys/register', payload });

/** A user with one passkey on `authenticator`. */
async function withPasskey(app: TestApp, authenticator: SoftwareAuthenticator, u?: TestUser): Promise<{ u: TestUser; passkey: PasskeyInfo }> {
  const user = u ?? (await app.createUser());
  const { challengeId, options } = await registrationOptions(app, user);
  const res = await register(app, user, { challengeId, name: 'Laptop', response: authenticator.create(options) });
  expect(res.statusCode, res.body).toBe(200);
  return { u: user, passkey: res.json<PasskeyInfo>() };
}

async function loginOptions(app: TestApp) {
  const res = await app.app.inject({ method: 'POST', url: '/api/auth/passkeys/login/options', remoteAddress: ip() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challengeId: string; options: RequestOptions & Record<string, unknown> }>();
}
const login = (app: TestApp, payload: Record<string, unknown>) =>
  app.app.inject({ method: 'POST', url: '/api/auth/passkeys/login', payload, remoteAddress: ip() });

const passkeysOf = async (app: TestApp, u: TestUser) => (await app.injectAs(u, { method: 'GET', url: '/api/auth/passkeys' })).json<PasskeyInfo[]>();

describe('registering a passkey', () => {
  it('answers creation options for this site asking for a verified, discoverable key; the answer registers it, once', async () => {
    const authenticator = createSoftwareAuthenticator(PUBLIC_URL);
    const u = await t.createUser();
    const { challengeId, options } = await registrationOptions(t, u);
    expect(options).toMatchObject({
      rp: { id: 'olden.test', name: 'Olden Goods' },
      user: { name: u.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const response = authenticator.create(options);
    const res = await register(t, u, { challengeId, name: ' Laptop ', response });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: response.id, name: 'Laptop', lastUsedAt: null });
    expect(await passkeysOf(t, u)).toEqual([res.json()]);
    // The challenge was spent.
    expectError(await register(t, u, { challengeId, response }), 400, { code: 'VALIDATION' });
    // New options exclude the registered key, and registering it again is a conflict.
    const again = await registrationOptions(t, u);
    expect(again.options.excludeCredentials).toEqual([expect.objectContaining({ id: response.id })]);
    const sameKey = { ...response, response: { ...response.response, clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: again.options.challenge, origin: PUBLIC_URL, crossOrigin: false })).toString('base64url') } };
    expectError(await register(t, u, { challengeId: again.challengeId, response: sameKey }), 409, { code: 'CONFLICT' });
    expect(await passkeysOf(t, u)).toHaveLength(1);
  });

  it("refuses an answer to another challenge, or to another user's options, and stores nothing", async () => {
    const authenticator = createSoftwareAuthenticator(PUBLIC_URL);
    const u = await t.createUser();
    const stranger = await t.createUser();
    const mine = await registrationOptions(t, u);
    const other = await registrationOptions(t, u);
    // Signed over the other options' challenge, sent with these.
    expectError(await register(t, u, { challengeId: mine.challengeId, response: authenticator.create(other.options) }), 400, { code: 'VALIDATION' });
    // Someone else cannot spend this user's options.
    expectError(await register(t, stranger, { challengeId: other.challengeId, response: authenticator.create(other.options) }), 400, { code: 'VALIDATION' });
    // An answer made for another site (its origin and RP ID) is refused too.
    const elsewhere = createSoftwareAuthenticator('http://evil.test');
    const third = await registrationOptions(t, u);
    expectError(await register(t, u, { challengeId: third.challengeId, response: elsewhere.create(third.options) }), 400, { code: 'VALIDATION' });
    expect(await passkeysOf(t, u)).toEqual([]);
    expect(await passkeysOf(t, stranger)).toEqual([]);
  });
});

describe('removing a passkey', () => {
  it("the owner removes theirs; anyone else's is 404 and stays", async () => {
    const authenticator = createSoftwareAuthenticator(PUBLIC_URL);
    const { u, passkey } = await withPasskey(t, authenticator);
    const { passkey: second } = await withPasskey(t, authenticator, u);
    const stranger = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    for (const caller of [stranger, admin]) {
      expectError(await t.injectAs(caller, { method: 'DELETE', url: `/api/auth/passkeys/${encodeURIComponent(passkey._id)}` }), 404, { code: 'NOT_FOUND' });
    }
    expect(await passkeysOf(t, u)).toHaveLength(2);
    const res = await t.injectAs(u, { method: 'DELETE', url: `/api/auth/passkeys/${encodeURIComponent(passkey._id)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await passkeysOf(t, u)).map((p) => p._id)).toEqual([second._id]);
    // A removed passkey signs nobody in.
    const { challengeId, options } = await loginOptions(t);
    expectError(await login(t, { challengeId, response: authenticator.get(options, { credential: authenticator.credentials[0] }) }), 401, { code: 'INVALID_CREDENTIALS' });
  });
});

describe('signing in with a passkey', () => {
  it('a verified assertion starts a session without the password or a code, even with two-step sign-in on (both steps)', async () => {
    const authenticator = createSoftwareAuthenticator(PUBLIC_URL);
    const u = await t.createUser();
    await t.services.users.setPasswordHash(u.id, await hashPassword(TEST_PASSWORD));
    const setup = (await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/setup' })).json<TwoFactorSetupResponse>();
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() - 30_000 });
    expect((await t.injectAs(u, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code } })).statusCode).toBe(200);
    // The password alone is only the first step.
    const passwordStep = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: TEST_PASSWORD }, remoteAddress: ip() });
    expect(passwordStep.json()).toMatchObject({ twoFactorRequired: true });

    await withPasskey(t, authenticator, u);
    const { challengeId, options } = await loginOptions(t);
    expect(options).toMatchObject({ rpId: 'olden.test', userVerification: 'required' });
    const res = await login(t, { challengeId, response: authenticator.get(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { _id: u.id, email: u.email } });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBeTruthy();
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [SESSION_COOKIE]: cookie!.value } });
    expect(session.json()).toMatchObject({ user: { email: u.email } });
    expect((await passkeysOf(t, u))[0]!.lastUsedAt).not.toBeNull();
    const events = await t.database.db.select().from(securityEvents).where(eq(securityEvents.userId, u.id));
    expect(events.map((e) => e.event)).toContain('auth.login.passkey');
  });

  it('refuses a spent challenge, an assertion over another challenge, one signed by another key, and a counter that did not move', async () => {
    const authenticator = createSoftwareAuthenticator(PUBLIC_URL);
    const { u } = await withPasskey(t, authenticator);
    await withPasskey(t, authenticator); // a second key on this authenticator, someone else's
    const [mine, theirs] = authenticator.credentials;

    const first = await loginOptions(t);
    const assertion = authenticator.get(first.options, { credential: mine });
    expect((await login(t, { challengeId: first.challengeId, response: assertion })).statusCode).toBe(200);
    // Replayed as it was: the challenge is spent.
    expectError(await login(t, { challengeId: first.challengeId, response: assertion }), 401, { code: 'UNAUTHENTICATED' });
    // Replayed against a fresh challenge: it signed the old one.
    const fresh = await loginOptions(t);
    expectError(await login(t, { challengeId: fresh.challengeId, response: assertion }), 401, { code: 'INVALID_CREDENTIALS' });
    // Over a challenge the server never gave.
    const other = await loginOptions(t);
    const forged = authenticator.get({ ...other.options, challenge: Buffer.from('not the challenge').toString('base64url') }, { credential: mine });
    expectError(await login(t, { challengeId: other.challengeId, response: forged }), 401, { code: 'INVALID_CREDENTIALS' });
    // Naming this user's key but signed with another key.
    const third = await loginOptions(t);
    expectError(await login(t, { challengeId: third.challengeId, response: authenticator.get(third.options, { credential: mine, signWith: theirs }) }), 401, { code: 'INVALID_CREDENTIALS' });
    // A valid signature whose counter did not move past the stored one (a cloned key).
    const fourth = await loginOptions(t);
    const stale = authenticator.get(fourth.options, { credential: mine, counter: 1 });
    expectError(await login(t, { challengeId: fourth.challengeId, response: stale }), 401, { code: 'INVALID_CREDENTIALS' });
    // The key itself still works, its counter moved on.
    const fifth = await loginOptions(t);
    const ok = await login(t, { challengeId: fifth.challengeId, response: authenticator.get(fifth.options, { credential: mine, counter: 7 }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ user: { _id: u.id } });
  });
});

describe('PASSKEY_CHALLENGE_MINUTES', () => {
  it('set-up and sign-in options are refused once their window has passed (400 and 401), and work within it', async () => {
    const authenticator = createSoftwareAuthenticator(PUBLIC_URL);
    const { u } = await withPasskey(short, authenticator);
    const lateRegistration = await registrationOptions(short, u);
    const lateLogin = await loginOptions(short);
    const promptLogin = await loginOptions(short);
    expect((await login(short, { challengeId: promptLogin.challengeId, response: authenticator.get(promptLogin.options) })).statusCode).toBe(200);

    await pause(SHORT_WINDOW_MS + 1000);
    expectError(await register(short, u, { challengeId: lateRegistration.challengeId, response: authenticator.create(lateRegistration.options) }), 400, {
      code: 'VALIDATION',
      message: 'The passkey set-up expired: start again',
    });
    expectError(await login(short, { challengeId: lateLogin.challengeId, response: authenticator.get(lateLogin.options) }), 401, { code: 'UNAUTHENTICATED' });
    expect(await passkeysOf(short, u)).toHaveLength(1);
  });
});
