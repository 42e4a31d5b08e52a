// The authorisation matrix: every /api route in app.routeTable x {anonymous, owner/self, another user, admin}.
// Each entry says how to build a valid request aimed at what "owner" owns, the status each caller gets,
// and (for writes) how to read the state the call may change, so a refused call can be shown to change nothing.
import type { InjectOptions } from 'fastify';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { type ImageUploadResponse, type InsertedResponse, storedImageFile } from '@olden/contracts';
import { accountTokens, buyerRequests, contactMessages, images, products, requestMessages, reviews, sessions, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createProduct, productBody } from '../modules/products/fixtures.ts';
import { TEST_PASSWORD, type TestApp, type TestUser } from '../test/harness.ts';
import { multipart } from '../test/requests.ts';

export const ROLES = ['anonymous', 'owner', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What one matrix case runs against: fresh users and rows, so one case can never see another's effects. */
export interface World {
  t: TestApp;
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
  /** A third user who sells `sellerProductId`, which `owner` asked to buy (`requestId`). */
  seller: TestUser;
  productId: string;
  sellerProductId: string;
  requestId: string;
  /** A stored image file name (`<id>-1280.webp`). */
  imageFile: string;
}

export interface MatrixEntry {
  /** Expected status for [anonymous, owner/self, another user, admin]. */
  expect: readonly [number, number, number, number];
  /** A valid request aimed at the owner's things, sent as `caller` (the bearer token is added by the suite). */
  request: (w: World, caller: TestUser | null) => InjectOptions | Promise<InjectOptions>;
  /** For writes: the state the call may change. Equal before and after a refused call, different after an allowed one. */
  state?: (w: World) => Promise<unknown>;
  /** Send the caller's session cookie too (cookie-authenticated routes). */
  cookie?: boolean;
}

const json = (method: InjectOptions['method'], url: string, payload?: unknown): InjectOptions => ({ method, url, payload: payload as InjectOptions['payload'] });

/** What every world shares: one stored image and the test password's hash (hashing per world would cost seconds). */
export interface WorldSetup {
  passwordHash: string;
  imageFile: string;
}

export async function worldSetup(t: TestApp): Promise<WorldSetup> {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const uploader = await t.createUser();
  const res = await t.injectAs(uploader, { method: 'POST', url: '/api/images', ...(await imageUpload()) });
  if (res.statusCode !== 200) throw new Error(`image upload for the matrix's worlds: ${res.statusCode} ${res.body}`);
  return { passwordHash, imageFile: storedImageFile(res.json<ImageUploadResponse>().data.id, 1280) };
}

/** Fresh users, two listings and a buy request from owner to seller. */
export async function newWorld(t: TestApp, { passwordHash, imageFile }: WorldSetup): Promise<World> {
  const owner = await t.createUser({ name: 'Owner' });
  await t.services.users.setPasswordHash(owner.id, passwordHash);
  const other = await t.createUser({ name: 'Other' });
  const admin = await t.createUser({ name: 'Admin', role: 'admin' });
  const seller = await t.createUser({ name: 'Seller' });
  const productId = await createProduct(t, owner);
  const sellerProductId = await createProduct(t, seller);
  const req = await t.injectAs(owner, {
    method: 'POST',
    url: '/api/buyerProduct',
    payload: { productId: sellerProductId, phoneNumber: '0123456789', buyerAddress: '1 Road' },
  });
  if (req.statusCode !== 200) throw new Error(`buy request for the matrix's world: ${req.statusCode} ${req.body}`);
  return { t, owner, other, admin, seller, productId, sellerProductId, requestId: req.json<InsertedResponse>().insertedId!, imageFile };
}

let pngCache: Buffer | undefined;
/** A small real PNG, as a multipart body in field `image`. */
export async function imageUpload(): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  pngCache ??= await sharp({ create: { width: 40, height: 30, channels: 3, background: '#806040' } }).png().toBuffer();
  return multipart([{ filename: 'a.png', type: 'image/png', data: pngCache }]);
}

