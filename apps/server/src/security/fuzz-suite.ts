// Suite 2: property-based fuzzing of every /api route (fast-check). For each route in app.routeTable,
// FUZZ_RUNS (default 1,000) requests from the generators in fuzz-generators.ts, sent as anonymous, as a
// user and as an admin.
// Every reply: no 5xx, a status the route documents, and a body that matches that status's schema.
// Invariants: nobody changes a listing's owner, a role (except an admin's PATCH) or a price (except the
// listing's owner or an admin), and a buy request's price is its listing's price when it was made.
// The routes are shared out over fuzz-1.test.ts ... fuzz-4.test.ts. `npm run fuzz -- --runs N` runs them all with FUZZ_RUNS=N.
import { YORK_GB, ZURICH } from '../modules/places/test-places.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBody, IMAGE_WIDTHS, type ImageUploadResponse, type InsertedResponse, isOpenRequest, storedImageFile } from '@olden/contracts';
import { buyerRequests, images, offers, products, sessions, userBlocks, users } from '../db/schema.ts';
import type { RouteEntry } from '../plugins/auth.ts';
import { productBody } from '../modules/products/fixtures.ts';
import { TEST_PASSWORD, type TestUser, useTestApp } from '../test/harness.ts';
import { multipart } from '../test/requests.ts';
import { callerOf, type FuzzWorld, type Generated, isZod, requestArb } from './fuzz-generators.ts';

// A shared, busy machine can make one app's setup (migrations, seed) slow: give hooks room.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1000) || 1000);
/** fast-check's seed, printed on failure; set FUZZ_SEED to replay a run. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-fuzz-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// Two places of the gazetteer, so the places routes answer as they do in production.
const getApp = useTestApp({ DATA_DIR: dataDir }, { places: (p) => p.id === YORK_GB || p.id === ZURICH });

// ---------------------------------------------------------------------------------------------
// Checking a reply against the route's documented responses

const ALLOWED_5XX: Record<string, number[]> = {
  // OIDC_CLIENT_ID is not set here: the Google flow is documented to answer 503 "not configured".
  'GET /api/auth/google/start': [503],
  'GET /api/auth/google/callback': [503],
};

/** Answers from the router itself, before any route: a URL that does not decode, or a param past maxParamLength. */
const ROUTER_CODES = new Set(['FST_ERR_BAD_URL']);

function checkReply(route: RouteEntry, res: LightMyRequestResponse, what: string): void {
  const key = `${route.method} ${route.url}`;
  const status = res.statusCode;
  if (status >= 500) expect(ALLOWED_5XX[key] ?? [], `${what}: ${status} ${res.body.slice(0, 300)}`).toContain(status);
  if (status === 400 || status === 414) {
    const body = res.json<{ code?: string }>();
    if (status === 414 || ROUTER_CODES.has(body.code ?? '')) {
      expect(ErrorBody.safeParse(body).success, what).toBe(true);
      return;
    }
  }
  const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
  if (route.schema?.hide && Object.keys(responses).length === 0) {
    // Undocumented on purpose (health, the OpenAPI document itself): only "no 5xx" applies.
    return;
  }
  const documented = responses[String(status)];
  expect(documented, `${what}: status ${status} is not documented for ${key} (${res.body.slice(0, 200)})`).toBeDefined();
  const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (isZod(documented)) {
    if (status === 204 || status === 304 || res.body === '') {
      expect(documented.safeParse(null).success, `${what}: empty ${status} body, documented otherwise`).toBe(true);
      return;
    }
    if (type !== 'application/json') {
      // A string schema (the OIDC pages are HTML): the text itself must match.
      const parsed = documented.safeParse(res.body);
      expect(parsed.success, `${what}: ${status} ${type} body does not match its schema`).toBe(true);
      return;
    }
    const body: unknown = res.json();
    const parsed = documented.safeParse(body);
    expect(parsed.success, `${what}: ${status} body does not match its schema: ${JSON.stringify(parsed.error?.issues.slice(0, 3))} ${res.body.slice(0, 300)}`).toBe(true);
    if (status >= 400) expect((body as { statusCode?: number }).statusCode, what).toBe(status);
    return;
  }
  const content = (documented as { content?: Record<string, { schema?: unknown }> }).content ?? {};
  expect(Object.keys(content), `${what}: ${status} answered ${type}, documented ${Object.keys(content).join(', ')}`).toContain(type);
  const schema = content[type]?.schema;
  if (isZod(schema) && type.startsWith('text/')) expect(schema.safeParse(res.body).success, what).toBe(true);
}

