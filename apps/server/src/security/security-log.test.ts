// Security events (README's Security section) are structured log lines (who, from where, what, on what), and no line
// ever carries a password, a token or a session cookie. The app logs through the server's own logger options.
import { describe, expect, it, vi } from 'vitest';
import type { ImageUploadResponse } from '@olden/contracts';
import { openThread } from '../modules/messages/fixtures.ts';
import { createProduct } from '../modules/products/fixtures.ts';
import { TEST_PASSWORD, type TestUser, useTestApp } from '../test/harness.ts';
import { imageUpload } from './matrix.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const getApp = useTestApp({}, { captureLog: true });

type Line = Record<string, unknown>;
const lines = (): Line[] => getApp().logLines.map((l) => JSON.parse(l) as Line);
const events = (event: string): Line[] => lines().filter((l) => l.security === true && l.event === event);

/** Every secret a test sent; checked against every captured line at the end of each test. */
const secrets = new Set<string>();
function expectNoSecretLogged(): void {
  const all = getApp().logLines.join('\n');
  for (const secret of secrets) expect(all.includes(secret), `a log line carries ${secret.slice(0, 12)}...`).toBe(false);
}

describe('security events in the log', () => {
  it('a failed password sign-in: userId null, the email it targeted, the address, the reason', async () => {
    const t = getApp();
    const user = await t.createUser({ password: TEST_PASSWORD });
    const wrong = 'Wrong#Guess-4711';
    secrets.add(wrong);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: wrong }, remoteAddress: '198.51.100.7' });
    expect(res.statusCode).toBe(401);
    expect(events('auth.login.failure')).toContainEqual(
      expect.objectContaining({ userId: null, target: user.email, ip: '198.51.100.7', method: 'password', reason: 'INVALID_CREDENTIALS' }),
    );
    expectNoSecretLogged();
  });

  it('a successful password sign-in: the user id and the address; never the password or the session cookie', async () => {
    const t = getApp();
    const password = 'Right#Password-0815';
    secrets.add(password);
    const user = await t.createUser({ password });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, remoteAddress: '198.51.100.8' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'og_session')!.value;
    secrets.add(cookie);
    expect(events('auth.login.success')).toContainEqual(
      expect.objectContaining({ userId: user.id, target: user.email, ip: '198.51.100.8', method: 'password' }),
    );
    // Using the cookie and a token does not log them either.
    const token = await t.app.inject({ method: 'POST', url: '/api/jwt', payload: { email: user.email }, headers: { cookie: `og_session=${cookie}` } });
    expect(token.statusCode).toBe(200);
    const accessToken = token.json<{ token: string }>().token;
    secrets.add(accessToken);
    await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${accessToken}`, cookie: `og_session=${cookie}` } });
    expectNoSecretLogged();
  });

  it('a 403 and a 401: the route, method, status, user id (when known) and address', async () => {
    const t = getApp();
    const user = await t.createUser();
    secrets.add(user.token);
    const forbidden = await t.injectAs(user, { method: 'GET', url: '/api/users', remoteAddress: '198.51.100.9' });
    expect(forbidden.statusCode).toBe(403);
    expect(events('auth.denied')).toContainEqual(
      expect.objectContaining({ userId: user.id, ip: '198.51.100.9', method: 'GET', route: '/api/users', status: 403 }),
    );
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users?limit=5', remoteAddress: '198.51.100.10' });
    expect(anonymous.statusCode).toBe(401);
    expect(events('auth.denied')).toContainEqual(
      expect.objectContaining({ userId: null, ip: '198.51.100.10', method: 'GET', route: '/api/users', status: 401 }),
    );
    const badToken = 'not-a-real-token-but-secret-looking-1234567890';
    secrets.add(badToken);
    const invalid = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${badToken}` } });
    expect(invalid.statusCode).toBe(401);
    expectNoSecretLogged();
  });

  it("an admin deleting someone else's listing is logged; a seller deleting their own is not", async () => {
    const t = getApp();
    const admin = await t.createUser({ role: 'admin' });
    const seller = await t.createUser();
    secrets.add(admin.token).add(seller.token);
    const theirs = await createProduct(t, seller);
    const own = await createProduct(t, seller);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/products/${theirs}`, remoteAddress: '198.51.100.11' })).statusCode).toBe(200);
    expect((await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${own}` })).statusCode).toBe(200);
    const deletes = events('admin.product.delete');
    expect(deletes).toContainEqual(expect.objectContaining({ userId: admin.id, ip: '198.51.100.11', target: theirs, sellerId: seller.id }));
    expect(deletes.some((l) => l.target === own)).toBe(false);
    expectNoSecretLogged();
  });

  it("an admin accepting or handing over someone else's buy request is logged; the seller's own decisions are not", async () => {
    const t = getApp();
    const admin = await t.createUser({ role: 'admin' });
    secrets.add(admin.token);
    const byAdmin = await openThread(t);
    const bySeller = await openThread(t);
    const patch = (user: TestUser, requestId: string) =>
      t.injectAs(user, { method: 'PATCH', url: `/api/buyerProduct/${requestId}`, payload: { status: 'Accepted' }, remoteAddress: '198.51.100.13' });
    expect((await patch(admin, byAdmin.requestId)).statusCode).toBe(200);
    expect((await patch(bySeller.seller, bySeller.requestId)).statusCode).toBe(200);
    const handover = await t.injectAs(admin, { method: 'DELETE', url: `/api/buyerProduct/${byAdmin.requestId}`, remoteAddress: '198.51.100.13' });
    expect(handover.statusCode).toBe(200);
    expect(events('admin.request.decide')).toEqual([
      expect.objectContaining({ userId: admin.id, ip: '198.51.100.13', target: byAdmin.requestId, decision: 'Accepted', sellerId: byAdmin.seller.id }),
    ]);
    expect(events('admin.request.handover')).toEqual([
      expect.objectContaining({ userId: admin.id, ip: '198.51.100.13', target: byAdmin.requestId, sellerId: byAdmin.seller.id }),
    ]);
    expectNoSecretLogged();
  });

  it("an admin deleting someone else's image is logged with the helper's shape", async () => {
    const t = getApp();
    const admin = await t.createUser({ role: 'admin' });
    const uploader = await t.createUser();
    const upload = await t.injectAs(uploader, { method: 'POST', url: '/api/images', ...(await imageUpload()) });
    expect(upload.statusCode, upload.body).toBe(200);
    const { id } = upload.json<ImageUploadResponse>().data;
    const res = await t.injectAs(admin, { method: 'DELETE', url: `/api/images/${id}`, remoteAddress: '198.51.100.12' });
    expect(res.statusCode, res.body).toBe(200);
    expect(events('admin.image.delete')).toContainEqual(
      expect.objectContaining({ userId: admin.id, ip: '198.51.100.12', target: id, ownerId: uploader.id }),
    );
  });

  it('one line per request once answered: method, URL, host, address, status and time (decision 019)', async () => {
    const t = getApp();
    const before = t.logLines.length;
    const url = `/api/products?category=electronics&limit=2&probe=${Date.now()}`;
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.20' });
    expect(res.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: '198.51.100.20' });
    expect(missing.statusCode).toBe(404);
    const added = t.logLines.slice(before).map((l) => JSON.parse(l) as Line);
    const requestLines = added.filter((l) => l.req !== undefined);
    expect(requestLines).toHaveLength(2);
    expect(added.some((l) => l.msg === 'incoming request')).toBe(false);
    expect(requestLines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url, remoteAddress: '198.51.100.20' }, res: { statusCode: 400 } });
    expect(requestLines[1]).toMatchObject({ req: { method: 'GET', url: '/api/no-such-route' }, res: { statusCode: 404 } });
    for (const l of requestLines) expect(l.responseTime).toEqual(expect.any(Number));
  });

  it('request lines name the URL without secret query values, and never a header or a body', async () => {
    const t = getApp();
    const code = 'one-time-code-that-must-stay-secret';
    secrets.add(code);
    await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?state=abc&code=${code}` });
    const requestLines = lines().filter((l) => l.req !== undefined);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const l of requestLines) expect(Object.keys(l.req as object).sort()).toEqual(['host', 'method', 'remoteAddress', 'url']);
    expect(requestLines.map((l) => (l.req as { url: string }).url)).toContain('/api/auth/google/callback?state=[redacted]&code=[redacted]');
    expect(getApp().logLines.join('\n')).not.toMatch(/"body"|"headers"|authorization|og_session=/i);
    expectNoSecretLogged();
  });
});
