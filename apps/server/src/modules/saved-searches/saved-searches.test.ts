// Saved searches through the API (PGlite, or PostgreSQL with TEST_DATABASE_URL): the rules of saving, newCount, and
// alerts off the request path: the live `savedSearch` event, instant mails throttled per search, the daily digest, the
// user's choice of one daily digest for every alert, and one-click unsubscribe (RFC 8058), mails read from a real SMTP
// server.
import type { AddressInfo } from 'node:net';
import { type SavedSearch, SAVED_SEARCHES_MAX, type SessionUser } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../test/harness.ts';
import { connectSse } from '../../test/sse.ts';
import { decodedBodyOf, headersOf, startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createProduct, productBody } from '../products/fixtures.ts';

let t: TestApp;
let smtp: TestSmtp;
let base = '';

beforeAll(async () => {
  smtp = await startSmtp();
  // One trusted report hides a listing here (the alerts' test of hidden listings).
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_POLL_MS: '500', ALERT_MAIL_INTERVAL_SECONDS: '4', REPORTS_TO_HIDE: '1', REPORTER_MIN_AGE_HOURS: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const save = (user: TestUser | null, filters: Record<string, unknown>, alert?: string) =>
  t.injectAs(user, { method: 'POST', url: '/api/savedSearches', payload: { filters, ...(alert ? { alert } : {}) } });
const saved = async (user: TestUser, filters: Record<string, unknown>, alert = 'instant') => {
  const res = await save(user, filters, alert);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ savedSearch: SavedSearch }>().savedSearch;
};
const list = async (user: TestUser) => (await t.injectAs(user, { url: '/api/savedSearches' })).json<SavedSearch[]>();
const setMe = (user: TestUser, payload: Record<string, unknown>) => t.injectAs(user, { method: 'PATCH', url: '/api/users/me', payload });
/** Whether the search has an alert job queued (alert_due_at), read from the database. */
const alertQueued = async (id: string) => {
  const rows = await t.database.db.execute(sql`select alert_due_at from saved_searches where id = ${id}`);
  const row = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as { alert_due_at: unknown };
  return row.alert_due_at !== null;
};
const INSTANT_INTRO = 'New listings match your saved search "';
const DIGEST_INTRO = 'New listings match your saved searches:';
const unsubscribeLink = (raw: string) => /\/unsubscribe\?token=([A-Za-z0-9._%-]+)/.exec(decodedBodyOf(raw))?.[1];

describe('POST /api/savedSearches', () => {
  it('saves the timeline filters with a readable label; the same filters twice: 409 ALREADY_SAVED', async () => {
    const user = await t.createUser();
    const s = await saved(user, { q: 'brass lamp', category: 'homeAndLiving', maxPrice: '50', sort: 'price_asc' });
    expect(s).toMatchObject({
      label: 'brass lamp in Home and Living under $50.00',
      filters: { q: 'brass lamp', category: 'homeAndLiving', maxPrice: '50' },
      alert: 'instant',
      newCount: 0,
    });
    expect(s._id).toMatch(/^[a-f0-9]{32}$/);
    // The order is not a filter: the same filters in another order are the same search.
    expectError(await save(user, { maxPrice: '50', category: 'homeAndLiving', q: 'brass lamp' }), 409, { code: 'ALREADY_SAVED' });
    expect((await saved(user, { minPrice: '10', maxPrice: '20' }, 'daily')).label).toBe('Everything from $10.00 to $20.00');
  });

  it('refuses empty filters (400), anonymous callers (401) and more than 50 per user (409 SAVED_SEARCHES_FULL)', async () => {
    const user = await t.createUser();
    expectError(await save(user, {}), 400, { code: 'VALIDATION' });
    expectError(await save(user, { sort: 'price_asc', category: 'noSuchCategory', minPrice: 'abc' }), 400, { code: 'VALIDATION' });
    expectError(await save(user, { q: 'x' }, 'hourly'), 400, { code: 'VALIDATION' });
    expectError(await save(null, { q: 'lamp' }), 401, { code: 'UNAUTHENTICATED' });
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) await saved(user, { minPrice: String(i + 1) }, 'off');
    expectError(await save(user, { q: 'one too many' }), 409, { code: 'SAVED_SEARCHES_FULL' });
    expect(await list(user)).toHaveLength(SAVED_SEARCHES_MAX);
  });
});