// ---------------------------------------------------------------------------------------------
// Invariants

interface Snapshot {
  products: Map<string, { sellerId: string; email: string; uploaderName: string; priceCents: number; status: string }>;
  users: Map<string, { role: string; email: string }>;
  /** Session id -> its user. */
  sessions: Map<string, string>;
}

async function snapshot(): Promise<Snapshot> {
  const { db } = getApp().database;
  const p = await db.select().from(products);
  const u = await db.select().from(users);
  const s = await db.select({ id: sessions.id, userId: sessions.userId }).from(sessions);
  return {
    sessions: new Map(s.map((r) => [r.id, r.userId])),
    products: new Map(p.map((r) => [r.id, { sellerId: r.sellerId, email: r.sellerEmail, uploaderName: r.uploaderName, priceCents: r.priceCents, status: r.status }])),
    users: new Map(u.map((r) => [r.id, { role: r.role, email: r.email }])),
  };
}

/** What the run legitimately did, so the end-of-run comparison can tell a permitted change from a hole. */
interface Ledger {
  priced: Set<string>;
  promoted: Set<string>;
  created: Map<string, TestUser>;
}

async function afterReply(route: RouteEntry, gen: Generated, res: LightMyRequestResponse, before: Snapshot, ledger: Ledger) {
  if (res.statusCode < 200 || res.statusCode >= 300) return;
  const key = `${route.method} ${route.url}`;
  const caller = callerOf(world, gen.caller);
  const { db } = getApp().database;
  if (key === 'PATCH /api/products/:id') {
    const id = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!);
    const owner = before.products.get(id)?.sellerId;
    const [callerRow] = await db.select().from(users).where(eq(users.id, caller!.id));
    expect(callerRow?.role === 'admin' || caller?.id === owner, `PATCH by ${gen.caller} of ${id} (${owner}) was ${res.statusCode}`).toBe(true);
    ledger.priced.add(id);
  }
  if (key === 'PATCH /api/users/admin/:id') {
    // --- Admins: the role before the call, as the call may have been the caller stepping down. ---
    expect(before.users.get(caller!.id)?.role, 'only an admin may promote or demote').toBe('admin');
    const target = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!);
    ledger.promoted.add(target);
    const [targetRow] = await db.select().from(users).where(eq(users.id, target));
    if (targetRow?.role === 'user' && target === world.admin.id) {
      // The admin stepped down while a promoted victim remained: allowed; give the role back so the run's
      // 'admin' caller stays one.
      await getApp().services.users.grantAdminByEmail(world.admin.email);
    }
  }
  // --- Admins: a ban never deletes an admin, and no call leaves the site without one. ---
  if (key === 'DELETE /api/users/:id') {
    const target = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!);
    expect(before.users.get(target)?.role, `${gen.caller} banned admin ${target}`).toBe('user');
  }
  if ((await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).length === 0) {
    expect.fail(`${key} by ${gen.caller} left no admin`);
  }
  if (key === 'POST /api/products') {
    ledger.created.set(res.json<InsertedResponse>().insertedId!, caller!);
  }
  // --- Profile and sessions: a 2xx only ever touched the caller's own account. ---
  if (key === 'PATCH /api/users/me') {
    expect(res.json<{ user: { _id: string } }>().user._id, 'PATCH /users/me answers the caller').toBe(caller!.id);
  }
  if (key === 'GET /api/auth/sessions') {
    const listed = res.json<{ _id: string; current: boolean }[]>();
    for (const s of listed) expect(before.sessions.get(s._id) ?? caller!.id, `${gen.caller} was shown session ${s._id}`).toBe(caller!.id);
    expect(listed.filter((s) => s.current).map((s) => s._id)).toEqual([caller!.sessionId]);
  }
  if (key === 'DELETE /api/auth/sessions/:id') {
    const id = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!);
    expect(before.sessions.get(id), `${gen.caller} ended session ${id}, not theirs`).toBe(caller!.id);
  }
  // --- Images (docs/product.md#server-rules-images): only its uploader or an admin deletes an image. ---
  if (key === 'DELETE /api/images/:id') {
    const id = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!);
    const owner = world.images.find((i) => i.id === id)?.ownerId;
    expect(gen.caller === 'admin' || (owner !== undefined && owner === caller?.id), `${gen.caller} deleted image ${id} of ${owner}`).toBe(true);
  }
  // --- The lifecycle: a request is read by its parties or an admin, decided by its seller or an admin, ended by a
  // party or an admin. ---
  if (key === 'GET /api/buyerProduct/:id' || key === 'PATCH /api/buyerProduct/:id' || key === 'DELETE /api/buyerProduct/:id') {
    const id = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!);
    const [request] = await db.select().from(buyerRequests).where(eq(buyerRequests.id, id));
    const isAdmin = before.users.get(caller!.id)?.role === 'admin';
    const parties = key === 'PATCH /api/buyerProduct/:id' ? [request?.sellerId] : [request?.buyerId, request?.sellerId];
    expect(isAdmin || parties.includes(caller!.id), `${key} by ${gen.caller} of request ${id} was ${res.statusCode}`).toBe(true);
  }
  // --- Messages: only the two parties write in a thread; they and admins read it. ---
  if (key === 'POST /api/buyerProduct/:id/messages' || key === 'GET /api/buyerProduct/:id/messages') {
    const id = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').at(-2)!);
    const [request] = await db.select().from(buyerRequests).where(eq(buyerRequests.id, id));
    const isParty = caller?.id === request?.buyerId || caller?.id === request?.sellerId;
    expect(isParty || (route.method === 'GET' && gen.caller === 'admin'), `${gen.caller} ${route.method} thread ${id}`).toBe(true);
  }
  // --- Offers: the buyer makes them; only the party who did not make an offer answers it; parties and admins read them. ---
  if (key === 'POST /api/buyerProduct/:id/offers' || key === 'GET /api/buyerProduct/:id/offers') {
    const id = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').at(-2)!);
    const [request] = await db.select().from(buyerRequests).where(eq(buyerRequests.id, id));
    const allowed = route.method === 'GET' ? [request?.buyerId, request?.sellerId] : [request?.buyerId];
    expect(allowed.includes(caller?.id) || (route.method === 'GET' && gen.caller === 'admin'), `${gen.caller} ${route.method} offers of ${id}`).toBe(true);
    if (route.method === 'POST') expect(request!.status, 'an offer on a Pending request only').toBe('Pending');
  }
  if (key === 'PATCH /api/buyerProduct/:id/offers/:offerId') {
    const parts = String(gen.request.url).split('?')[0]!.split('/');
    const [offer] = await db.select().from(offers).where(eq(offers.id, decodeURIComponent(parts.at(-1)!)));
    const [request] = await db.select().from(buyerRequests).where(eq(buyerRequests.id, offer!.requestId));
    const answerer = offer!.by === 'buyer' ? request!.sellerId : request!.buyerId;
    expect(caller?.id, `${gen.caller} answered an offer not theirs to answer`).toBe(answerer);
  }
  // --- Blocks: a block is the caller's own, of someone else; the list shows only the caller's blocks. ---
  if (key === 'PUT /api/blocks/:userId') {
    const target = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!);
    expect(target, `${gen.caller} blocked themselves`).not.toBe(caller!.id);
    const rows = await db.select().from(userBlocks).where(and(eq(userBlocks.blockerId, caller!.id), eq(userBlocks.blockedId, target)));
    expect(rows, `${gen.caller}'s block of ${target} is stored as theirs`).toHaveLength(1);
  }
  if (key === 'GET /api/blocks') {
    for (const { userId } of res.json<{ userId: string }[]>()) {
      const rows = await db.select().from(userBlocks).where(and(eq(userBlocks.blockerId, caller!.id), eq(userBlocks.blockedId, userId)));
      expect(rows, `${gen.caller} was shown a block of ${userId} not theirs`).toHaveLength(1);
    }
  }
  if (key === 'POST /api/buyerProduct') {
    const id = res.json<InsertedResponse>().insertedId!;
    const [request] = await db.select().from(buyerRequests).where(eq(buyerRequests.id, id));
    const [product] = await db.select().from(products).where(eq(products.id, request!.productId));
    expect(request!.priceCents, 'a buy request copies its listing’s price').toBe(product!.priceCents);
    expect(request!.sellerId).toBe(product!.sellerId);
    expect(request!.sellerEmail).toBe(product!.sellerEmail);
    expect(request!.buyerId).toBe(caller!.id);
    expect(request!.buyerEmail).toBe(caller!.email);
  }
}

