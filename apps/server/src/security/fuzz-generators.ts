// The fuzz suite's generators (fast-check): requests for any route in the route table, built from the
// route's own zod schemas and aimed at a world of real users, listings, buy requests and images. Valid
// requests, near misses (a field dropped, retyped or swapped for a hostile value), mass-assignment extras,
// operator-shaped and repeated query keys, 100 KB and unicode strings, malformed ids and path traversal.
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import type { z } from 'zod';
import { productBody } from '../modules/products/fixtures.ts';
import type { RouteEntry } from '../plugins/auth.ts';
import { TEST_PASSWORD, type TestUser } from '../test/harness.ts';
import { multipart } from '../test/requests.ts';

export type ZodLike = z.ZodType & { shape?: Record<string, z.ZodType> };
export const isZod = (s: unknown): s is ZodLike => typeof (s as { safeParse?: unknown } | undefined)?.safeParse === 'function';

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

export interface FuzzWorld {
  alice: TestUser;
  bob: TestUser;
  admin: TestUser;
  /** Users an admin may ban or promote (never a caller, so the callers keep their tokens and roles). */
  victims: TestUser[];
  productIds: string[];
  requestIds: string[];
  /** Offers on the world's requests (any status): what PATCH .../offers/:offerId names. */
  offerIds: string[];
  imageFiles: string[];
  ips: string[];
  /** Extra sessions of the callers (never the ones they call with), which DELETE /api/auth/sessions/:id may end. */
  spareSessions: { userId: string; id: string }[];
  /** A small real PNG the upload generator sends as it is, truncated or followed by noise. */
  png: Buffer;
  // --- Images ---
  /** Unused uploads of alice and bob, which DELETE /api/images/:id may delete (their uploader or an admin only). */
  images: { id: string; ownerId: string }[];
}

export const CALLERS = ['anonymous', 'alice', 'bob', 'admin'] as const;
export type CallerName = (typeof CALLERS)[number];
export const callerOf = (world: FuzzWorld, name: CallerName): TestUser | null => (name === 'anonymous' ? null : world[name]);

/** Mass-assignment attempts: fields a client must never be able to set. */
const extraField = fc.tuple(
  fc.constantFrom('email', 'role', 'admin', 'price', 'priceCents', 'uploaderName', 'sellerId', 'buyerId', 'buyerEmail', 'status', '_id', 'id', 'createdAt', 'x[$gt]', '$where', 'constructor'),
  fc.oneof(fc.constantFrom<unknown>('admin', true, 0.01, 1, 'Accepted', 'mallory@evil.example', 'Mallory'), weirdValue),
);