describe('PATCH, DELETE, seen: only the owner', () => {
  it('changes the alert, marks seen and deletes; another user’s id is a 404', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const s = await saved(owner, { q: 'teak sideboard' });
    for (const [method, url, payload] of [
      ['PATCH', `/api/savedSearches/${s._id}`, { alert: 'off' }],
      ['DELETE', `/api/savedSearches/${s._id}`, undefined],
      ['POST', `/api/savedSearches/${s._id}/seen`, undefined],
    ] as const) {
      expectError(await t.injectAs(other, { method, url, payload }), 404, { code: 'NOT_FOUND' });
      expectError(await t.injectAs(null, { method, url, payload }), 401, { code: 'UNAUTHENTICATED' });
    }
    const patched = await t.injectAs(owner, { method: 'PATCH', url: `/api/savedSearches/${s._id}`, payload: { alert: 'daily' } });
    expect(patched.json<{ savedSearch: SavedSearch }>().savedSearch.alert).toBe('daily');
    expectError(await t.injectAs(owner, { method: 'PATCH', url: `/api/savedSearches/${s._id}`, payload: {} }), 400, { code: 'VALIDATION' });
    expect((await t.injectAs(owner, { method: 'POST', url: `/api/savedSearches/${s._id}/seen` })).statusCode).toBe(200);
    expect((await t.injectAs(owner, { method: 'DELETE', url: `/api/savedSearches/${s._id}` })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expectError(await t.injectAs(owner, { method: 'DELETE', url: `/api/savedSearches/${s._id}` }), 404, { code: 'NOT_FOUND' });
    expect(await list(other)).toEqual([]);
  });
});

describe('matching and alerts', () => {
  it('a matching new listing: a live savedSearch event and a mail with the listing, its link and one-click unsubscribe', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    const s = await saved(buyer, { q: 'brass lamp', maxPrice: '50' });
    const noMatch = await saved(buyer, { q: 'brass lamp', category: 'electronics' });
    const sse = await connectSse(`${base}/api/events`, { cookie: buyer.cookie });
    try {
      // Too dear, and another word: no match.
      await createProduct(t, seller, { name: 'Brass lamp, tall', price: '80' });
      await createProduct(t, seller, { name: 'Copper kettle', price: '20' });
      const lamp = await createProduct(t, seller, { name: 'Old brass desk lamp', price: '45' });
      // The buyer's own listing never alerts them.
      await createProduct(t, buyer, { name: 'My brass lamp', price: '10' });
      const event = await sse.next('savedSearch', { timeoutMs: 15_000 });
      expect(event.data).toEqual({ savedSearchId: s._id, label: s.label, productId: lamp, name: 'Old brass desk lamp', price: 45 });
      await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
      const raw = smtp.to(buyer.email)[0]!.raw;
      const body = decodedBodyOf(raw);
      expect(body).toContain('Old brass desk lamp');
      expect(body).toContain('$45.00');
      expect(body).toContain(`${t.config.publicUrl}/productDetails/${lamp}`);
      expect(body).toContain(`${t.config.publicUrl}/timeline?maxPrice=50&amp;q=brass+lamp`);
      expect(body).not.toContain('tall');
      expect(body).not.toContain('My brass lamp');
      const headers = headersOf(raw);
      expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${t.config.publicUrl}/api/savedSearches/unsubscribe\\?token=`));
      expect(sse.events.filter((e) => e.event === 'savedSearch')).toHaveLength(1);
      const counts = Object.fromEntries((await list(buyer)).map((r) => [r._id, r.newCount]));
      expect(counts).toEqual({ [s._id]: 1, [noMatch._id]: 0 });
      await t.injectAs(buyer, { method: 'POST', url: `/api/savedSearches/${s._id}/seen` });
      expect((await list(buyer)).find((r) => r._id === s._id)!.newCount).toBe(0);
    } finally {
      sse.close();
    }
  });

  it('at most one mail per search per interval, naming every listing since; a listing sold meanwhile is left out', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    await saved(buyer, { q: 'rattan' });
    await createProduct(t, seller, { name: 'Rattan chair', price: '30' });
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
    await createProduct(t, seller, { name: 'Rattan basket', price: '12' });
    const gone = await createProduct(t, seller, { name: 'Rattan tray', price: '8' });
    await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${gone}` });
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.to(buyer.email)).toHaveLength(1);
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 20_000, interval: 200 }).toBe(2);
    const second = decodedBodyOf(smtp.to(buyer.email)[1]!.raw);
    expect(second).toContain('Rattan basket');
    expect(second).not.toContain('Rattan tray');
    expect(second).not.toContain('Rattan chair');
    await new Promise((r) => setTimeout(r, 5000));
    expect(smtp.to(buyer.email)).toHaveLength(2);
  });

  it('a listing renamed into a search alerts once; renamed again, not twice', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    await saved(buyer, { q: 'gramophone' });
    const id = await createProduct(t, seller, { name: 'Record player', price: '90' });
    await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ name: 'Gramophone record player', price: '90' }) });
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
    await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ name: 'Gramophone, fine', price: '85' }) });
    await new Promise((r) => setTimeout(r, 6000));
    expect(smtp.to(buyer.email)).toHaveLength(1);
  });

  it('a listing matching many searches queues one alert job per 50 of them; each search mails once', async () => {
    const seller = await t.createUser();
    const owners = [await t.createUser(), await t.createUser()];
    const word = `zither${Date.now().toString(36)}`;
    // 45 and 30 searches, each a different lowest price, all under the listing's.
    const ids: string[] = [];
    for (const [o, owner] of owners.entries()) {
      for (let i = 1; i <= (o === 0 ? 45 : 30); i++) ids.push((await saved(owner, { q: word, minPrice: String(i) }))._id);
    }
    await createProduct(t, seller, { name: `Old ${word}, strung`, price: '100' });
    await expect.poll(() => owners.map((o) => smtp.to(o.email).length), { timeout: 60_000, interval: 250 }).toEqual([45, 30]);
    const rows = await t.database.db.execute(sql`select data from pgboss.job where name = 'savedSearches.alert'`);
    const jobs = ((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { data: { savedSearchIds?: string[] } }[])
      .map((r) => r.data.savedSearchIds ?? [])
      .filter((named) => named.some((id) => ids.includes(id)));
    expect(jobs.map((named) => named.length).sort((a, b) => a - b)).toEqual([25, 50]);
    expect(jobs.flat().sort()).toEqual([...ids].sort());
    await new Promise((r) => setTimeout(r, 1500));
    expect(owners.map((o) => smtp.to(o.email).length)).toEqual([45, 30]);
  }, 120_000);

  it('an alert job run again before the search is due again (a retry, a duplicate) mails nothing early', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    const word = `sitar${Date.now().toString(36)}`;
    const s = await saved(buyer, { q: word });
    await createProduct(t, seller, { name: `${word} one`, price: '30' });
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
    // The next alert of this search is held by a job due in an hour; a listing comes meanwhile.
    await t.database.db.execute(sql`update saved_searches set alert_due_at = now() + interval '1 hour' where id = ${s._id}`);
    await createProduct(t, seller, { name: `${word} two`, price: '30' });
    await expect.poll(() => list(buyer).then((r) => r.find((x) => x._id === s._id)!.newCount), { timeout: 15_000, interval: 200 }).toBe(2);
    // An earlier job's copy runs now: it must leave the search to the job that holds it.
    await t.services.jobs.send('savedSearches.alert', { savedSearchIds: [s._id] });
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.to(buyer.email)).toHaveLength(1);
    expect(await alertQueued(s._id)).toBe(true);
  });

  it('a listing hidden by reports, and the listings of a seller either party blocked, are left out of alerts', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    const blocked = await t.createUser();
    const blocker = await t.createUser();
    const reporter = await t.createUser();
    await t.database.db.execute(sql`update users set email_verified = true where id = ${reporter.id}`);
    const word = `lute${Date.now().toString(36)}`;
    const s = await saved(buyer, { q: word });
    expect((await t.injectAs(buyer, { method: 'PUT', url: `/api/blocks/${blocked.id}` })).statusCode).toBe(200);
    expect((await t.injectAs(blocker, { method: 'PUT', url: `/api/blocks/${buyer.id}` })).statusCode).toBe(200);
    await createProduct(t, seller, { name: `${word} first`, price: '30' });
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
    // Within the interval: these wait for the next alert.
    const hidden = await createProduct(t, seller, { name: `${word} reported`, price: '30' });
    await createProduct(t, seller, { name: `${word} kept`, price: '30' });
    await createProduct(t, blocked, { name: `${word} by the blocked`, price: '30' });
    await createProduct(t, blocker, { name: `${word} by the blocker`, price: '30' });
    const reported = await t.injectAs(reporter, { method: 'POST', url: '/api/reports', payload: { targetType: 'listing', targetId: hidden, reason: 'scam' } });
    expect(reported.statusCode, reported.body).toBe(201);
    expect((await t.injectAs(buyer, { url: `/api/products/${hidden}` })).statusCode).toBe(404);
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 20_000, interval: 200 }).toBe(2);
    const second = decodedBodyOf(smtp.to(buyer.email)[1]!.raw);
    expect(second).toContain(`${word} kept`);
    for (const left of ['reported', 'by the blocked', 'by the blocker']) expect(second).not.toContain(`${word} ${left}`);
    // newCount leaves them out too: only the first and the kept listing count.
    expect((await list(buyer)).find((r) => r._id === s._id)!.newCount).toBe(2);
  });

  it('daily searches: one digest per user covering all of them, never the same listing twice', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    await saved(buyer, { q: 'enamel jug' }, 'daily');
    await saved(buyer, { category: 'pets' }, 'daily');
    await createProduct(t, seller, { name: 'Enamel jug', price: '14' });
    await createProduct(t, seller, { name: 'Bird cage', category: 'pets', price: '25' });
    await expect.poll(async () => (await list(buyer)).reduce((n, s) => n + s.newCount, 0), { timeout: 15_000, interval: 200 }).toBe(2);
    expect(smtp.to(buyer.email)).toHaveLength(0);
    await t.services.savedSearches.runDigest();
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
    const raw = smtp.to(buyer.email)[0]!.raw;
    expect(decodedBodyOf(raw)).toContain('Enamel jug');
    expect(decodedBodyOf(raw)).toContain('Bird cage');
    expect(headersOf(raw).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    await t.services.savedSearches.runDigest();
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.to(buyer.email)).toHaveLength(1);
  });
});

