// Suite 2: property-based fuzzing of every /api route (fast-check). For each route in app.routeTable,
// FUZZ_RUNS (default 1,000) generated requests, built from the route's own zod schemas: valid requests,
// near misses (a field dropped, retyped or swapped for a hostile value), mass-assignment extras (email,
// role, price, uploaderName...), operator-shaped and repeated query keys, 100 KB and unicode strings,
// malformed ids and path traversal, sent as anonymous, as a user and as an admin.
// Every reply: no 5xx, a status the route documents, and a body that matches that status's schema.
// Invariants: nobody changes a listing's owner, a role (except an admin's PATCH) or a price (except the
// listing's owner or an admin), and a buy request's price is its listing's price when it was made.
// `npm run fuzz -- --runs N` runs this file with FUZZ_RUNS=N.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { ErrorBody } from '@olden/contracts';
import { buyerRequests, products, users } from '../db/schema.ts';
import type { RouteEntry } from '../plugins/auth.ts';
import { productBody } from '../modules/products/fixtures.ts';
import { TEST_PASSWORD, type TestUser, useTestApp } from '../test/harness.ts';

// A shared, busy machine can make one app's setup (migrations, seed) slow: give hooks room.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1000) || 1000);
/** fast-check's seed, printed on failure; set FUZZ_SEED to replay a run. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-fuzz-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getApp = useTestApp({ DATA_DIR: dataDir });

type ZodLike = z.ZodType & { shape?: Record<string, z.ZodType> };
const isZod = (s: unknown): s is ZodLike => typeof (s as { safeParse?: unknown } | undefined)?.safeParse === 'function';

// ---------------------------------------------------------------------------------------------
// Hostile values

const HUGE = 100 * 1024;
const HUGE_STRINGS = ['a'.repeat(HUGE), '💥'.repeat(HUGE / 4), '\u202e'.repeat(HUGE / 2), 'é'.repeat(HUGE / 2)];
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\u200b',
  '🔥💥👩‍👩‍👧‍👦',
  'مرحبا',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE products; --",
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '${jndi:ldap://x}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '-0',
  '0',
  '1e309',
  '0x1f',
  '١٢٣',
  '   120  ',
  '120.555',
  '99999999999999999999',
  '__proto__',
  'constructor',
  'admin',
  'null',
  'true',
  '0'.repeat(32),
  'f'.repeat(32),
  'F'.repeat(32),
  'javascript:alert(1)',
  'https://user:pass@evil.example/x.png',
  'http://insecure.example/x.png',
  'data:image/png;base64,AAAA',
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

const operatorObject = fc.constantFrom<unknown>({ $gt: 1 }, { $ne: null }, { $where: '1' }, { $regex: '.*' }, { $in: [1, 2] }, { toString: 1 });

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, 0, -1, 1e308, 0.001, [], {}) },
  { weight: 2, arbitrary: operatorObject },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

// ---------------------------------------------------------------------------------------------
// The world the requests are aimed at

interface World {
  alice: TestUser;
  bob: TestUser;
  admin: TestUser;
  /** Users an admin may ban or promote (never a caller, so the callers keep their tokens and roles). */
  victims: TestUser[];
  productIds: string[];
  requestIds: string[];
  imageFiles: string[];
  ips: string[];
}
let world: World;
let pngBytes: Buffer;

const CALLERS = ['anonymous', 'alice', 'bob', 'admin'] as const;
type CallerName = (typeof CALLERS)[number];
const callerOf = (name: CallerName): TestUser | null => (name === 'anonymous' ? null : world[name]);

/** Mass-assignment attempts: fields a client must never be able to set. */
const extraField = fc.tuple(
  fc.constantFrom('email', 'role', 'admin', 'price', 'priceCents', 'uploaderName', 'sellerId', 'buyerId', 'buyerEmail', 'status', '_id', 'id', 'createdAt', 'x[$gt]', '$where', 'constructor'),
  fc.oneof(fc.constantFrom<unknown>('admin', true, 0.01, 1, 'Accepted', 'mallory@evil.example', 'Mallory'), weirdValue),
);