/** Valid-ish bodies per route (the fuzzer mutates them); anything not listed gets a generic object. */
function validBody(world: FuzzWorld, key: string): fc.Arbitrary<Record<string, unknown>> | undefined {
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
    case 'POST /api/auth/verify-email':
      return fc.record({ token: fc.constantFrom('A'.repeat(43), 'short', '-_'.repeat(21) + 'x', ' padded '.repeat(5)) });
    case 'POST /api/auth/password-reset':
      return fc.record({ email: email() });
    case 'POST /api/auth/password-reset/confirm':
      return fc.record({ token: fc.constantFrom('A'.repeat(43), 'x'), password: fc.constantFrom(TEST_PASSWORD, 'Fresh#Pass1', 'P@ssw0rd', 'short') });
    case 'POST /api/auth/password':
      // Both ways round, so a caller whose password changed can change it back.
      return fc.record({
        currentPassword: fc.constantFrom(TEST_PASSWORD, 'Fresh#Pass1', 'wrong#123'),
        newPassword: fc.constantFrom(TEST_PASSWORD, 'Fresh#Pass1', 'P@ssw0rd', 'short'),
      });
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
        // A place of the fuzz world's gazetteer (York), none, unknown and malformed ones; with and without the text.
        placeId: fc.constantFrom<unknown>(undefined, null, 2633352, 2657896, 999_999_999, 0, -1, 1.5, '2633352', 2 ** 31),
        uploaderLocation: fc.constantFrom<unknown>('Leeds', 'York', 'Springfield', 'York, GB', '', undefined, ' , , '),
      }).map((o) => productBody(o));
    // --- The seller's decision (docs/product.md#trade-lifecycle), and statuses nobody may set. ---
    case 'PATCH /api/buyerProduct/:id':
      return fc.record({ status: fc.constantFrom('Accepted', 'Declined', 'Accepted', 'Completed', 'Cancelled', 'accepted', 'Pending') });
    case 'POST /api/buyerProduct':
      return fc.record({
        productId: fc.constantFrom(...world.productIds, '0'.repeat(32)),
        phoneNumber: fc.constantFrom<unknown>('0123456789', 123456789, '+44 (0) 20-7946'),
        buyerAddress: fc.constantFrom('1 Road', 'Flat 2'),
      });
    // --- Profile and sessions ---
    case 'PATCH /api/users/me':
      return fc.record(
        {
          name: fc.constantFrom('New Name', 'X', '  Padded  ', '😀 Emoji'),
          photoURL: fc.constantFrom('https://img.test.example/q.png', '/api/images/' + '0'.repeat(32) + '-1280.webp', 'http://x.example/p.png'),
          savedSearchDigest: fc.constantFrom<unknown>(true, false, 'true', 1, null),
        },
        { requiredKeys: [] },
      );
    // --- Admins: promote ({admin: true}) or demote ({admin: false}); no body is added in requestArb. ---
    case 'PATCH /api/users/admin/:id':
      return fc.record({ admin: fc.oneof(fc.boolean(), fc.constantFrom<unknown>('false', 0, null)) });
    // --- Messages ---
    case 'POST /api/buyerProduct/:id/messages':
      return fc.record({ text: fc.constantFrom('Hello', '  padded  ', '<b>bold</b>', 'Multi\nline', 'x'.repeat(2000), 'x'.repeat(2001)) });
    // --- Offers (docs/product.md#offers): amounts around the default floor (half of 120) and the price. ---
    case 'POST /api/buyerProduct/:id/offers':
      return fc.record({ amount: fc.constantFrom<unknown>(80, '80.50', 60, 59.99, 119.99, 120, 0, -1, 1.234, '1e2', null) });
    case 'PATCH /api/buyerProduct/:id/offers/:offerId':
      return fc.record(
        { action: fc.constantFrom<unknown>('accept', 'decline', 'counter', 'Accept', ''), amount: fc.constantFrom<unknown>(undefined, 70, 100, 119.99, 130, 'x') },
        { requiredKeys: ['action'] },
      );
    // --- Reviews ---
    case 'POST /api/buyerProduct/:id/review':
      return fc.record({ rating: fc.constantFrom<unknown>(1, 5, 0, 6, 2.5, '4', null), text: fc.constantFrom('Great', '  padded  ', '<b>x</b>', '', 'x'.repeat(1000), 'x'.repeat(1001)) });
    case 'POST /api/reviews/:id/reply':
      return fc.record({ text: fc.constantFrom('Thanks', '  padded  ', '<b>x</b>', '', 'x'.repeat(1000), 'x'.repeat(1001)) });
    case 'POST /api/contact':
      return fc.record({
        name: fc.constantFrom('Ann'),
        email: fc.constantFrom('ann@test.example'),
        subject: fc.constantFrom('Hi', 'Re: \r\nBcc: x@evil.example'),
        phone: fc.constantFrom('0123456789'),
        message: fc.constantFrom('Hello', 'Multi\nline'),
      });
    // --- Your account is yours: never the callers' real password for a deletion (the callers must live on). ---
    case 'DELETE /api/users/me':
      return fc.record({ password: fc.constantFrom<unknown>('wrong#123', '', 'x'.repeat(300), 12, null) }, { requiredKeys: [] });
    case 'POST /api/users/me/email':
      return fc.record({ newEmail: fc.oneof(email(), fc.constantFrom('not-an-email', 'x@y')), password: fc.constantFrom(TEST_PASSWORD, 'wrong#123', '') });
    case 'POST /api/users/me/email/confirm':
      return fc.record({ token: fc.constantFrom('A'.repeat(43), 'short', '') });
    case 'POST /api/auth/2fa/enable':
      return fc.record({ code: fc.constantFrom<unknown>('123456', '12 34 56', '1234567', 123456, 'abcdef') });
    case 'POST /api/auth/2fa/disable':
      return fc.record({ password: fc.constantFrom(TEST_PASSWORD, 'wrong#123'), code: fc.constantFrom<unknown>('123456', '000000', 'x') });
    case 'POST /api/auth/login/2fa':
      return fc.record(
        { challenge: fc.constantFrom('A'.repeat(43), 'x', ''), code: fc.constantFrom<unknown>('123456', 'abc'), recoveryCode: fc.constantFrom<unknown>('AAAA-BBBB-CCCC-DDDD', 'x') },
        { requiredKeys: ['challenge'] },
      );
    case 'POST /api/auth/passkeys/register':
    case 'POST /api/auth/passkeys/login':
      return fc.record({
        challengeId: fc.constantFrom('0'.repeat(32), 'x'),
        name: fc.constantFrom('Laptop', '😀'),
        response: fc.constantFrom<unknown>(
          { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} },
          { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} },
          { id: 'x', type: 'other' },
        ),
      });
    // --- Favourites and saved searches ---
    case 'POST /api/savedSearches':
      return fc.record({
        filters: fc.record(
          {
            q: fc.constantFrom('brass lamp', '  ', 'lamp -brass', '"oak" or teak', 'x'.repeat(300)),
            category: fc.constantFrom('homeAndLiving', 'Nope', ''),
            minPrice: fc.constantFrom<unknown>('10', '0.5', 'abc', 5),
            maxPrice: fc.constantFrom<unknown>('50', '1e9', -1),
            sort: fc.constantFrom('price_asc', 'newest'),
          },
          { requiredKeys: [] },
        ),
        alert: fc.constantFrom('instant', 'daily', 'off', 'hourly'),
      });
    case 'PATCH /api/savedSearches/:id':
      return fc.record({ alert: fc.constantFrom('instant', 'daily', 'off', 'never') }, { requiredKeys: [] });
    // --- Reports and moderation: real targets, unknown ones, and notes near the limit. ---
    case 'POST /api/reports':
      return fc.record({
        targetType: fc.constantFrom('listing', 'user', 'message', 'Listing'),
        targetId: fc.constantFrom(...world.productIds, world.alice.id, world.bob.id, ...world.victims.map((v) => v.id), '0'.repeat(32)),
        reason: fc.constantFrom('scam', 'stolen_photos', 'other', 'nope'),
        note: fc.constantFrom('Asked for a gift card', '', 'x'.repeat(1000), 'x'.repeat(1001), 'bell\u0007'),
      });
    // A ban only ever aims at a victim: alice and bob (and the sellers of the pooled listings) must stay to call.
    case 'POST /api/admin/reports/resolve':
      return fc.oneof(
        fc.record({
          targetType: fc.constantFrom('listing', 'user', 'message'),
          targetId: fc.constantFrom(...world.productIds, world.alice.id, world.bob.id, '0'.repeat(32)),
          action: fc.constantFrom('dismiss', 'remove_listing', 'warn_user', 'delete'),
          note: fc.constantFrom('', 'Fine', 'x'.repeat(1001)),
        }),
        fc.record({
          targetType: fc.constant('user'),
          targetId: fc.constantFrom(...world.victims.map((v) => v.id), '0'.repeat(32)),
          action: fc.constant('ban_user'),
          note: fc.constant('Scammer'),
        }),
      );
    default:
      return undefined;
  }
}