describe('PATCH /api/users/me {savedSearchDigest}: alert mails in one daily digest', () => {
  it('on: an instant match is a live event at once and no mail, then named once by the next digest; off again: mails as they come, the digested listing not again', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    const on = await setMe(buyer, { savedSearchDigest: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ user: SessionUser }>().user).toMatchObject({ savedSearchDigest: true, notifyByEmail: true });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: buyer.cookie } });
    expect(session.json<{ user: SessionUser }>().user.savedSearchDigest).toBe(true);
    const walnut = await saved(buyer, { q: 'walnut bureau' });
    await saved(buyer, { q: 'pine settle' }, 'daily');
    const sse = await connectSse(`${base}/api/events`, { cookie: buyer.cookie });
    try {
      const bureau = await createProduct(t, seller, { name: 'Walnut bureau', price: '120' });
      await createProduct(t, seller, { name: 'Pine settle', price: '60' });
      const event = await sse.next('savedSearch', { timeoutMs: 15_000 });
      expect(event.data).toMatchObject({ savedSearchId: walnut._id, productId: bureau, name: 'Walnut bureau' });
      // The alert job ran (the match queued it) and left the listing to the digest.
      await expect.poll(() => alertQueued(walnut._id), { timeout: 15_000, interval: 200 }).toBe(false);
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.to(buyer.email)).toHaveLength(0);

      await t.services.savedSearches.runDigest();
      await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
      const digest = decodedBodyOf(smtp.to(buyer.email)[0]!.raw);
      expect(digest).toContain(DIGEST_INTRO);
      expect(digest).toContain(`${t.config.publicUrl}/productDetails/${bureau}`);
      expect(digest).toContain('Pine settle');
      expect(digest).toContain('you chose one daily mail for your saved-search alerts');
      await t.services.savedSearches.runDigest();
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.to(buyer.email)).toHaveLength(1);

      const off = await setMe(buyer, { savedSearchDigest: false });
      expect(off.json<{ user: SessionUser }>().user.savedSearchDigest).toBe(false);
      const desk = await createProduct(t, seller, { name: 'Walnut writing bureau', price: '150' });
      await expect.poll(() => smtp.to(buyer.email).length, { timeout: 20_000, interval: 200 }).toBe(2);
      const instant = decodedBodyOf(smtp.to(buyer.email)[1]!.raw);
      expect(instant).toContain(INSTANT_INTRO);
      expect(instant).toContain(`${t.config.publicUrl}/productDetails/${desk}`);
      expect(instant).not.toContain(`/productDetails/${bureau}`);
      await sse.next('savedSearch', { timeoutMs: 15_000, where: (data) => (data as { productId: string }).productId === desk });
      expect(sse.events.filter((e) => e.event === 'savedSearch')).toHaveLength(2);
      await t.services.savedSearches.runDigest();
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.to(buyer.email)).toHaveLength(2);
    } finally {
      sse.close();
    }
  });

  it('turned off before the digest ran: what waited for it goes as an instant alert, once', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    await setMe(buyer, { savedSearchDigest: true });
    const s = await saved(buyer, { q: 'mahogany tallboy' });
    const tallboy = await createProduct(t, seller, { name: 'Mahogany tallboy', price: '300' });
    await expect.poll(async () => (await list(buyer))[0]!.newCount, { timeout: 15_000, interval: 200 }).toBe(1);
    await expect.poll(() => alertQueued(s._id), { timeout: 15_000, interval: 200 }).toBe(false);
    expect(smtp.to(buyer.email)).toHaveLength(0);
    await setMe(buyer, { savedSearchDigest: false });
    await t.services.savedSearches.runDigest();
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
    const body = decodedBodyOf(smtp.to(buyer.email)[0]!.raw);
    expect(body).toContain(INSTANT_INTRO);
    expect(body).toContain(`/productDetails/${tallboy}`);
    await t.services.savedSearches.runDigest();
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.to(buyer.email)).toHaveLength(1);
  });

  it('off by default; anything but a boolean is a 400 that changes nothing; with notifyByEmail off the digest mails nothing', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    expect((await t.services.users.findById(buyer.id))?.savedSearchDigest).toBe(false);
    for (const bad of ['true', 1, null, { $ne: false }]) {
      expectError(await setMe(buyer, { savedSearchDigest: bad }), 400, { code: 'VALIDATION' });
    }
    expect((await t.services.users.findById(buyer.id))?.savedSearchDigest).toBe(false);
    expect((await setMe(buyer, { savedSearchDigest: true, notifyByEmail: false })).json<{ user: SessionUser }>().user).toMatchObject({
      savedSearchDigest: true,
      notifyByEmail: false,
    });
    const s = await saved(buyer, { q: 'cherrywood chest' });
    await createProduct(t, seller, { name: 'Cherrywood chest', price: '80' });
    await expect.poll(async () => (await list(buyer))[0]!.newCount, { timeout: 15_000, interval: 200 }).toBe(1);
    await expect.poll(() => alertQueued(s._id), { timeout: 15_000, interval: 200 }).toBe(false);
    await t.services.savedSearches.runDigest();
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.to(buyer.email)).toHaveLength(0);
  });
});