/** Valid-ish bodies per route (the fuzzer mutates them); anything not listed gets a generic object. */
function validBody(key: string): fc.Arbitrary<Record<string, unknown>> | undefined {
  const email = () => fc.constantFrom(world.alice.email, world.bob.email, world.admin.email, 'nobody@test.example');
  switch (key) {
    case 'POST /api/auth/register':
      return fc.record({
        name: fc.constantFrom('Ann', 'Bo Li', '😀 Emoji', 'مرحبا'),
        email: fc.oneof(email(), fc.integer({ min: 0, max: 1e9 }).map((n) => `fuzz${n}@test.example`)),
        password: fc.constantFrom(TEST_PASSWORD, 'short', 'Abc!12345', 'nopunct12'),
        photoURL: fc.constantFrom('https://img.test.example/p.png', 'http://x.example/p.png'),
      });
    case 'POST /api/auth/login':
      return fc.record({ email: email(), password: fc.constantFrom(TEST_PASSWORD, 'wrong#123', '') });
    case 'POST /api/jwt':
      return fc.record({ email: email() });
    case 'POST /api/users':
      return fc.record({
        email: email(),
        name: fc.constantFrom('New Name', 'X'),
        photoURL: fc.constantFrom('https://img.test.example/q.png', '/api/images/' + '0'.repeat(32) + '-1280.webp'),
      });
    case 'POST /api/products':
    case 'PATCH /api/products/:id':
      return fc.record({
        price: fc.oneof(fc.constantFrom<unknown>('120', '0.01', '100000000', 5, '1.5'), fc.integer({ min: 1, max: 1e6 })),
        category: fc.constantFrom('homeAndLiving', 'fashion', 'Nope', ''),
        age: fc.constantFrom<unknown>(0, 24, '12', 12000),
        date: fc.constantFrom('2024-05-01', '2024-02-30', '1999-12-31'),
      }).map((o) => productBody(o));
    case 'POST /api/buyerProduct':
      return fc.record({
        productId: fc.constantFrom(...world.productIds, '0'.repeat(32)),
        phoneNumber: fc.constantFrom<unknown>('0123456789', 123456789, '+44 (0) 20-7946'),
        buyerAddress: fc.constantFrom('1 Road', 'Flat 2'),
      });
    case 'POST /api/contact':
      return fc.record({
        name: fc.constantFrom('Ann'),
        email: fc.constantFrom('ann@test.example'),
        subject: fc.constantFrom('Hi', 'Re: \r\nBcc: x@evil.example'),
        phone: fc.constantFrom('0123456789'),
        message: fc.constantFrom('Hello', 'Multi\nline'),
      });
    default:
      return undefined;
  }
}

/** A JSON body near the route's contract: valid, or valid with one change, or nothing like it. */
function bodyArb(key: string, schema: ZodLike | undefined): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema?.shape ?? {});
  const base = validBody(key) ?? fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['a'])), nastyString, { maxKeys: 4 });
  const fieldKeys = keys.length ? keys : ['a'];
  return fc.oneof(
    { weight: 3, arbitrary: base },
    { weight: 5, arbitrary: fc.tuple(base, fc.constantFrom(...fieldKeys), weirdValue).map(([o, k, v]) => ({ ...o, [k]: v })) },
    { weight: 2, arbitrary: fc.tuple(base, fc.subarray(fieldKeys, { minLength: 1 })).map(([o, drop]) => omit(o, drop)) },
    { weight: 3, arbitrary: fc.tuple(base, extraField).map(([o, [k, v]]) => ({ ...o, [k]: v })) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), weirdValue, { maxKeys: 5 }) },
    { weight: 1, arbitrary: weirdValue },
  );
}

function omit(o: Record<string, unknown>, drop: string[]): Record<string, unknown> {
  const copy = { ...o };
  for (const k of drop) delete copy[k];
  return copy;
}

/** Raw bodies that are not JSON at all, or JSON that tries prototype pollution. */
const rawJson = fc.constantFrom('{', '{"a":1,}', 'null', '[]', '"text"', '{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"admin":true}}}', '\u0000', '{"a":"\\ud800"}');