/** A JSON body near the route's contract: valid, or valid with one change, or nothing like it. */
function bodyArb(world: FuzzWorld, key: string, schema: ZodLike | undefined): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema?.shape ?? {});
  const base = validBody(world, key) ?? fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['a'])), nastyString, { maxKeys: 4 });
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

// --- Cursors (docs/product.md#server-rules-lists) ---
// Tampered cursors reached SQL casts: dates PostgreSQL cannot hold, numbers where strings belong, ids of
// any shape. These are shaped like the server's own cursors (base64url JSON arrays) so they get past the
// decoding and reach the checks that matter.

const DATE_SHAPED = [
  '2024-01-01T00:00:00.000Z',
  '2020-02-30T00:00:00.000Z',
  '2020-02-30',
  '2020-01-01',
  '2020-01-01T00:00:00Z',
  '2020-01-01T24:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '0',
  '1e400',
  'NaN',
  'epoch',
  'infinity',
  '-infinity',
  'now',
  '2020-01-01T00:00:00.000Z\u0000',
];

const cursorPart = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...DATE_SHAPED) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>('0'.repeat(32), 'f'.repeat(32), 'F'.repeat(32), 'x', '', 'a\u0000b', 'z'.repeat(300)) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 53, 1e300, -1e300, 2 ** 31, 2 ** 63, 1_577_836_800_000) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, [], {}, 'NaN', 'Infinity', '1e309') },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** base64url JSON arrays shaped like the server's cursors (a sort tag, a value, an id), and near misses. */
export const cursorShaped: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom('n', 'p', 'r', 'c', 'x', ''), cursorPart, cursorPart).map((t) => JSON.stringify(t)) },
    // A distance page's: ['d', km, placeId, id].
    { weight: 2, arbitrary: fc.tuple(fc.constant('d'), cursorPart, cursorPart, cursorPart).map((t) => JSON.stringify(t)) },
    { weight: 3, arbitrary: fc.tuple(cursorPart, cursorPart).map((t) => JSON.stringify(t)) },
    { weight: 1, arbitrary: fc.array(cursorPart, { maxLength: 5 }).map((t) => JSON.stringify(t)) },
    { weight: 1, arbitrary: fc.constantFrom('["n","2024-01-01T00:00:00.000Z",', '{"0":"n"}', '[1e999,"x"]', '"x"', 'null') },
  )
  .map((json) => Buffer.from(json).toString('base64url'));