describe('POST /api/savedSearches/unsubscribe', () => {
  it('the mailed token turns that alert off without signing in (one-click form POST); a tampered or foreign one changes nothing (400)', async () => {
    const buyer = await t.createUser();
    const seller = await t.createUser();
    const s = await saved(buyer, { q: 'pewter tankard' });
    const other = await saved(buyer, { q: 'silver spoon' });
    await createProduct(t, seller, { name: 'Pewter tankard', price: '15' });
    await expect.poll(() => smtp.to(buyer.email).length, { timeout: 15_000, interval: 200 }).toBe(1);
    const token = decodeURIComponent(unsubscribeLink(smtp.to(buyer.email)[0]!.raw)!);
    const post = (tok: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/savedSearches/unsubscribe?token=${encodeURIComponent(tok)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    expectError(await post(tampered), 400, { code: 'INVALID_TOKEN' });
    // A token shaped right for the other search, signed for this one: foreign.
    expectError(await post(`${other._id}${token.slice(token.indexOf('.'))}`), 400, { code: 'INVALID_TOKEN' });
    expectError(await post('nonsense'), 400, { code: 'INVALID_TOKEN' });
    expect((await list(buyer)).map((r) => r.alert)).toEqual(['instant', 'instant']);
    const ok = await post(token);
    expect(ok.json()).toEqual({ label: s.label, alert: 'off' });
    expect(Object.fromEntries((await list(buyer)).map((r) => [r._id, r.alert]))).toEqual({ [s._id]: 'off', [other._id]: 'instant' });
    // Idempotent, and a JSON POST (the web's page) works the same.
    expect((await t.app.inject({ method: 'POST', url: `/api/savedSearches/unsubscribe?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
    await createProduct(t, seller, { name: 'Pewter tankard, small', price: '9' });
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.to(buyer.email)).toHaveLength(1);
  });
});

describe('matching reads the searches of the listing’s words, not all', () => {
  it('files a search under its rarest word', async () => {
    const user = await t.createUser();
    const seller = await t.createUser();
    // "chair" is in many names here; "wingback" in none.
    for (let i = 0; i < 3; i++) await createProduct(t, seller, { name: `Chair ${i}` });
    const s = await saved(user, { q: 'wingback chair' }, 'off');
    const rows = await t.database.db.execute(sql`select match_key from saved_searches where id = ${s._id}`);
    const key = (Array.isArray(rows) ? rows : (rows as { rows: { match_key: string }[] }).rows)[0] as { match_key: string };
    expect(key.match_key).toBe('wingback');
  });
});