/** Query strings from the route's querystring keys, plus operator-shaped, repeated and unknown keys. */
function queryArb(schema: ZodLike | undefined): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.shape ?? {});
  const email = fc.constantFrom(world.alice.email, world.bob.email, world.admin.email, 'Nobody@Test.Example');
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('1', '24', '100', '101', '0', 'newest', 'price_asc', 'price_desc', 'homeAndLiving', 'chair', 'oak') },
    { weight: 2, arbitrary: email },
    { weight: 1, arbitrary: fc.constantFrom('eyJ4IjoxfQ', Buffer.from('["n","2024-01-01T00:00:00Z","x"]').toString('base64url'), Buffer.from('["p",1e300,"x"]').toString('base64url')) },
    { weight: 4, arbitrary: nastyString.map((s) => s.slice(0, 2000)) },
  );
  const keyArb = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(keys.length ? keys : ['q'])) },
    { weight: 2, arbitrary: fc.constantFrom('price[$gt]', 'x[$gt]', 'email[$ne]', 'role', 'admin', '__proto__', 'constructor[prototype][admin]', 'limit[]', '$where') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  return fc
    .array(fc.tuple(keyArb, value, fc.boolean()), { maxLength: 5 })
    .map((pairs) =>
      pairs.map(([k, v, raw]) => (raw ? `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join('&'),
    );
}

/** A path parameter: real ids of the right kind, other kinds' ids, malformed ids and traversal. */
function paramArb(url: string, name: string): fc.Arbitrary<string> {
  const pool =
    name === 'email'
      ? [world.alice.email, world.bob.email, world.admin.email, ...world.victims.map((v) => v.email), 'ALICE@x', 'nobody@test.example']
      : name === 'file'
        ? [...world.imageFiles, world.imageFiles[0]!.replace('1280', '9999'), 'x.webp']
        : url.includes('/users')
          ? // Never the user callers: a banned or promoted caller would stop being the caller the run thinks it is.
            [...world.victims.map((v) => v.id), world.admin.id, ...world.productIds.slice(0, 1)]
          : url.includes('/buyerProduct')
            ? [...world.requestIds, ...world.productIds.slice(0, 1)]
            : [...world.productIds, ...world.requestIds.slice(0, 1)];
  const malformed = fc.constantFrom(
    '0'.repeat(32),
    'F'.repeat(32),
    'g'.repeat(32),
    '1',
    '-1',
    'null',
    'undefined',
    '../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%2e%2e%2fapi%2fusers',
    '....//....//etc/passwd',
    'a'.repeat(250),
    '\u0000',
    '💥',
    '{"$gt":""}',
    '[$ne]=1',
    ' ',
  );
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...pool) },
    { weight: 3, arbitrary: malformed },
    { weight: 2, arbitrary: nastyString.map((s) => s.slice(0, 260)) },
  ).map((v) => (v === '' ? 'x' : v));
}

// ---------------------------------------------------------------------------------------------
// Multipart (POST /api/images)

function multipartBody(parts: { field: string; filename?: string; type?: string; data: Buffer }[]) {
  const boundary = '----olden-fuzz-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename === undefined ? `form-data; name="${p.field}"` : `form-data; name="${p.field}"; filename="${p.filename}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (p.type) chunks.push(Buffer.from(`Content-Type: ${p.type}\r\n`));
    chunks.push(Buffer.from('\r\n'), p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function uploadArb(): fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> {
  const data = fc.oneof(
    { weight: 2, arbitrary: fc.constant(pngBytes) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.concat([pngBytes.subarray(0, 33), Buffer.from(a)])) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'GIF89a<html><script>alert(1)</script></html>',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        '\xff\xd8\xff\xe0garbage',
        'RIFF\x10\x00\x00\x00WEBPVP8 ',
        '\x00\x00\x00\x1cftypavif',
        '',
      ).map((s) => Buffer.from(s, 'latin1')),
    },
  );
  const part = fc.record({
    field: fc.constantFrom('image', 'image', 'file', 'image[]', ''),
    filename: fc.option(fc.constantFrom('a.png', '../../etc/passwd', 'x.svg', '💥.png', 'a\u0000.png', 'a.html'), { nil: undefined }),
    type: fc.option(fc.constantFrom('image/png', 'text/html', 'image/svg+xml', 'application/octet-stream'), { nil: undefined }),
    data,
  });
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(part, { minLength: 0, maxLength: 4 }).map((parts) => multipartBody(parts)) },
    { weight: 1, arbitrary: fc.constant({ payload: JSON.stringify({ image: 'https://x.example/a.png' }), headers: { 'content-type': 'application/json' } }) },
    { weight: 1, arbitrary: fc.constant({ payload: '--zzz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated', headers: { 'content-type': 'multipart/form-data; boundary=zzz' } }) },
    { weight: 1, arbitrary: fc.constant({ payload: 'x', headers: { 'content-type': 'multipart/form-data' } }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests for a route

interface Generated {
  caller: CallerName;
  request: InjectOptions;
}

function requestArb(route: RouteEntry): fc.Arbitrary<Generated> {
  const key = `${route.method} ${route.url}`;
  const schema = (route.schema ?? {}) as { params?: ZodLike; querystring?: ZodLike; body?: ZodLike };
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const pathArb = fc
    .tuple(...paramNames.map((n) => paramArb(route.url, n)), fc.boolean())
    .map((values) => {
      const encode = values[values.length - 1] as boolean;
      let i = 0;
      return route.url.replace(/:(\w+)/g, () => {
        const v = values[i++] as string;
        // Mostly encoded; sometimes raw, as a hand-written attack would be (slashes, dots, percent signs).
        // (Slashes stay encoded: a raw one would leave the route, which the traversal test covers.)
        return encode ? encodeURIComponent(v) : v.replace(/[/\\?#\s]/g, encodeURIComponent);
      });
    });
  const hasQuery = route.method === 'GET';
  const query = hasQuery ? fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 4, arbitrary: queryArb(schema.querystring) }) : fc.constant('');
  const hasBody = route.method === 'POST' || route.method === 'PATCH';
  const isUpload = key === 'POST /api/images';
  const body: fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> = isUpload
    ? uploadArb()
    : hasBody
      ? fc.oneof(
          { weight: 12, arbitrary: bodyArb(key, schema.body).map((b) => ({ payload: JSON.stringify(b), headers: { 'content-type': 'application/json' } })) },
          { weight: 1, arbitrary: rawJson.map((raw) => ({ payload: raw, headers: { 'content-type': 'application/json' } })) },
        )
      : route.method === 'DELETE'
        ? // DELETE reads no body, but a client may send one: Fastify still parses it.
          fc.oneof(
            { weight: 8, arbitrary: fc.constant({}) },
            { weight: 1, arbitrary: rawJson.map((raw) => ({ payload: raw, headers: { 'content-type': 'application/json' } })) },
            { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), weirdValue, { maxKeys: 3 }).map((b) => ({ payload: JSON.stringify(b), headers: { 'content-type': 'application/json' } })) },
          )
        : fc.constant({});
  const cookie = fc.constantFrom<'none' | 'own' | 'garbage'>('none', 'own', 'own', 'garbage');
  return fc
    .record({ caller: fc.constantFrom(...CALLERS), path: pathArb, query, body, cookie, ip: fc.constantFrom(...world.ips) })
    .map(({ caller, path: p, query: q, body: b, cookie: c, ip }) => {
      const headers: Record<string, string> = { ...(b.headers as Record<string, string> | undefined) };
      const user = callerOf(caller);
      if (c === 'own' && user) headers.cookie = user.cookie;
      if (c === 'garbage') headers.cookie = `og_session=${'x'.repeat(300)}`;
      return {
        caller,
        request: { method: route.method as InjectOptions['method'], url: q ? `${p}?${q}` : p, payload: b.payload, headers, remoteAddress: ip },
      };
    });
}

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
  products: Map<string, { sellerId: string; email: string; uploaderName: string; priceCents: number }>;
  users: Map<string, { role: string; email: string }>;
}

async function snapshot(): Promise<Snapshot> {
  const { db } = getApp().database;
  const p = await db.select().from(products);
  const u = await db.select().from(users);
  return {
    products: new Map(p.map((r) => [r.id, { sellerId: r.sellerId, email: r.sellerEmail, uploaderName: r.uploaderName, priceCents: r.priceCents }])),
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
  const caller = callerOf(gen.caller);
  const { db } = getApp().database;
  if (key === 'PATCH /api/products/:id') {
    const id = decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!);
    const owner = before.products.get(id)?.sellerId;
    const [callerRow] = await db.select().from(users).where(eq(users.id, caller!.id));
    expect(callerRow?.role === 'admin' || caller?.id === owner, `PATCH by ${gen.caller} of ${id} (${owner}) was ${res.statusCode}`).toBe(true);
    ledger.priced.add(id);
  }
  if (key === 'PATCH /api/users/admin/:id') {
    const [callerRow] = await db.select().from(users).where(eq(users.id, caller!.id));
    expect(callerRow?.role, 'only an admin may promote').toBe('admin');
    ledger.promoted.add(decodeURIComponent(String(gen.request.url).split('?')[0]!.split('/').pop()!));
  }
  if (key === 'POST /api/products') {
    ledger.created.set(res.json<{ insertedId: string }>().insertedId, caller!);
  }
  if (key === 'POST /api/buyerProduct') {
    const id = res.json<{ insertedId: string }>().insertedId;
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
  const { db } = getApp().database;
  for (const r of await db.select().from(buyerRequests)) {
    const seller = after.products.get(r.productId);
    expect(seller, 'a buy request outlived its listing').toBeDefined();
    expect(r.sellerId).toBe(seller!.sellerId);
  }
}

// ---------------------------------------------------------------------------------------------

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
    if (res.statusCode === 200) world.productIds.push(res.json<{ insertedId: string }>().insertedId);
  }
  world.productIds = world.productIds.slice(-12);
  const liveRequests = new Set((await db.select({ id: buyerRequests.id }).from(buyerRequests)).map((r) => r.id));
  world.requestIds = world.requestIds.filter((id) => liveRequests.has(id));
  const bobsProduct = (await db.select().from(products)).find((p) => p.sellerId === world.bob.id);
  if (bobsProduct && world.requestIds.length < 3) {
    const res = await t.injectAs(world.alice, {
      method: 'POST',
      url: '/api/buyerProduct',
      payload: { productId: bobsProduct.id, phoneNumber: '0123456789', buyerAddress: '1 Road' },
    });
    if (res.statusCode === 200) world.requestIds.push(res.json<{ insertedId: string }>().insertedId);
  }
}

const stats: { key: string; runs: number; ms: number; statuses: Record<number, number> }[] = [];

beforeAll(async () => {
  const t = getApp();
  const { hashPassword } = await import('../modules/auth/passwords.ts');
  const hash = await hashPassword(TEST_PASSWORD);
  const alice = await t.createUser({ name: 'Alice' });
  const bob = await t.createUser({ name: 'Bob' });
  const admin = await t.createUser({ name: 'Admin', role: 'admin' });
  for (const u of [alice, bob]) await t.services.users.setPasswordHash(u.id, hash);
  pngBytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#408060' } }).png().toBuffer();
  const up = await t.injectAs(alice, { method: 'POST', url: '/api/images', ...multipartBody([{ field: 'image', filename: 'a.png', type: 'image/png', data: pngBytes }]) });
  expect(up.statusCode).toBe(200);
  const imageFiles = up.json<{ data: { variants: { url: string }[] } }>().data.variants.map((v) => v.url.replace('/api/images/', ''));
  world = { alice, bob, admin, victims: [], productIds: [], requestIds: [], imageFiles, ips: ['10.0.0.1', '::1', '127.0.0.1'] };
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

describe(`fuzz: ${RUNS} generated requests per route`, () => {
  it('covers every route in the route table', () => {
    expect(getApp().app.routeTable.length).toBeGreaterThanOrEqual(27);
  });

  // The route table is only known once the app is built; vitest collects tests before, so each
  // route is looked up by key at run time, and the first test above plus this list keep them in step.
  const keys = [
    'GET /api/openapi.json',
    'GET /api/health',
    'POST /api/auth/register',
    'POST /api/auth/login',
    'POST /api/auth/logout',
    'GET /api/auth/session',
    'POST /api/jwt',
    'GET /api/auth/providers',
    'GET /api/auth/google/start',
    'GET /api/auth/google/callback',
    'POST /api/users',
    'GET /api/users',
    'DELETE /api/users/:id',
    'PATCH /api/users/admin/:id',
    'GET /api/users/admin/:email',
    'GET /api/category',
    'POST /api/products',
    'GET /api/products',
    'GET /api/products/:id',
    'PATCH /api/products/:id',
    'DELETE /api/products/:id',
    'POST /api/buyerProduct',
    'GET /api/buyerProduct',
    'DELETE /api/buyerProduct/:id',
    'POST /api/images',
    'GET /api/images/:file',
    'POST /api/contact',
  ];

  it('fuzzes exactly the routes in the route table', () => {
    expect([...keys].sort()).toEqual(getApp().app.routeTable.map((r) => `${r.method} ${r.url}`).sort());
  });

  for (const key of keys) {
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
        fc.asyncProperty(requestArb(route!), async (gen) => {
          runs += 1;
          const request = { ...gen.request, headers: { ...(gen.request.headers as Record<string, string>) } };
          let token = callerOf(gen.caller)?.token;
          if (isLogout && gen.caller !== 'anonymous') {
            // Spend a fresh session, never the callers' own.
            const user = callerOf(gen.caller)!;
            const s = await t.services.auth.startSession(user.row);
            token = await t.services.auth.signToken(user.row, s.sessionId);
            if (request.headers.cookie && request.headers.cookie === user.cookie) request.headers.cookie = `og_session=${s.cookieValue}`;
          }
          if (token) request.headers.authorization = `Bearer ${token}`;
          const res = await t.app.inject(request);
          const user = callerOf(gen.caller);
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
    });
  }
});