async function countOf(w: World, table: typeof products | typeof buyerRequests | typeof images | typeof contactMessages | typeof accountTokens) {
  const [row] = await w.t.database.db.select({ n: count() }).from(table);
  return row!.n;
}
const productRow = async (w: World, id: string) => (await w.t.database.db.select().from(products).where(eq(products.id, id)))[0] ?? null;
const userRow = async (w: World, id: string) => (await w.t.database.db.select().from(users).where(eq(users.id, id)))[0] ?? null;
const requestRow = async (w: World, id: string) =>
  (await w.t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, id)))[0] ?? null;

/** A Pending request for the owner's listing, from `seller` (made once per world, on first use). */
const requestsToOwner = new WeakMap<World, Promise<string>>();
function requestToOwner(w: World): Promise<string> {
  let id = requestsToOwner.get(w);
  if (!id) {
    id = w.t
      .injectAs(w.seller, { method: 'POST', url: '/api/buyerProduct', payload: { productId: w.productId, phoneNumber: '0123456789', buyerAddress: '1 Road' } })
      .then((res) => {
        if (res.statusCode !== 200) throw new Error(`requestToOwner: ${res.statusCode} ${res.body}`);
        return res.json<{ insertedId: string }>().insertedId;
      });
    requestsToOwner.set(w, id);
  }
  return id;
}

/**
 * The world's request handed over by its seller (a Completed trade the owner bought), once per world; with `reviewed`,
 * both parties reviewed it, so both reviews are published: answers the seller's review of the owner.
 */
const completedTrades = new WeakMap<World, Promise<void>>();
function completedTrade(w: World): Promise<void> {
  let done = completedTrades.get(w);
  if (!done) {
    done = w.t.injectAs(w.seller, { method: 'DELETE', url: `/api/buyerProduct/${w.requestId}` }).then((res) => {
      if (res.statusCode !== 200) throw new Error(`completedTrade: ${res.statusCode} ${res.body}`);
    });
    completedTrades.set(w, done);
  }
  return done;
}
const reviewedTrades = new WeakMap<World, Promise<string>>();
function reviewOfOwner(w: World): Promise<string> {
  let id = reviewedTrades.get(w);
  if (!id) {
    id = (async () => {
      await completedTrade(w);
      const theirs = await w.t.injectAs(w.seller, { method: 'POST', url: `/api/buyerProduct/${w.requestId}/review`, payload: { rating: 4, text: 'Paid on time' } });
      const mine = await w.t.injectAs(w.owner, { method: 'POST', url: `/api/buyerProduct/${w.requestId}/review`, payload: { rating: 5 } });
      if (theirs.statusCode !== 201 || mine.statusCode !== 201) throw new Error(`reviewOfOwner: ${theirs.body} ${mine.body}`);
      return theirs.json<{ _id: string }>()._id;
    })();
    reviewedTrades.set(w, id);
  }
  return id;
}
const reviewRow = async (w: World, id: string) => (await w.t.database.db.select().from(reviews).where(eq(reviews.id, id)))[0] ?? null;

let registered = 0;
const OK4 = [200, 200, 200, 200] as const;
let testPasswordHash: Promise<string> | undefined;