async function checkInvariants(before: Snapshot, ledger: Ledger): Promise<void> {
  const after = await snapshot();
  for (const [id, now] of after.products) {
    const was = before.products.get(id);
    if (was) {
      expect({ sellerId: now.sellerId, email: now.email, uploaderName: now.uploaderName }, `listing ${id} changed owner`).toEqual({
        sellerId: was.sellerId,
        email: was.email,
        uploaderName: was.uploaderName,
      });
      if (!ledger.priced.has(id)) expect(now.priceCents, `listing ${id} changed price without its owner or an admin`).toBe(was.priceCents);
    } else {
      const creator = ledger.created.get(id);
      expect(creator, `listing ${id} appeared without a 2xx POST /api/products`).toBeDefined();
      // The creator's name as it is now (POST /api/users may have renamed the caller in an earlier run).
      const [creatorRow] = await getApp().database.db.select().from(users).where(eq(users.id, creator!.id));
      expect({ sellerId: now.sellerId, email: now.email, uploaderName: now.uploaderName }).toEqual({
        sellerId: creator!.id,
        email: creator!.email,
        uploaderName: creatorRow!.name,
      });
    }
  }
  for (const [id, now] of after.users) {
    const was = before.users.get(id);
    if (!was) {
      expect(now.role, 'a new account is never admin (ADMIN_EMAILS is empty here)').toBe('user');
      continue;
    }
    expect(now.email, `user ${id} changed email`).toBe(was.email);
    if (!ledger.promoted.has(id)) expect(now.role, `user ${id} changed role without an admin's PATCH`).toBe(was.role);
  }
  // No route ends a session of someone who is not calling (a victim's), unless an admin banned them.
  const victimIds = new Set(world.victims.map((v) => v.id));
  for (const [id, userId] of before.sessions) {
    if (victimIds.has(userId) && after.users.has(userId)) expect(after.sessions.has(id), `victim session ${id} ended`).toBe(true);
  }
  const { db } = getApp().database;
  // A request outlives its listing (docs/product.md#trade-lifecycle) only closed (declined with it); a listing is
  // reserved exactly when one request on it is Accepted, and a request's seller is its listing's.
  const requests = await db.select().from(buyerRequests);
  const accepted = new Map<string, number>();
  for (const r of requests) {
    const listing = after.products.get(r.productId);
    if (!listing) {
      expect(isOpenRequest(r.status), `request ${r.id} is ${r.status} while its listing is gone`).toBe(false);
      continue;
    }
    expect(r.sellerId).toBe(listing.sellerId);
    if (r.status === 'Accepted') accepted.set(r.productId, (accepted.get(r.productId) ?? 0) + 1);
  }
  for (const [id, listing] of after.products) {
    expect(accepted.get(id) ?? 0, `listing ${id} is ${listing.status}`).toBe(listing.status === 'reserved' ? 1 : 0);
  }
}

