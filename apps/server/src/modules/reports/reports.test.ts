// Reports, the moderation queue and its decisions, through the API on a fresh database, with mail read from a real
// SMTP server on loopback (docs/product.md#reports-and-moderation).
import { eq, sql } from 'drizzle-orm';
import type { QueueEntry, Report } from '@olden/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerRequests, products, users } from '../../db/schema.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../test/harness.ts';
import { decodedBodyOf, headersOf, startSmtp, type TestSmtp } from '../../test/smtp.ts';
import type { BusNote } from '../events/bus.ts';
import { openThread, postOk } from '../messages/fixtures.ts';
import { createProduct } from '../products/fixtures.ts';

let smtp: TestSmtp;
let t: TestApp;
let admin: TestUser;
const notes: BusNote[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, REPORTS_TO_HIDE: '3', REPORTER_MIN_AGE_HOURS: '24' });
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
  t.services.events.listen({ note: (n) => void notes.push(n), resync: () => {} });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A user whose email is verified and whose account is `hours` old: one who counts towards hiding a listing. */
async function trustedUser(hours = 48, name?: string): Promise<TestUser> {
  const u = await t.createUser({ name });
  await t.database.db
    .update(users)
    .set({ emailVerified: true, createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(users.id, u.id));
  return u;
}

const report = (who: TestUser | null, payload: Record<string, unknown>) => t.injectAs(who, { method: 'POST', url: '/api/reports', payload });
const reportListing = (who: TestUser, id: string, reason = 'scam', note?: string) => report(who, { targetType: 'listing', targetId: id, reason, ...(note ? { note } : {}) });
const resolve = (who: TestUser | null, payload: Record<string, unknown>) => t.injectAs(who, { method: 'POST', url: '/api/admin/reports/resolve', payload });
const mine = async (who: TestUser) => (await t.injectAs(who, { method: 'GET', url: '/api/reports/mine' })).json<Report[]>();
const queue = async (query = '') => {
  const res = await t.injectAs(admin, { method: 'GET', url: `/api/admin/reports${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { entries: res.json<QueueEntry[]>(), next: res.headers['x-next-cursor'] as string | undefined };
};
const productStatus = async (id: string) => (await t.database.db.select({ m: products.moderation }).from(products).where(eq(products.id, id)))[0]?.m;

describe('POST /api/reports', () => {
  it('files a report (201 {report}) and refuses anonymous, unknown, own and repeated ones', async () => {
    const seller = await t.createUser({ name: 'Sid Seller' });
    const reporter = await t.createUser();
    const listing = await createProduct(t, seller, { name: 'Gilt mirror' });

    expectError(await reportListing(null as never, listing), 401, { code: 'UNAUTHENTICATED' });
    const res = await reportListing(reporter, listing, 'counterfeit', 'The hallmark is painted on');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().report).toMatchObject({ targetType: 'listing', targetId: listing, reason: 'counterfeit', note: 'The hallmark is painted on', outcome: 'open', resolvedAt: null });

    expectError(await reportListing(reporter, listing, 'spam'), 409, { code: 'ALREADY_REPORTED' });
    expectError(await reportListing(seller, listing), 409, { code: 'OWN_TARGET' });
    expectError(await report(reporter, { targetType: 'user', targetId: reporter.id, reason: 'spam' }), 409, { code: 'OWN_TARGET' });
    expectError(await reportListing(reporter, 'a'.repeat(32)), 404, { code: 'NOT_FOUND' });
    expectError(await report(reporter, { targetType: 'user', targetId: 'nope', reason: 'spam' }), 404, { code: 'NOT_FOUND' });
    expectError(await report(reporter, { targetType: 'listing', targetId: listing, reason: 'bogus' }), 400, { code: 'VALIDATION' });
    expectError(await report(reporter, { targetType: 'user', targetId: seller.id, reason: 'spam', note: 'x'.repeat(1001) }), 400, { code: 'VALIDATION' });
    expect((await report(reporter, { targetType: 'user', targetId: seller.id, reason: 'spam' })).statusCode).toBe(201);
    // The seller of a listing, named by the listing (the product page shows no user id).
    const other = await t.createUser();
    const bySeller = await report(other, { targetType: 'user', sellerOf: listing, reason: 'scam' });
    expect(bySeller.statusCode, bySeller.body).toBe(201);
    expect(bySeller.json().report).toMatchObject({ targetType: 'user', targetId: seller.id });
    expectError(await report(seller, { targetType: 'user', sellerOf: listing, reason: 'scam' }), 409, { code: 'OWN_TARGET' });
    expectError(await report(other, { targetType: 'listing', sellerOf: listing, reason: 'scam' }), 400, { code: 'VALIDATION' });
    expectError(await report(other, { targetType: 'user', reason: 'scam' }), 400, { code: 'VALIDATION' });
    expectError(await report(other, { targetType: 'user', sellerOf: 'b'.repeat(32), reason: 'scam' }), 404, { code: 'NOT_FOUND' });
  });

  it('a message may be reported by a party to its thread only (others 404), never by its sender', async () => {
    const thread = await openThread(t);
    const outsider = await t.createUser();
    const message = await postOk(t, thread.seller, thread.requestId, 'Pay me by bank transfer first please');
    expectError(await report(outsider, { targetType: 'message', targetId: message._id, reason: 'scam' }), 404, { code: 'NOT_FOUND' });
    expectError(await report(thread.seller, { targetType: 'message', targetId: message._id, reason: 'scam' }), 409, { code: 'OWN_TARGET' });
    const res = await report(thread.buyer, { targetType: 'message', targetId: message._id, reason: 'scam' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('allows 20 reports a day per user, then 429', async () => {
    const reporter = await t.createUser();
    const targets = await Promise.all(Array.from({ length: 21 }, () => t.createUser()));
    for (const target of targets.slice(0, 20)) {
      expect((await report(reporter, { targetType: 'user', targetId: target.id, reason: 'spam' })).statusCode).toBe(201);
    }
    expectError(await report(reporter, { targetType: 'user', targetId: targets[20]!.id, reason: 'spam' }), 429, { code: 'RATE_LIMITED' });
  });
});

describe('hidden listings', () => {
  it('three trusted reporters hide a listing: out of every list, search, category and sitemap; 404 but to its seller and admins', async () => {
    const seller = await t.createUser({ name: 'Hal Hidden' });
    const listing = await createProduct(t, seller, { name: 'Zebrawood humidor', category: 'hobbiesSports' });
    // Another seller's listing like it: the hidden one must leave its similar listings too.
    const neighbour = await createProduct(t, await t.createUser(), { name: 'Zebrawood cigar box', category: 'hobbiesSports' });
    const inLists = async () => {
      const browse = (await t.app.inject({ method: 'GET', url: '/api/products?limit=100' })).json<{ _id: string }[]>();
      const category = (await t.app.inject({ method: 'GET', url: '/api/products?category=hobbiesSports&limit=100' })).json<{ _id: string }[]>();
      const search = (await t.app.inject({ method: 'GET', url: '/api/products?q=zebrawood' })).json<{ _id: string }[]>();
      const byPrice = (await t.app.inject({ method: 'GET', url: '/api/products?q=zebrawood&sort=price_asc' })).json<{ _id: string }[]>();
      const similar = (await t.app.inject({ method: 'GET', url: `/api/products/${neighbour}/similar` })).json<{ _id: string }[]>();
      const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap-listings-1.xml' })).body;
      return [browse, category, search, byPrice, similar].map((list) => list.some((p) => p._id === listing)).concat(sitemap.includes(listing));
    };
    expect(await inLists()).toEqual([true, true, true, true, true, true]);

    // Unverified or too young reporters do not count.
    const young = await t.createUser();
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, young.id));
    const unverified = await t.createUser();
    await t.database.db.update(users).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(users.id, unverified.id));
    const trusted = [await trustedUser(), await trustedUser()];
    for (const u of [young, unverified, ...trusted]) expect((await reportListing(u, listing)).statusCode).toBe(201);
    expect(await productStatus(listing)).toBe('visible');

    const third = await trustedUser();
    expect((await reportListing(third, listing)).statusCode).toBe(201);
    expect(await productStatus(listing)).toBe('hidden');
    expect(await inLists()).toEqual([false, false, false, false, false, false]);
    // Its own similar listings answer as its page does: 404 but to its seller and admins.
    expectError(await t.app.inject({ method: 'GET', url: `/api/products/${listing}/similar` }), 404, { code: 'NOT_FOUND' });
    expect((await t.injectAs(seller, { method: 'GET', url: `/api/products/${listing}/similar` })).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'GET', url: `/api/products/${listing}/similar` })).statusCode).toBe(200);

    expectError(await t.app.inject({ method: 'GET', url: `/api/products/${listing}` }), 404, { code: 'NOT_FOUND' });
    expectError(await t.injectAs(third, { method: 'GET', url: `/api/products/${listing}` }), 404, { code: 'NOT_FOUND' });
    // An invalid token on this public route is an anonymous viewer, as for any listing.
    expectError(await t.app.inject({ method: 'GET', url: `/api/products/${listing}`, headers: { authorization: 'Bearer nope' } }), 404, { code: 'NOT_FOUND' });
    const asSeller = await t.injectAs(seller, { method: 'GET', url: `/api/products/${listing}` });
    expect(asSeller.statusCode).toBe(200);
    expect(asSeller.json().status).toBe('hidden');
    expect((await t.injectAs(admin, { method: 'GET', url: `/api/products/${listing}` })).json().status).toBe('hidden');
    expect((await t.app.inject({ method: 'GET', url: `/productDetails/${listing}` })).statusCode).toBe(404);
    // The seller's own list keeps it, saying so.
    const own = await t.injectAs(seller, { method: 'GET', url: `/api/products?email=${encodeURIComponent(seller.email)}` });
    expect(own.json<{ _id: string; status: string }[]>().find((p) => p._id === listing)?.status).toBe('hidden');
    // Nobody can ask to buy it.
    const buyer = await t.createUser();
    expectError(await t.injectAs(buyer, { method: 'POST', url: '/api/buyerProduct', payload: { productId: listing, phoneNumber: '0123456789', buyerAddress: '1 Lane' } }), 404, {});

    // A dismissal brings it back as it was.
    expect((await resolve(admin, { targetType: 'listing', targetId: listing, action: 'dismiss', note: 'Genuine' })).statusCode).toBe(200);
    expect(await productStatus(listing)).toBe('visible');
    expect(await inLists()).toEqual([true, true, true, true, true, true]);
  });
});

describe('the moderation queue and its decisions', () => {
  it('is admins only (403 for users, 401 anonymous)', async () => {
    const user = await t.createUser();
    expectError(await t.injectAs(user, { method: 'GET', url: '/api/admin/reports' }), 403, { code: 'ADMINS_ONLY' });
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/reports' }), 401, {});
    expectError(await resolve(user, { targetType: 'user', targetId: user.id, action: 'dismiss' }), 403, { code: 'ADMINS_ONLY' });
  });

  it('lists one entry per target with its count, reasons, notes and preview, oldest first, keyset paged', async () => {
    // Start from an empty open queue: resolve what earlier tests left.
    for (let page = await queue('?limit=100'); page.entries.length > 0; page = await queue('?limit=100')) {
      for (const e of page.entries) await resolve(admin, { targetType: e.targetType, targetId: e.targetId, action: 'dismiss' });
    }
    const seller = await t.createUser({ name: 'Queue Seller' });
    const listing = await createProduct(t, seller, { name: 'Brass telescope' });
    const [a, b] = [await t.createUser({ name: 'Rita Reporter' }), await t.createUser()];
    await reportListing(a, listing, 'scam', 'Asked me to pay by gift card');
    await reportListing(b, listing, 'stolen_photos');
    const target = await t.createUser({ name: 'Shady Sam' });
    await report(a, { targetType: 'user', targetId: target.id, reason: 'offensive' });

    const first = await queue('?limit=1');
    expect(first.entries).toHaveLength(1);
    const entry = first.entries[0]!;
    expect(entry).toMatchObject({ targetType: 'listing', targetId: listing, reportCount: 2, resolution: null });
    expect(entry.reasons.sort()).toEqual(['scam', 'stolen_photos']);
    expect(entry.notes.map((n) => [n.reporterName, n.note])).toEqual([['Rita Reporter', 'Asked me to pay by gift card'], [b.name, '']]);
    expect(entry.preview.listing).toMatchObject({ _id: listing, name: 'Brass telescope', sellerName: 'Queue Seller', status: 'available' });
    expect(entry.preview.listing?.image1).toMatch(/^https:\/\//);
    expect(entry.preview.user).toMatchObject({ _id: seller.id, name: 'Queue Seller' });
    expect(first.next).toBeDefined();
    const second = await queue(`?limit=1&cursor=${first.next}`);
    expect(second.entries.map((e) => [e.targetType, e.targetId])).toEqual([['user', target.id]]);
    expect(second.entries[0]!.preview.user).toMatchObject({ name: 'Shady Sam' });
    expect(second.next).toBeUndefined();
    expect((await t.injectAs(admin, { method: 'GET', url: '/api/admin/reports/count' })).json()).toEqual({ open: 2 });
    expectError(await t.injectAs(admin, { method: 'GET', url: '/api/admin/reports?cursor=bad' }), 400, { code: 'INVALID_CURSOR' });
  });

  it('a message entry previews the message with its thread', async () => {
    const thread = await openThread(t, { seller: 'Mel Seller' });
    await postOk(t, thread.buyer, thread.requestId, 'Hello, is it still there?');
    const bad = await postOk(t, thread.seller, thread.requestId, 'Send the money by Western Union');
    await report(thread.buyer, { targetType: 'message', targetId: bad._id, reason: 'scam' });
    const { entries } = await queue('?limit=100');
    const entry = entries.find((e) => e.targetId === bad._id)!;
    expect(entry.preview.message).toMatchObject({ _id: bad._id, text: 'Send the money by Western Union', senderId: thread.seller.id });
    expect(entry.preview.message!.thread.map((m) => m.text)).toEqual(['Hello, is it still there?', 'Send the money by Western Union']);
    expect(entry.preview.user).toMatchObject({ name: 'Mel Seller' });
  });

  it('remove_listing takes the listing off sale, declines its open requests, mails the seller; reporters see and are told the outcome', async () => {
    const thread = await openThread(t, { seller: 'Rob Remove', listing: 'Fake Faberge egg' });
    const reporters = [await t.createUser({ name: 'Rea One' }), await t.createUser({ name: 'Rea Two' })];
    for (const r of reporters) await reportListing(r, thread.productId, 'counterfeit');
    const before = smtp.delivered.length;
    notes.length = 0;

    const res = await resolve(admin, { targetType: 'listing', targetId: thread.productId, action: 'remove_listing', note: 'Counterfeit goods' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolved: 2, action: 'remove_listing' });
    expect(await productStatus(thread.productId)).toBe('removed');
    const [request] = await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, thread.requestId));
    expect(request?.status).toBe('Declined');
    expect((await t.injectAs(thread.seller, { method: 'GET', url: `/api/products/${thread.productId}` })).json().status).toBe('removed');
    expectError(await t.app.inject({ method: 'GET', url: `/api/products/${thread.productId}` }), 404, {});

    for (const r of reporters) {
      const [mineReport] = await mine(r);
      expect(mineReport).toMatchObject({ targetId: thread.productId, outcome: 'action_taken', targetLabel: 'Fake Faberge egg' });
      expect(mineReport!.resolvedAt).not.toBeNull();
    }
    await expect.poll(() => smtp.delivered.length - before).toBeGreaterThanOrEqual(4);
    const sellerMail = smtp.to(thread.seller.email).at(-1)!;
    expect(decodedBodyOf(sellerMail.raw)).toContain('a moderator removed your listing "Fake Faberge egg"');
    expect(decodedBodyOf(sellerMail.raw)).toContain('Counterfeit goods');
    for (const r of reporters) {
      const mail = smtp.to(r.email).at(-1)!;
      expect(headersOf(mail.raw).get('subject')).toBe('Your report was reviewed');
      const body = decodedBodyOf(mail.raw);
      expect(body).toContain('took action');
      // Nothing about the other user.
      expect(body).not.toContain('Rob Remove');
      expect(body).not.toContain('Counterfeit goods');
    }
    await expect.poll(() => notes.filter((n) => n.event.name === 'report').flatMap((n) => n.users).sort()).toEqual(reporters.map((r) => r.id).sort());

    // Resolved: the resolved view has it with the decision; resolving again is 409.
    const resolved = await queue('?status=resolved&limit=100');
    expect(resolved.entries.find((e) => e.targetId === thread.productId)?.resolution).toMatchObject({ action: 'remove_listing', note: 'Counterfeit goods', moderatorName: 'Ada Admin' });
    expectError(await resolve(admin, { targetType: 'listing', targetId: thread.productId, action: 'dismiss' }), 409, { code: 'NOTHING_TO_RESOLVE' });
  });

  it('dismiss tells reporters no_violation; warn_user mails the user; remove_listing on a user is 400', async () => {
    const target = await t.createUser({ name: 'Wendy Warned' });
    const reporter = await t.createUser();
    await report(reporter, { targetType: 'user', targetId: target.id, reason: 'offensive' });
    expectError(await resolve(admin, { targetType: 'user', targetId: target.id, action: 'remove_listing' }), 400, { code: 'ACTION_NOT_APPLICABLE' });
    const res = await resolve(admin, { targetType: 'user', targetId: target.id, action: 'warn_user', note: 'Be civil in messages' });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => smtp.to(target.email).length).toBe(1);
    expect(decodedBodyOf(smtp.to(target.email)[0]!.raw)).toContain('Be civil in messages');
    expect((await mine(reporter))[0]?.outcome).toBe('action_taken');

    const other = await t.createUser();
    await report(reporter, { targetType: 'user', targetId: other.id, reason: 'spam' });
    expect((await resolve(admin, { targetType: 'user', targetId: other.id, action: 'dismiss' })).statusCode).toBe(200);
    expect((await mine(reporter))[0]?.outcome).toBe('no_violation');
    await expect.poll(() => decodedBodyOf(smtp.to(reporter.email).at(-1)?.raw ?? '')).toContain('found no violation');
  });

  it('ban_user bans the reported message sender; an admin cannot be banned (409, reports stay open)', async () => {
    const thread = await openThread(t);
    const message = await postOk(t, thread.seller, thread.requestId, 'Pay via Zelle now');
    await report(thread.buyer, { targetType: 'message', targetId: message._id, reason: 'scam' });
    const res = await resolve(admin, { targetType: 'message', targetId: message._id, action: 'ban_user' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.services.users.findById(thread.seller.id)).toBeUndefined();

    const otherAdmin = await t.createUser({ role: 'admin' });
    const reporter = await t.createUser();
    await report(reporter, { targetType: 'user', targetId: otherAdmin.id, reason: 'spam' });
    expectError(await resolve(admin, { targetType: 'user', targetId: otherAdmin.id, action: 'ban_user' }), 409, { code: 'ADMIN_NOT_BANNABLE' });
    expect((await mine(reporter))[0]?.outcome).toBe('open');
  });

  it('two moderators resolving one target at once: one 200, the other 409', async () => {
    const seller = await t.createUser();
    const listing = await createProduct(t, seller);
    for (const r of [await t.createUser(), await t.createUser()]) await reportListing(r, listing);
    const second = await t.createUser({ role: 'admin' });
    const results = await Promise.all([
      resolve(admin, { targetType: 'listing', targetId: listing, action: 'remove_listing', note: 'a' }),
      resolve(second, { targetType: 'listing', targetId: listing, action: 'dismiss', note: 'b' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('NOTHING_TO_RESOLVE');
    const audit = await t.injectAs(admin, { method: 'GET', url: `/api/admin/audit?target=${listing}&action=report.resolve` });
    expect(audit.json()).toHaveLength(1);

    const target = await t.createUser();
    await report(await t.createUser(), { targetType: 'user', targetId: target.id, reason: 'spam' });
    const userResults = await Promise.all([
      resolve(admin, { targetType: 'user', targetId: target.id, action: 'warn_user' }),
      resolve(second, { targetType: 'user', targetId: target.id, action: 'dismiss' }),
    ]);
    expect(userResults.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a system stolen-photo report shows both listings side by side', async () => {
    const original = await createProduct(t, await t.createUser({ name: 'Olive Original' }), { name: 'Painted chest', image1: 'https://img.test.example/orig.jpg' });
    const copy = await createProduct(t, await t.createUser({ name: 'Cody Copy' }), { name: 'Painted chest!', image2: 'https://img.test.example/copy.jpg' });
    const details = { matches: [{ photo: 'https://img.test.example/copy.jpg', otherProductId: original, otherPhoto: 'https://img.test.example/orig.jpg', distance: 3 }] };
    await t.services.reports.fileSystemReport(null, { targetType: 'listing', targetId: copy, reason: 'stolen_photos', details });
    // Filed again (photos changed): the same open report, its evidence replaced.
    await t.services.reports.fileSystemReport(null, { targetType: 'listing', targetId: copy, reason: 'stolen_photos', details });
    const { entries } = await queue('?limit=100');
    const entry = entries.find((e) => e.targetId === copy)!;
    expect(entry.reportCount).toBe(1);
    expect(entry.notes[0]).toMatchObject({ reason: 'stolen_photos', reporterName: null });
    expect(entry.preview.photoMatches).toEqual([
      expect.objectContaining({ photo: 'https://img.test.example/copy.jpg', otherProductId: original, otherPhoto: 'https://img.test.example/orig.jpg', distance: 3 }),
    ]);
    expect(entry.preview.photoMatches![0]!.other).toMatchObject({ _id: original, name: 'Painted chest', sellerName: 'Olive Original' });
    expect(await productStatus(copy)).toBe('visible');
  });
});

describe('the audit log and the overview', () => {
  it('records every admin action and every report; filters by actor, action and target; newest first, keyset paged', async () => {
    const victim = await t.createUser();
    const seller = await t.createUser();
    const listing = await createProduct(t, seller);
    expect((await t.injectAs(admin, { method: 'PATCH', url: `/api/users/admin/${victim.id}` })).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'PATCH', url: `/api/users/admin/${victim.id}`, payload: { admin: false } })).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/products/${listing}` })).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${victim.id}` })).statusCode).toBe(200);
    const reporter = await t.createUser();
    await report(reporter, { targetType: 'user', targetId: seller.id, reason: 'spam' });

    const byAdmin = await t.injectAs(admin, { method: 'GET', url: `/api/admin/audit?actor=${admin.id}&limit=4` });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<{ action: string; targetId: string; actorName: string }[]>().map((e) => [e.action, e.targetId])).toEqual([
      ['admin.user.ban', victim.id],
      ['admin.product.delete', listing],
      ['admin.user.demote', victim.id],
      ['admin.user.promote', victim.id],
    ]);
    expect(byAdmin.headers['x-next-cursor']).toBeDefined();
    const reports = await t.injectAs(admin, { method: 'GET', url: `/api/admin/audit?action=report.create&target=${seller.id}` });
    expect(reports.json()).toEqual([expect.objectContaining({ actorId: reporter.id, targetType: 'user', details: expect.objectContaining({ reason: 'spam' }) })]);
    expectError(await t.injectAs(reporter, { method: 'GET', url: '/api/admin/audit' }), 403, { code: 'ADMINS_ONLY' });
  });

  it('GET /api/admin/stats: 30 days of daily counts, kept by the database', async () => {
    const before = (await t.injectAs(admin, { method: 'GET', url: '/api/admin/stats' })).json();
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const thread = await openThread(t);
    await reportListing(await t.createUser(), thread.productId);
    const after = (await t.injectAs(admin, { method: 'GET', url: '/api/admin/stats' })).json();
    const today = (s: { series: Record<string, number[]> }, m: string) => s.series[m]!.at(-1)!;
    expect(today(after, 'listings') - today(before, 'listings')).toBe(1);
    expect(today(after, 'requests') - today(before, 'requests')).toBe(1);
    expect(today(after, 'users') - today(before, 'users')).toBe(3);
    expect(today(after, 'reports') - today(before, 'reports')).toBe(1);
    expect(after.openReports).toBeGreaterThanOrEqual(1);
    await t.database.db.update(buyerRequests).set({ status: 'Completed' }).where(eq(buyerRequests.id, thread.requestId));
    const completed = (await t.injectAs(admin, { method: 'GET', url: '/api/admin/stats' })).json();
    expect(today(completed, 'completed') - today(after, 'completed')).toBe(1);
  });
});