export const MATRIX: Record<string, MatrixEntry> = {
  // Documentation and liveness: public.
  'GET /api/openapi.json': { expect: OK4, request: () => json('GET', '/api/openapi.json') },
  'GET /api/health': { expect: OK4, request: () => json('GET', '/api/health') },
  'GET /api/live': { expect: OK4, request: () => json('GET', '/api/live') },

  // Auth: public routes; what they do depends on the body or the cookie, never on a bearer token.
  'POST /api/auth/register': {
    expect: [201, 201, 201, 201],
    request: () =>
      json('POST', '/api/auth/register', {
        name: 'New Person',
        email: `matrix-${++registered}-${Date.now()}@test.example`,
        password: TEST_PASSWORD,
        photoURL: 'https://img.test.example/p.png',
      }),
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(users))[0]!.n,
  },
  'POST /api/auth/login': {
    expect: OK4,
    request: (w) => json('POST', '/api/auth/login', { email: w.owner.email, password: TEST_PASSWORD }),
  },
  'POST /api/auth/logout': { expect: [204, 204, 204, 204], request: () => json('POST', '/api/auth/logout') },
  'GET /api/auth/session': { expect: OK4, request: () => json('GET', '/api/auth/session') },
  // The caller's own cookie asking for a token for the owner's email: only the owner gets one.
  'POST /api/jwt': { expect: [401, 200, 403, 403], cookie: true, request: (w) => json('POST', '/api/jwt', { email: w.owner.email }) },
  'GET /api/auth/providers': { expect: OK4, request: () => json('GET', '/api/auth/providers') },
  // OIDC_CLIENT_ID is not set in tests: both ends of the Google flow say 503 "not configured" to everyone.
  'GET /api/auth/google/start': { expect: [503, 503, 503, 503], request: () => json('GET', '/api/auth/google/start') },
  'GET /api/auth/google/callback': {
    expect: [503, 503, 503, 503],
    request: () => json('GET', '/api/auth/google/callback?code=abc&state=xyz'),
  },

  // Account links: public, the mailed token is the authority; a verification link proves the address only for
  // a caller signed in to its account (everyone else: 409, nothing changes).
  'POST /api/auth/verify-email': {
    expect: [409, 200, 409, 409],
    request: async (w) => json('POST', '/api/auth/verify-email', { token: await w.t.services.accountMail.issue(w.owner.row, 'verify_email') }),
    state: async (w) => (await userRow(w, w.owner.id))?.emailVerified,
  },
  // Mails the caller's own address (the test users are unverified): a new token each time.
  'POST /api/auth/verify-email/send': {
    expect: [401, 200, 200, 200],
    request: () => json('POST', '/api/auth/verify-email/send'),
    state: async (w) => {
      await w.t.services.mailer.idle();
      return countOf(w, accountTokens);
    },
  },
  // The owner's address: the token is made after the reply, so the state waits for the mail.
  'POST /api/auth/password-reset': {
    expect: [202, 202, 202, 202],
    request: (w) => json('POST', '/api/auth/password-reset', { email: w.owner.email }),
    state: async (w) => {
      await w.t.services.mailer.idle();
      return countOf(w, accountTokens);
    },
  },
  'POST /api/auth/password-reset/confirm': {
    expect: OK4,
    request: async (w) =>
      json('POST', '/api/auth/password-reset/confirm', {
        token: await w.t.services.accountMail.issue(w.owner.row, 'password_reset'),
        password: 'Fresh#Pass1',
      }),
    state: async (w) => (await userRow(w, w.owner.id))?.passwordHash,
  },
  // Each caller changes its own password (given TEST_PASSWORD first); nobody can change another's.
  'POST /api/auth/password': {
    expect: [401, 200, 200, 200],
    request: async (w, caller) => {
      testPasswordHash ??= hashPassword(TEST_PASSWORD);
      if (caller) await w.t.services.users.setPasswordHash(caller.id, await testPasswordHash);
      return json('POST', '/api/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'Fresh#Pass1' });
    },
    state: async (w) => (await w.t.database.db.select({ id: users.id, hash: users.passwordHash }).from(users)).sort((a, b) => a.id.localeCompare(b.id)),
  },

  // Users.
  'POST /api/users': {
    // The owner's profile: only the owner may save it (an admin may not write someone else's).
    expect: [401, 200, 403, 403],
    request: (w) =>
      json('POST', '/api/users', { email: w.owner.email, name: 'Renamed Owner', photoURL: 'https://img.test.example/new.png' }),
    state: async (w) => {
      const u = await userRow(w, w.owner.id);
      return { name: u?.name, photoUrl: u?.photoUrl, role: u?.role, email: u?.email };
    },
  },
  'GET /api/users': { expect: [401, 403, 403, 200], request: () => json('GET', '/api/users') },
  'DELETE /api/users/:id': {
    expect: [401, 403, 403, 200],
    request: (w) => json('DELETE', `/api/users/${w.owner.id}`),
    state: (w) => userRow(w, w.owner.id),
  },
  // --- Admins (docs/product.md#server-rules-users) ---
  // The riskier form: removing the admin role ({admin: false}) from the seller, made admin for the case
  // (another admin remains). Promotion (no body) is the same route and level: users.test.ts, admins.test.ts.
  'PATCH /api/users/admin/:id': {
    expect: [401, 403, 403, 200],
    request: async (w) => {
      await w.t.services.users.grantAdminByEmail(w.seller.email);
      return json('PATCH', `/api/users/admin/${w.seller.id}`, { admin: false });
    },
    state: async (w) => (await userRow(w, w.seller.id))?.role,
  },
  'GET /api/users/admin/:email': { expect: [401, 200, 403, 200], request: (w) => json('GET', `/api/users/admin/${w.owner.email}`) },

  'GET /api/category': { expect: OK4, request: () => json('GET', '/api/category') },

  // Listings.
  'POST /api/products': {
    expect: [401, 200, 200, 200],
    request: () => json('POST', '/api/products', productBody()),
    state: (w) => countOf(w, products),
  },
  // One seller's own list (?email=): that seller or an admin.
  'GET /api/products': { expect: [401, 200, 403, 200], request: (w) => json('GET', `/api/products?email=${encodeURIComponent(w.owner.email)}`) },
  'GET /api/products/:id': { expect: OK4, request: (w) => json('GET', `/api/products/${w.productId}`) },
  'PATCH /api/products/:id': {
    expect: [401, 200, 403, 200],
    request: (w) => json('PATCH', `/api/products/${w.productId}`, productBody({ name: 'Changed name', price: '999' })),
    state: (w) => productRow(w, w.productId),
  },
  'DELETE /api/products/:id': {
    expect: [401, 200, 403, 200],
    request: (w) => json('DELETE', `/api/products/${w.productId}`),
    state: (w) => productRow(w, w.productId),
  },

  // Buy requests. Asking for the owner's listing: not the owner himself (400), anyone else signed in.
  'POST /api/buyerProduct': {
    expect: [401, 400, 200, 200],
    request: (w) => json('POST', '/api/buyerProduct', { productId: w.productId, phoneNumber: '0123456789', buyerAddress: '1 Road' }),
    state: (w) => countOf(w, buyerRequests),
  },
  // The owner's cart.
  'GET /api/buyerProduct': {
    expect: [401, 200, 403, 200],
    request: (w) => json('GET', `/api/buyerProduct?buyerEmail=${encodeURIComponent(w.owner.email)}`),
  },
  // The owner's own request: the buyer cancels it (its seller hands it over: see the suite's extra case).
  'DELETE /api/buyerProduct/:id': {
    expect: [401, 200, 403, 200],
    request: (w) => json('DELETE', `/api/buyerProduct/${w.requestId}`),
    state: (w) => requestRow(w, w.requestId),
  },
  // --- The lifecycle (docs/product.md#trade-lifecycle). One request, read by its buyer (the owner); another user gets
  // 404, not 403.
  'GET /api/buyerProduct/:id': {
    expect: [401, 200, 404, 200],
    request: (w) => json('GET', `/api/buyerProduct/${w.requestId}`),
  },
  // The owner accepts a request made to him (the seller of his listing asks for it); the buyer's side is in lifecycle.test.ts.
  'PATCH /api/buyerProduct/:id': {
    expect: [401, 200, 403, 200],
    request: async (w) => json('PATCH', `/api/buyerProduct/${await requestToOwner(w)}`, { status: 'Accepted' }),
    state: async (w) => {
      const id = await requestToOwner(w);
      return [(await requestRow(w, id))?.status, (await productRow(w, w.productId))?.status];
    },
  },

  // --- Reviews (docs/product.md#reviews-and-profiles). The owner bought the seller's listing, handed over: the owner
  // reviews the seller; another user and an admin who are no party get 404. ---
  'POST /api/buyerProduct/:id/review': {
    expect: [401, 201, 404, 404],
    request: async (w) => {
      await completedTrade(w);
      return json('POST', `/api/buyerProduct/${w.requestId}/review`, { rating: 5, text: 'Smooth' });
    },
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(reviews).where(eq(reviews.requestId, w.requestId)))[0]!.n,
  },
  // The seller's published review of the owner: only the owner answers it (once).
  'POST /api/reviews/:id/reply': {
    expect: [401, 200, 403, 403],
    request: async (w) => json('POST', `/api/reviews/${await reviewOfOwner(w)}/reply`, { text: 'Thank you' }),
    state: async (w) => (await reviewRow(w, await reviewOfOwner(w)))?.replyText ?? null,
  },
  // Admins only, whoever wrote it.
  'DELETE /api/reviews/:id': {
    expect: [401, 403, 403, 200],
    request: async (w) => json('DELETE', `/api/reviews/${await reviewOfOwner(w)}`),
    state: async (w) => reviewRow(w, await reviewOfOwner(w)),
  },
  'GET /api/users/:id/reviews': { expect: OK4, request: (w) => json('GET', `/api/users/${w.seller.id}/reviews?role=seller`) },
  'GET /api/users/:id/profile': { expect: OK4, request: (w) => json('GET', `/api/users/${w.seller.id}/profile`) },

  // Images.
  'POST /api/images': {
    expect: [401, 200, 200, 200],
    request: async () => ({ method: 'POST', url: '/api/images', ...(await imageUpload()) }),
    state: (w) => countOf(w, images),
  },
  'GET /api/images/:file': { expect: OK4, request: (w) => json('GET', `/api/images/${w.imageFile}`) },

  'POST /api/contact': {
    expect: OK4,
    request: () =>
      json('POST', '/api/contact', { name: 'Ann', email: 'ann@test.example', subject: 'Hello', phone: '0123456789', message: 'A question' }),
    state: (w) => countOf(w, contactMessages),
  },

  // --- Profile and sessions (docs/product.md#dashboard-profile): each caller acts on their own account only. ---
  // Everyone signed in renames themselves (the state holds every caller's name, so each 200 shows).
  'PATCH /api/users/me': {
    expect: [401, 200, 200, 200],
    request: () => json('PATCH', '/api/users/me', { name: 'Renamed Self', photoURL: 'https://img.test.example/self.png' }),
    state: async (w) => Promise.all([w.owner, w.other, w.admin].map(async (u) => (await userRow(w, u.id))?.name)),
  },
  'GET /api/auth/sessions': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/auth/sessions') },
  // Another session of the owner's (not the one the owner calls with): only the owner ends it, an admin gets 404 too.
  'DELETE /api/auth/sessions/:id': {
    expect: [401, 200, 404, 404],
    request: async (w) => json('DELETE', `/api/auth/sessions/${(await w.t.services.auth.startSession(w.owner.row)).sessionId}`),
    state: (w) => sessionsOf(w, w.owner.id),
  },
  // Each caller gets a second session first; "sign out everywhere else" ends it (the state counts every session).
  'DELETE /api/auth/sessions': {
    expect: [401, 200, 200, 200],
    request: async (w, caller) => {
      if (caller) await w.t.services.auth.startSession(caller.row);
      return json('DELETE', '/api/auth/sessions');
    },
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(sessions))[0]!.n,
  },

  // --- Images (docs/product.md#server-rules-images) ---
  // The owner's unused upload: its uploader or an admin deletes it (one in use is 409 for both: see lifecycle.test.ts).
  'DELETE /api/images/:id': {
    expect: [401, 200, 403, 200],
    request: async (w) => {
      await imageUpload();
      ownerImageId = (await w.t.services.images.store(pngCache!, w.owner.id)).id;
      return json('DELETE', `/api/images/${ownerImageId}`);
    },
    state: async (w) => (await w.t.database.db.select().from(images).where(eq(images.id, ownerImageId)))[0] ?? null,
  },

  // --- Messages and live events (docs/product.md#messages-and-notifications). The owner asked to buy the seller's
  // listing (requestId): the owner is a party; another user learns nothing (404); an admin reads but may not write
  // (403). The seller, the other party, is in messages.test.ts. ---
  'GET /api/buyerProduct/:id/messages': { expect: [401, 200, 404, 200], request: (w) => json('GET', `/api/buyerProduct/${w.requestId}/messages`) },
  'POST /api/buyerProduct/:id/messages': {
    expect: [401, 200, 404, 403],
    request: (w) => json('POST', `/api/buyerProduct/${w.requestId}/messages`, { text: 'Is it still available?' }),
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(requestMessages).where(eq(requestMessages.requestId, w.requestId)))[0]!.n,
  },
  'GET /api/me/summary': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/me/summary') },
  // The stream never ends by itself: the client hangs up after 500 ms (events.test.ts reads streams for real).
  'GET /api/events': { expect: [401, 200, 200, 200], request: () => ({ method: 'GET', url: '/api/events', signal: AbortSignal.timeout(500) }) },
};

// --- Images (docs/product.md#server-rules-images) ---
/** The image the last DELETE /api/images/:id case uploaded (each case uploads its own, unused). */
let ownerImageId = '';

async function sessionsOf(w: World, userId: string) {
  return (await w.t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.id).sort();
}
