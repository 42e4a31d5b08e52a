// Limits for new accounts (docs/product.md#limits-for-new-accounts), at their default values: the spec's flow
// (register, then list, then request, then write) within them; past them 429 NEW_ACCOUNT_LIMIT saying what lifts the
// limit; an account old enough and verified is not limited.
import type { ErrorBody, InsertedResponse } from '@olden/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_NEW_ACCOUNT_LIMITS, loadConfig } from '../../config.ts';
import { users } from '../../db/schema.ts';
import { TEST_JWT_SECRET, TEST_PASSWORD, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { post } from '../messages/fixtures.ts';
import { createProduct, productBody } from '../products/fixtures.ts';

// The defaults, as a deployment has them (the harness raises them for other files).
const getApp = useTestApp({ NEW_ACCOUNT_LIMITS: DEFAULT_NEW_ACCOUNT_LIMITS, NEW_ACCOUNT_HOURS: '24' });

const HOUR = 60 * 60 * 1000;
const list = (t: TestApp, user: TestUser) => t.injectAs(user, { method: 'POST', url: '/api/products', payload: productBody() });
const ask = (t: TestApp, buyer: TestUser, productId: string) =>
  t.injectAs(buyer, { method: 'POST', url: '/api/buyerProduct', payload: { productId, phoneNumber: '0123456789', buyerAddress: '2 Station Road' } });

async function age(t: TestApp, user: TestUser, hours: number, verified: boolean) {
  await t.database.db.update(users).set({ createdAt: new Date(Date.now() - hours * HOUR), emailVerified: verified }).where(eq(users.id, user.id));
}

function expectLimit(res: LightMyRequestResponse, words: RegExp[]) {
  expect(res.statusCode, res.body).toBe(429);
  const body = res.json<ErrorBody>();
  expect(body.code).toBe('NEW_ACCOUNT_LIMIT');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  for (const w of words) expect(body.message).toMatch(w);
  return body.message;
}

describe('new-account limits', () => {
  let t: TestApp;
  beforeAll(() => {
    t = getApp();
  });

  it('the spec’s flow works for an account registered a moment ago: register, list, request, write', async () => {
    const register = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name, photoURL: 'https://img.test.example/me.png', email: `${name.toLowerCase()}-${Date.now()}@test.example`, password: TEST_PASSWORD },
      });
    const tokenOf = async (res: LightMyRequestResponse) => {
      const cookie = res.cookies.find((c) => c.name === 'og_session')!;
      const email = res.json<{ user: { email: string } }>().user.email;
      const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', payload: { email }, headers: { cookie: `og_session=${cookie.value}` } });
      expect(jwt.statusCode, jwt.body).toBe(200);
      return { authorization: `Bearer ${jwt.json<{ token: string }>().token}` };
    };
    const [sellerReg, buyerReg] = [await register('Newseller'), await register('Newbuyer')];
    expect(sellerReg.statusCode).toBe(201);
    const [seller, buyer] = [await tokenOf(sellerReg), await tokenOf(buyerReg)];
    const listed = await t.app.inject({ method: 'POST', url: '/api/products', payload: productBody(), headers: seller });
    expect(listed.statusCode, listed.body).toBe(200);
    const productId = listed.json<InsertedResponse>().insertedId!;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/buyerProduct',
      payload: { productId, phoneNumber: '0123456789', buyerAddress: '2 Station Road' },
      headers: buyer,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const requestId = asked.json<InsertedResponse>().insertedId!;
    const wrote = await t.app.inject({ method: 'POST', url: `/api/buyerProduct/${requestId}/messages`, payload: { text: 'When can I collect?' }, headers: buyer });
    expect(wrote.statusCode, wrote.body).toBe(200);
  });

  it('5 listings a day: the 6th is 429 NEW_ACCOUNT_LIMIT naming when the account is old enough and that verifying lifts it; nothing stored', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) expect((await list(t, user)).statusCode).toBe(200);
    const message = expectLimit(await list(t, user), [/at most 5 items a day/, /24 hours old \(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\)/, /verify your email/]);
    expect(message).toMatch(/you can again after \d{4}-/);
    const own = await t.injectAs(user, { method: 'GET', url: `/api/products?email=${user.email}` });
    expect(own.json<unknown[]>()).toHaveLength(5);
  });

  it('verified but young: limited until the account is old enough (no word of verifying); old but unverified: until verified', async () => {
    const young = await t.createUser();
    await age(t, young, 1, true);
    for (let i = 0; i < 5; i++) expect((await list(t, young)).statusCode).toBe(200);
    const message = expectLimit(await list(t, young), [/24 hours old/]);
    expect(message).not.toMatch(/verify/);

    const unverified = await t.createUser();
    await age(t, unverified, 48, false);
    for (let i = 0; i < 5; i++) expect((await list(t, unverified)).statusCode).toBe(200);
    const why = expectLimit(await list(t, unverified), [/verify your email/]);
    expect(why).not.toMatch(/hours old/);
  });

  it('an account old enough and verified is not limited', async () => {
    const established = await t.createUser();
    await age(t, established, 25, true);
    for (let i = 0; i < 7; i++) expect((await list(t, established)).statusCode).toBe(200);
  });

  it('10 buy requests and 30 messages a day', async () => {
    const [seller, buyer] = [await t.createUser(), await t.createUser()];
    // The seller's listings come from an established account (its own limit is not what this tests).
    await age(t, seller, 48, true);
    const listings: string[] = [];
    for (let i = 0; i < 11; i++) listings.push(await createProduct(t, seller));
    let requestId = '';
    for (let i = 0; i < 10; i++) {
      const res = await ask(t, buyer, listings[i]!);
      expect(res.statusCode, res.body).toBe(200);
      requestId = res.json<InsertedResponse>().insertedId!;
    }
    expectLimit(await ask(t, buyer, listings[10]!), [/at most 10 buy requests a day/]);
    for (let i = 0; i < 30; i++) expect((await post(t, buyer, requestId, `Question ${i}`)).statusCode).toBe(200);
    expectLimit(await post(t, buyer, requestId, 'One more'), [/at most 30 messages a day/]);
    // The seller (established) still answers.
    expect((await post(t, seller, requestId, 'Answer')).statusCode).toBe(200);
  });
});