// ---------------------------------------------------------------------------------------------
// The world the requests are aimed at

let world: FuzzWorld;

async function ensureWorld(): Promise<void> {
  const t = getApp();
  const { db } = t.database;
  // Admins may have banned victims or deleted listings and requests: top the pools back up.
  const liveUsers = new Set((await db.select({ id: users.id }).from(users)).map((r) => r.id));
  world.victims = world.victims.filter((v) => liveUsers.has(v.id));
  while (world.victims.length < 3) world.victims.push(await t.createUser({ name: 'Victim' }));
  const liveProducts = new Set((await db.select({ id: products.id }).from(products)).map((r) => r.id));
  world.productIds = world.productIds.filter((id) => liveProducts.has(id));
  for (const seller of [world.alice, world.bob, world.victims[0]!]) {
    const res = await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody(), remoteAddress: '10.9.9.9' });
    if (res.statusCode === 200) world.productIds.push(res.json<InsertedResponse>().insertedId!);
  }
  world.productIds = world.productIds.slice(-12);
  // Two spare sessions per caller for DELETE /api/auth/sessions/:id to end.
  const liveSessions = new Set((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id));
  world.spareSessions = world.spareSessions.filter((s) => liveSessions.has(s.id));
  for (const caller of [world.alice, world.bob, world.admin]) {
    while (world.spareSessions.filter((s) => s.userId === caller.id).length < 2) {
      world.spareSessions.push({ userId: caller.id, id: (await t.services.auth.startSession(caller.row)).sessionId });
    }
  }
  // --- Images: two unused uploads each for alice and bob to delete. ---
  const liveImages = new Set((await db.select({ id: images.id }).from(images)).map((r) => r.id));
  world.images = world.images.filter((i) => liveImages.has(i.id));
  for (const owner of [world.alice, world.bob]) {
    while (world.images.filter((i) => i.ownerId === owner.id).length < 2) {
      world.images.push({ id: (await t.services.images.store(world.png, owner.id)).id, ownerId: owner.id });
    }
  }
  // Requests are kept when closed; the pool keeps the open ones (plus one closed one, to hit the 409/404 paths).
  const allRequests = await db.select({ id: buyerRequests.id, status: buyerRequests.status }).from(buyerRequests);
  const openRequests = new Set(allRequests.filter((r) => isOpenRequest(r.status)).map((r) => r.id));
  const closed = world.requestIds.find((id) => !openRequests.has(id) && allRequests.some((r) => r.id === id));
  world.requestIds = world.requestIds.filter((id) => openRequests.has(id));
  const bobsProducts = (await db.select().from(products)).filter((p) => p.sellerId === world.bob.id && p.status === 'available');
  for (const bobsProduct of bobsProducts) {
    if (world.requestIds.length >= 3) break;
    const res = await t.injectAs(world.alice, {
      method: 'POST',
      url: '/api/buyerProduct',
      payload: { productId: bobsProduct.id, phoneNumber: '0123456789', buyerAddress: '1 Road' },
    });
    if (res.statusCode === 200) world.requestIds.push(res.json<InsertedResponse>().insertedId!);
  }
  if (closed) world.requestIds.push(closed);
  // --- Offers: an open one of alice's on each open request of the pool (bob answers it), and every offer made so far. ---
  for (const requestId of world.requestIds.filter((id) => openRequests.has(id))) {
    await t.injectAs(world.alice, { method: 'POST', url: `/api/buyerProduct/${requestId}/offers`, payload: { amount: 90 } });
  }
  world.offerIds = (await db.select({ id: offers.id }).from(offers)).map((o) => o.id).slice(-8);
}