/** Dates as a client might write them anywhere a date or a cursor is read. */
export const dateShaped: fc.Arbitrary<string> = fc.constantFrom(...DATE_SHAPED);

/** Query strings from the route's querystring keys, plus operator-shaped, repeated and unknown keys. */
function queryArb(world: FuzzWorld, schema: ZodLike | undefined): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.shape ?? {});
  const email = fc.constantFrom(world.alice.email, world.bob.email, world.admin.email, 'Nobody@Test.Example');
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('1', '24', '100', '101', '0', 'newest', 'price_asc', 'price_desc', 'homeAndLiving', 'chair', 'oak', 'open', 'closed') },
    // Near me: place ids (York, unknown), radii in and out of 5..500, the distance sort, coordinates, place names.
    { weight: 2, arbitrary: fc.constantFrom('2633352', '999999999', '2147483648', '25', '5', '500', '4', '501', '2.5', 'distance', '-90', '90.0001', '-180', '180.5', 'zur', 'sao pa', 'york, gb') },
    { weight: 2, arbitrary: email },
    { weight: 1, arbitrary: fc.constantFrom('eyJ4IjoxfQ', Buffer.from('["n","2024-01-01T00:00:00Z","x"]').toString('base64url'), Buffer.from('["p",1e300,"x"]').toString('base64url')) },
    { weight: 2, arbitrary: cursorShaped },
    { weight: 1, arbitrary: dateShaped },
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
function paramArb(world: FuzzWorld, url: string, name: string): fc.Arbitrary<string> {
  const pool =
    name === 'email'
      ? [world.alice.email, world.bob.email, world.admin.email, ...world.victims.map((v) => v.email), 'ALICE@x', 'nobody@test.example']
      : name === 'file'
        ? [...world.imageFiles, world.imageFiles[0]!.replace('1280', '9999'), 'x.webp']
        : url.includes('/images') // --- Images: image ids (alice's, bob's), a file name, a listing id ---
          ? [...world.images.map((i) => i.id), world.imageFiles[0]!, ...world.productIds.slice(0, 1)]
        : url.includes('/blocks')
          ? // --- Blocks: victims, the callers themselves (yourself is a 400) and a listing's id (404). ---
            [...world.victims.map((v) => v.id), world.alice.id, world.bob.id, world.admin.id, ...world.productIds.slice(0, 1)]
        : url.includes('/users')
          ? // Never the user callers: a banned or promoted caller would stop being the caller the run thinks it is.
            [...world.victims.map((v) => v.id), world.admin.id, ...world.productIds.slice(0, 1)]
          : url.includes('/auth/sessions')
            ? // Other people's sessions (victims', the other callers' spares) and the caller's own spares.
              [...world.victims.map((v) => v.sessionId), ...world.spareSessions.map((s) => s.id), ...world.productIds.slice(0, 1)]
          : url.includes('/offers/') && name === 'offerId'
            ? [...world.offerIds, ...world.requestIds.slice(0, 1)]
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
  )
    .map((v) => (v === '' ? 'x' : v))
    // /api/users/admin/<x> is another route (GET /api/users/admin/:email answers it): never an id of /users/:id/<x>.
    .map((v) => (v === 'admin' && /^\/api\/users\/:id\/[a-z]/.test(url) ? 'admin2' : v));
}