describe('NEW_ACCOUNT_LIMITS and NEW_ACCOUNT_HOURS', () => {
  it('parse with their defaults; a kind left out keeps its default; anything else stops the boot naming the variable', () => {
    expect(loadConfig({}, TEST_JWT_SECRET)).toMatchObject({ NEW_ACCOUNT_HOURS: 24, NEW_ACCOUNT_LIMITS: { listings: 5, requests: 10, messages: 30 } });
    expect(loadConfig({ NEW_ACCOUNT_LIMITS: 'requests=3', NEW_ACCOUNT_HOURS: '72' }, TEST_JWT_SECRET)).toMatchObject({
      NEW_ACCOUNT_HOURS: 72,
      NEW_ACCOUNT_LIMITS: { listings: 5, requests: 3, messages: 30 },
    });
    for (const wrong of ['listings=many', 'offers=3', 'listings=-1', 'listings']) {
      expect(() => loadConfig({ NEW_ACCOUNT_LIMITS: wrong }, TEST_JWT_SECRET)).toThrow(ConfigError);
      expect(() => loadConfig({ NEW_ACCOUNT_LIMITS: wrong }, TEST_JWT_SECRET)).toThrow(/NEW_ACCOUNT_LIMITS/);
    }
    expect(() => loadConfig({ NEW_ACCOUNT_HOURS: '-1' }, TEST_JWT_SECRET)).toThrow(/NEW_ACCOUNT_HOURS/);
  });
});