/**
 * An event stream never ends by itself, so the client hangs up (the stream is then removed). Hung
 * up before any reply (a busy machine), the call is made again with more patience.
 */
async function injectHangingUp(request: InjectOptions): Promise<LightMyRequestResponse> {
  for (const ms of [50, 500]) {
    try {
      return await getApp().app.inject({ ...request, signal: AbortSignal.timeout(ms) });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  }
  return getApp().app.inject({ ...request, signal: AbortSignal.timeout(5000) });
}

const stats: { key: string; runs: number; ms: number; statuses: Record<number, number> }[] = [];

beforeAll(async () => {
  const t = getApp();
  const { hashPassword } = await import('../modules/auth/passwords.ts');
  const hash = await hashPassword(TEST_PASSWORD);
  const alice = await t.createUser({ name: 'Alice' });
  const bob = await t.createUser({ name: 'Bob' });
  const admin = await t.createUser({ name: 'Admin', role: 'admin' });
  // The admin too: DELETE /api/users/me then needs a password, and the fuzzer never sends the right one.
  for (const u of [alice, bob, admin]) await t.services.users.setPasswordHash(u.id, hash);
  const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#408060' } }).png().toBuffer();
  const up = await t.injectAs(alice, { method: 'POST', url: '/api/images', ...multipart([{ filename: 'a.png', type: 'image/png', data: png }]) });
  expect(up.statusCode).toBe(200);
  const uploaded = up.json<ImageUploadResponse>().data;
  const imageFiles = IMAGE_WIDTHS.map((width) => storedImageFile(uploaded.id, width));
  world = { alice, bob, admin, victims: [], productIds: [], requestIds: [], offerIds: [], imageFiles, ips: ['10.0.0.1', '::1', '127.0.0.1'], spareSessions: [], png, images: [] };
  await ensureWorld();
});

afterAll(() => {
  const total = stats.reduce((s, r) => s + r.runs, 0);
  const ms = stats.reduce((s, r) => s + r.ms, 0);
  console.log(
    `fuzz: ${stats.length} routes x ${RUNS} runs = ${total} requests in ${(ms / 1000).toFixed(1)} s\n` +
      stats.map((r) => `  ${r.key.padEnd(34)} ${String(r.runs).padStart(6)} in ${(r.ms / 1000).toFixed(1).padStart(5)} s  ${JSON.stringify(r.statuses)}`).join('\n'),
  );
});

/**
 * One shard of the suite: every `shards`-th route of the list, from the `shard`-th (1-based). The shards are separate
 * test files (fuzz-1.test.ts ...), each with its own app and database, so the test runner's workers share the ~80
 * routes instead of one worker fuzzing them all in a row (decision 029).
 */
export function fuzzShard(shard: number, shards: number): void {
  describe(`fuzz, shard ${shard} of ${shards}: ${RUNS} generated requests per route`, () => {
    it('covers every route in the route table', () => {
      expect(getApp().app.routeTable.length).toBeGreaterThanOrEqual(27);
    });

    // The route table is only known once the app is built; vitest collects tests before, so each
    // route is looked up by key at run time, and the first test above plus this list keep them in step.
    const keys = [
      'GET /api/openapi.json',
      'GET /api/health',
      'GET /api/live',
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/auth/session',
      'POST /api/jwt',
      'GET /api/auth/providers',
      'GET /api/auth/google/start',
      'GET /api/auth/google/callback',
      'POST /api/auth/verify-email',
      'POST /api/auth/verify-email/send',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/confirm',
      'POST /api/auth/password',
      'POST /api/users',
      'GET /api/users',
      'DELETE /api/users/:id',
      'PATCH /api/users/admin/:id',
      'GET /api/users/admin/:email',
      'GET /api/category',
      // --- Near me (issue 31) ---
      'GET /api/places',
      'GET /api/places/nearest',
      'POST /api/products',
      'GET /api/products',
      'GET /api/products/:id',
      'GET /api/products/:id/similar',
      'GET /api/products/:id/stats',
      'GET /api/listingStats',
      'PATCH /api/products/:id',
      'DELETE /api/products/:id',
      'POST /api/buyerProduct',
      'GET /api/buyerProduct',
      'DELETE /api/buyerProduct/:id',
      // --- The lifecycle ---
      'GET /api/buyerProduct/:id',
      'PATCH /api/buyerProduct/:id',
      'POST /api/images',
      'GET /api/images/:file',
      'POST /api/contact',
      // --- Profile and sessions ---
      'PATCH /api/users/me',
      'GET /api/auth/sessions',
      'DELETE /api/auth/sessions/:id',
      'DELETE /api/auth/sessions',
      // --- Images ---
      'DELETE /api/images/:id',
      // --- Messages and live events ---
      'GET /api/buyerProduct/:id/messages',
      'POST /api/buyerProduct/:id/messages',
      'GET /api/me/summary',
      'GET /api/events',
      // --- Your account is yours (issue 32) ---
      'DELETE /api/users/me',
      'GET /api/users/me/export',
      'POST /api/users/me/email',
      'POST /api/users/me/email/confirm',
      'GET /api/auth/2fa',
      'POST /api/auth/2fa/setup',
      'POST /api/auth/2fa/enable',
      'POST /api/auth/2fa/disable',
      'POST /api/auth/login/2fa',
      'GET /api/auth/passkeys',
      'POST /api/auth/passkeys/register/options',
      'POST /api/auth/passkeys/register',
      'DELETE /api/auth/passkeys/:id',
      'POST /api/auth/passkeys/login/options',
      'POST /api/auth/passkeys/login',
      // --- Favourites and saved searches ---
      'PUT /api/favourites/:productId',
      'DELETE /api/favourites/:productId',
      'GET /api/favourites',
      'GET /api/favourites/ids',
      'POST /api/savedSearches',
      'GET /api/savedSearches',
      'PATCH /api/savedSearches/:id',
      'DELETE /api/savedSearches/:id',
      'POST /api/savedSearches/:id/seen',
      'POST /api/savedSearches/unsubscribe',
      // --- Reports, moderation, audit log and overview ---
      'POST /api/reports',
      'GET /api/reports/mine',
      'GET /api/admin/reports',
      'GET /api/admin/reports/count',
      'POST /api/admin/reports/resolve',
      'GET /api/admin/audit',
      'GET /api/admin/stats',
      // --- Blocks ---
      'PUT /api/blocks/:userId',
      'DELETE /api/blocks/:userId',
      'GET /api/blocks',
      // --- Reviews ---
      'POST /api/buyerProduct/:id/review',
      'POST /api/reviews/:id/reply',
      'DELETE /api/reviews/:id',
      'GET /api/users/:id/reviews',
      'GET /api/users/:id/profile',
      // --- Offers ---
      'GET /api/buyerProduct/:id/offers',
      'POST /api/buyerProduct/:id/offers',
      'PATCH /api/buyerProduct/:id/offers/:offerId',
    ];

    it('fuzzes exactly the routes in the route table', () => {
      expect([...keys].sort()).toEqual(getApp().app.routeTable.map((r) => `${r.method} ${r.url}`).sort());
    });

    for (const [index, key] of keys.entries()) {
      if (index % shards !== shard - 1) continue;
      it(key, { timeout: 600_000 }, async () => {
        const t = getApp();
        const route = t.app.routeTable.find((r) => `${r.method} ${r.url}` === key);
        expect(route, `${key} is not in the route table`).toBeDefined();
        await ensureWorld();
        const before = await snapshot();
        const ledger: Ledger = { priced: new Set(), promoted: new Set(), created: new Map() };
        const statuses: Record<number, number> = {};
        let runs = 0;
        const started = performance.now();
        // Logout ends the session it is given; signing in or registering ends the one the cookie names.
        const isLogout = key === 'POST /api/auth/logout';
        const signsIn = key === 'POST /api/auth/login' || key === 'POST /api/auth/register';
        await fc.assert(
          fc.asyncProperty(requestArb(route!, world), async (gen) => {
            runs += 1;
            const request = { ...gen.request, headers: { ...(gen.request.headers as Record<string, string>) } };
            let token = callerOf(world, gen.caller)?.token;
            if (isLogout && gen.caller !== 'anonymous') {
              // Spend a fresh session, never the callers' own.
              const user = callerOf(world, gen.caller)!;
              const s = await t.services.auth.startSession(user.row);
              token = await t.services.auth.signToken(user.row, s.sessionId);
              if (request.headers.cookie && request.headers.cookie === user.cookie) request.headers.cookie = `og_session=${s.cookieValue}`;
            }
            if (token) request.headers.authorization = `Bearer ${token}`;
            const res = key === 'GET /api/events' ? await injectHangingUp(request) : await t.app.inject(request);
            const user = callerOf(world, gen.caller);
            if (signsIn && user && res.statusCode < 300 && request.headers.cookie === user.cookie) {
              // That sign-in ended the session the caller's cookie named: give the caller a new one.
              const s = await t.services.auth.startSession(user.row);
              Object.assign(user, { sessionId: s.sessionId, cookie: `og_session=${s.cookieValue}`, token: await t.services.auth.signToken(user.row, s.sessionId) });
            }
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            const what = `${gen.caller} ${request.method} ${String(request.url).slice(0, 200)}`;
            checkReply(route!, res, what);
            await afterReply(route!, gen, res, before, ledger);
          }),
          { numRuns: RUNS, endOnFailure: true, seed: SEED },
        );
        stats.push({ key, runs, ms: performance.now() - started, statuses });
        expect(runs).toBeGreaterThanOrEqual(RUNS);
        // The signed-in callers must still be signed in, or the rest of the run would only fuzz the 401 path.
        for (const caller of [world.alice, world.bob, world.admin]) {
          const probe = await t.injectAs(caller, { method: 'GET', url: `/api/users/admin/${caller.email}` });
          expect(probe.statusCode, `${caller.name}'s session did not survive the ${key} run`).toBe(200);
        }
        await checkInvariants(before, ledger);
        // Every stream the run opened was removed when its client hung up.
        for (let i = 0; i < 100 && t.services.live.count() > 0; i++) await new Promise((r) => setTimeout(r, 20));
        expect(t.services.live.count(), 'live streams left open').toBe(0);
      });
    }
  });
}