// ---------------------------------------------------------------------------------------------
// Uploads (POST /api/images)

function uploadArb(png: Buffer): fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> {
  const data = fc.oneof(
    { weight: 2, arbitrary: fc.constant(png) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.concat([png.subarray(0, 33), Buffer.from(a)])) },
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
    { weight: 6, arbitrary: fc.array(part, { minLength: 0, maxLength: 4 }).map((parts) => multipart(parts)) },
    { weight: 1, arbitrary: fc.constant({ payload: JSON.stringify({ image: 'https://x.example/a.png' }), headers: { 'content-type': 'application/json' } }) },
    { weight: 1, arbitrary: fc.constant({ payload: '--zzz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated', headers: { 'content-type': 'multipart/form-data; boundary=zzz' } }) },
    { weight: 1, arbitrary: fc.constant({ payload: 'x', headers: { 'content-type': 'multipart/form-data' } }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests for a route

export interface Generated {
  caller: CallerName;
  request: InjectOptions;
}

/** One request for a route, as one of the callers: what the suite sends and checks. */
export function requestArb(route: RouteEntry, world: FuzzWorld): fc.Arbitrary<Generated> {
  const key = `${route.method} ${route.url}`;
  const schema = (route.schema ?? {}) as { params?: ZodLike; querystring?: ZodLike; body?: ZodLike };
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const pathArb = fc
    .tuple(...paramNames.map((n) => paramArb(world, route.url, n)), fc.boolean())
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
  const query = hasQuery ? fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 4, arbitrary: queryArb(world, schema.querystring) }) : fc.constant('');
  const hasBody = route.method === 'POST' || route.method === 'PATCH';
  const isUpload = key === 'POST /api/images';
  const body: fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> = isUpload
    ? uploadArb(world.png)
    : hasBody
      ? fc.oneof(
          { weight: 12, arbitrary: bodyArb(world, key, schema.body).map((b) => ({ payload: JSON.stringify(b), headers: { 'content-type': 'application/json' } })) },
          { weight: 1, arbitrary: rawJson.map((raw) => ({ payload: raw, headers: { 'content-type': 'application/json' } })) },
          // --- Admins: the spec's Make Admin sends no body at all. ---
          ...(key === 'PATCH /api/users/admin/:id' ? [{ weight: 4, arbitrary: fc.constant({}) }] : []),
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
      const user = callerOf(world, caller);
      if (c === 'own' && user) headers.cookie = user.cookie;
      if (c === 'garbage') headers.cookie = `og_session=${'x'.repeat(300)}`;
      return {
        caller,
        request: { method: route.method as InjectOptions['method'], url: q ? `${p}?${q}` : p, payload: b.payload, headers, remoteAddress: ip },
      };
    });
}
