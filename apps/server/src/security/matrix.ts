// The authorisation matrix: every /api route in app.routeTable x {anonymous, owner/self, another user, admin}.
// Each entry says how to build a valid request aimed at what "owner" owns, the status each caller gets,
// and (for writes) how to read the state the call may change, so a refused call can be shown to change nothing.
import type { InjectOptions } from 'fastify';
import { count, eq, isNotNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { type ImageUploadResponse, type InsertedResponse, storedImageFile } from '@olden/contracts';
import {
  accountTokens,
  buyerRequests,
  contactMessages,
  emailChanges,
  favourites,
  images,
  offers,
  passkeyChallenges,
  passkeys,
  products,
  reports,
  requestMessages,
  reviews,
  savedSearches,
  sessions,
  totpSecrets,
  userBlocks,
  users,
} from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { hashToken } from '../modules/accounts/mails.ts';
import { createUnsubscribeTokens } from '../modules/saved-searches/unsubscribe.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createProduct, productBody } from '../modules/products/fixtures.ts';
import { TEST_JWT_SECRET, TEST_PASSWORD, type TestApp, type TestUser } from '../test/harness.ts';
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

async function countOf(w: World, table: typeof products | typeof buyerRequests | typeof images | typeof contactMessages | typeof accountTokens | typeof favourites | typeof savedSearches) {
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

/** A report by `other` on the owner's listing (filed once per world, on first use). */
const ownerListingReports = new WeakMap<World, Promise<void>>();
function reportOnOwnerListing(w: World): Promise<void> {
  let done = ownerListingReports.get(w);
  if (!done) {
    done = w.t
      .injectAs(w.other, { method: 'POST', url: '/api/reports', payload: { targetType: 'listing', targetId: w.productId, reason: 'spam' } })
      .then((res) => {
        if (res.statusCode !== 201) throw new Error(`reportOnOwnerListing: ${res.statusCode} ${res.body}`);
      });
    ownerListingReports.set(w, done);
  }
  return done;
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
      return theirs.json<{ review: { _id: string } }>().review._id;
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

  // Places: public reads of the gazetteer.
  'GET /api/places': { expect: OK4, request: () => json('GET', '/api/places?q=york') },
  'GET /api/places/nearest': { expect: OK4, request: () => json('GET', '/api/places/nearest?lat=53.96&lng=-1.08') },

  // Listings.
  'POST /api/products': {
    expect: [401, 200, 200, 200],
    request: () => json('POST', '/api/products', productBody()),
    state: (w) => countOf(w, products),
  },
  // One seller's own list (?email=): that seller or an admin.
  'GET /api/products': { expect: [401, 200, 403, 200], request: (w) => json('GET', `/api/products?email=${encodeURIComponent(w.owner.email)}`) },
  'GET /api/products/:id': { expect: OK4, request: (w) => json('GET', `/api/products/${w.productId}`) },
  'GET /api/products/:id/similar': { expect: OK4, request: (w) => json('GET', `/api/products/${w.productId}/similar`) },
  'GET /api/products/:id/stats': { expect: [401, 200, 403, 200], request: (w) => json('GET', `/api/products/${w.productId}/stats`) },
  // Another user's ids are left out of the answer rather than refused: 200 for every signed-in caller.
  'GET /api/listingStats': { expect: [401, 200, 200, 200], request: (w) => json('GET', `/api/listingStats?ids=${w.productId}`) },
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

  // --- Reports and moderation (docs/product.md#reports-and-moderation) ---
  // The owner's listing: its seller may not report it (409 OWN_TARGET), anyone else signed in may.
  'POST /api/reports': {
    expect: [401, 409, 201, 201],
    request: (w) => json('POST', '/api/reports', { targetType: 'listing', targetId: w.productId, reason: 'scam', note: 'Asked for a bank transfer' }),
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(reports))[0]!.n,
  },
  'GET /api/reports/mine': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/reports/mine') },
  'GET /api/admin/reports': { expect: [401, 403, 403, 200], request: () => json('GET', '/api/admin/reports?status=open') },
  'GET /api/admin/reports/count': { expect: [401, 403, 403, 200], request: () => json('GET', '/api/admin/reports/count') },
  // A report on the owner's listing (filed by `other` once per world), dismissed: admins only.
  'POST /api/admin/reports/resolve': {
    expect: [401, 403, 403, 200],
    request: async (w) => {
      await reportOnOwnerListing(w);
      return json('POST', '/api/admin/reports/resolve', { targetType: 'listing', targetId: w.productId, action: 'dismiss', note: 'Fine' });
    },
    state: async (w) => {
      await reportOnOwnerListing(w);
      return (await w.t.database.db.select({ status: reports.status }).from(reports).where(eq(reports.targetId, w.productId))).map((r) => r.status);
    },
  },
  'GET /api/admin/audit': { expect: [401, 403, 403, 200], request: () => json('GET', '/api/admin/audit') },
  'GET /api/admin/stats': { expect: [401, 403, 403, 200], request: () => json('GET', '/api/admin/stats') },

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
  // --- Offers (docs/product.md#offers). The owner is the request's buyer: they offer; the seller's counter is theirs to
  // answer. Another user learns nothing (404); an admin reads the offers but neither offers nor answers (403). The
  // seller's side is in offers.test.ts. ---
  'GET /api/buyerProduct/:id/offers': { expect: [401, 200, 404, 200], request: (w) => json('GET', `/api/buyerProduct/${w.requestId}/offers`) },
  'POST /api/buyerProduct/:id/offers': {
    expect: [401, 201, 404, 403],
    request: (w) => json('POST', `/api/buyerProduct/${w.requestId}/offers`, { amount: 80 }),
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(offers).where(eq(offers.requestId, w.requestId)))[0]!.n,
  },
  'PATCH /api/buyerProduct/:id/offers/:offerId': {
    expect: [401, 200, 404, 403],
    request: async (w) => {
      const made = await w.t.injectAs(w.owner, { method: 'POST', url: `/api/buyerProduct/${w.requestId}/offers`, payload: { amount: 80 } });
      const offerId = made.json<{ offer: { _id: string } }>().offer._id;
      const countered = await w.t.injectAs(w.seller, { method: 'PATCH', url: `/api/buyerProduct/${w.requestId}/offers/${offerId}`, payload: { action: 'counter', amount: 100 } });
      const counterId = countered.json<{ counter: { _id: string } }>().counter._id;
      return json('PATCH', `/api/buyerProduct/${w.requestId}/offers/${counterId}`, { action: 'decline' });
    },
    state: async (w) => (await w.t.database.db.select({ status: offers.status }).from(offers).where(eq(offers.requestId, w.requestId)).orderBy(offers.createdAt)).map((o) => o.status),
  },
  'GET /api/me/summary': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/me/summary') },
  // The stream never ends by itself: the client hangs up after 500 ms (events.test.ts reads streams for real).
  'GET /api/events': { expect: [401, 200, 200, 200], request: () => ({ method: 'GET', url: '/api/events', signal: AbortSignal.timeout(500) }) },

  // --- Your account is yours (issue 32): each caller acts on their own account only; nothing names another's. ---
  // Each caller deletes itself (given TEST_PASSWORD first; the world's admin is never the last one).
  'DELETE /api/users/me': {
    expect: [401, 200, 200, 200],
    request: async (w, caller) => {
      testPasswordHash ??= hashPassword(TEST_PASSWORD);
      if (caller) await w.t.services.users.setPasswordHash(caller.id, await testPasswordHash);
      return json('DELETE', '/api/users/me', { password: TEST_PASSWORD });
    },
    state: async (w) => Promise.all([w.owner, w.other, w.admin].map(async (u) => (await userRow(w, u.id))?.deletedAt ?? null)),
  },
  'GET /api/users/me/export': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/users/me/export') },
  'POST /api/users/me/email': {
    expect: [401, 202, 202, 202],
    request: async (w, caller) => {
      testPasswordHash ??= hashPassword(TEST_PASSWORD);
      if (caller) await w.t.services.users.setPasswordHash(caller.id, await testPasswordHash);
      return json('POST', '/api/users/me/email', { newEmail: `moved-${caller?.id ?? 'anon'}@test.example`, password: TEST_PASSWORD });
    },
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(emailChanges))[0]!.n,
  },
  // A link made for the owner: only the owner, signed in, uses it (anyone else: 409, the link stays usable).
  'POST /api/users/me/email/confirm': {
    expect: [401, 200, 409, 409],
    request: async (w) => json('POST', '/api/users/me/email/confirm', { token: await emailChangeFor(w) }),
    state: async (w) => (await userRow(w, w.owner.id))?.email,
  },
  'GET /api/auth/2fa': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/auth/2fa') },
  'POST /api/auth/2fa/setup': {
    expect: [401, 200, 200, 200],
    request: () => json('POST', '/api/auth/2fa/setup'),
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(totpSecrets))[0]!.n,
  },
  // Each caller's own pending secret, with its current code.
  'POST /api/auth/2fa/enable': {
    expect: [401, 200, 200, 200],
    request: async (w, caller) => {
      if (!caller) return json('POST', '/api/auth/2fa/enable', { code: '123456' });
      const setup = await w.t.injectAs(caller, json('POST', '/api/auth/2fa/setup'));
      return json('POST', '/api/auth/2fa/enable', { code: totpCode(setup.json<{ secret: string }>().secret) });
    },
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(totpSecrets).where(isNotNull(totpSecrets.enabledAt)))[0]!.n,
  },
  'POST /api/auth/2fa/disable': {
    expect: [401, 200, 200, 200],
    request: async (w, caller) => {
      if (!caller) return json('POST', '/api/auth/2fa/disable', { password: TEST_PASSWORD, code: '123456' });
      const secret = await turnOnTwoFactor(w, caller);
      return json('POST', '/api/auth/2fa/disable', { password: TEST_PASSWORD, code: totpCode(secret) });
    },
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(totpSecrets).where(isNotNull(totpSecrets.enabledAt)))[0]!.n,
  },
  // Public: the owner's challenge and code sign the owner in, whoever else sends it along.
  'POST /api/auth/login/2fa': {
    expect: OK4,
    request: async (w) => {
      const secret = await turnOnTwoFactor(w, w.owner);
      const login = await w.t.app.inject(json('POST', '/api/auth/login', { email: w.owner.email, password: TEST_PASSWORD }));
      return json('POST', '/api/auth/login/2fa', { challenge: login.json<{ challenge: string }>().challenge, code: totpCode(secret) });
    },
    state: (w) => sessionsOf(w, w.owner.id),
  },
  'GET /api/auth/passkeys': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/auth/passkeys') },
  'POST /api/auth/passkeys/register/options': {
    expect: [401, 200, 200, 200],
    request: () => json('POST', '/api/auth/passkeys/register/options'),
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(passkeyChallenges))[0]!.n,
  },
  // No authenticator here (the browser journey registers a real one): an answer that is no attestation is 400 for
  // every caller, and registers nothing.
  'POST /api/auth/passkeys/register': {
    expect: [401, 400, 400, 400],
    request: async (w, caller) => {
      const options = caller ? await w.t.injectAs(caller, json('POST', '/api/auth/passkeys/register/options')) : undefined;
      return json('POST', '/api/auth/passkeys/register', { challengeId: options?.json<{ challengeId: string }>().challengeId ?? '0'.repeat(32), response: FAKE_WEBAUTHN });
    },
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(passkeys))[0]!.n,
  },
  // The owner's passkey: only the owner removes it (an admin gets 404 too).
  'DELETE /api/auth/passkeys/:id': {
    expect: [401, 200, 404, 404],
    request: async (w) => json('DELETE', `/api/auth/passkeys/${await ownerPasskey(w)}`),
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, w.owner.id)))[0]!.n,
  },
  'POST /api/auth/passkeys/login/options': { expect: OK4, request: () => json('POST', '/api/auth/passkeys/login/options') },
  // An assertion of no registered passkey: 401 for everyone, and no session.
  'POST /api/auth/passkeys/login': {
    expect: [401, 401, 401, 401],
    request: async (w) => {
      const options = await w.t.app.inject(json('POST', '/api/auth/passkeys/login/options'));
      return json('POST', '/api/auth/passkeys/login', { challengeId: options.json<{ challengeId: string }>().challengeId, response: FAKE_WEBAUTHN });
    },
    state: async (w) => (await w.t.database.db.select({ n: count() }).from(sessions))[0]!.n,
  },
  // --- Favourites and saved searches (docs/product.md#favourites-and-saved-searches): each caller's own. ---
  // Saving the owner's listing: not the owner (OWN_LISTING, 400), anyone else signed in.
  'PUT /api/favourites/:productId': {
    expect: [401, 400, 200, 200],
    request: (w) => json('PUT', `/api/favourites/${w.productId}`),
    state: async (w) => [(await productRow(w, w.productId))?.favouriteCount, await countOf(w, favourites)],
  },
  // Each caller saved the seller's listing first (an anonymous call: the owner did) and removes their own.
  'DELETE /api/favourites/:productId': {
    expect: [401, 200, 200, 200],
    request: async (w, caller) => {
      await w.t.injectAs(caller ?? w.owner, json('PUT', `/api/favourites/${w.sellerProductId}`));
      return json('DELETE', `/api/favourites/${w.sellerProductId}`);
    },
    state: (w) => countOf(w, favourites),
  },
  'GET /api/favourites': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/favourites') },
  'GET /api/favourites/ids': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/favourites/ids') },
  'POST /api/savedSearches': {
    expect: [401, 201, 201, 201],
    request: () => json('POST', '/api/savedSearches', { filters: { q: 'matrix lamp', category: 'homeAndLiving' }, alert: 'daily' }),
    state: (w) => countOf(w, savedSearches),
  },
  'GET /api/savedSearches': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/savedSearches') },
  // The owner's search: another user and an admin alike get 404 (a search is private).
  'PATCH /api/savedSearches/:id': {
    expect: [401, 200, 404, 404],
    request: async (w) => json('PATCH', `/api/savedSearches/${await ownerSearch(w)}`, { alert: 'off' }),
    state: async (w) => (await savedSearchRow(w))?.alert,
  },
  'DELETE /api/savedSearches/:id': {
    expect: [401, 200, 404, 404],
    request: async (w) => json('DELETE', `/api/savedSearches/${await ownerSearch(w)}`),
    state: async (w) => (await savedSearchRow(w)) ?? null,
  },
  'POST /api/savedSearches/:id/seen': {
    expect: [401, 200, 404, 404],
    request: async (w) => {
      const id = await ownerSearch(w);
      // Seen long ago, so the call's "now" shows.
      await w.t.database.db.update(savedSearches).set({ seenAt: new Date(0) }).where(eq(savedSearches.id, id));
      return json('POST', `/api/savedSearches/${id}/seen`);
    },
    state: async (w) => (await savedSearchRow(w))?.seenAt.getTime(),
  },
  // The mailed link: whoever holds it, signed in or not, turns that alert off (the token is the permission).
  'POST /api/savedSearches/unsubscribe': {
    expect: OK4,
    request: async (w) => {
      const id = await ownerSearch(w);
      return json('POST', `/api/savedSearches/unsubscribe?token=${encodeURIComponent(createUnsubscribeTokens(TEST_JWT_SECRET).sign(id, w.owner.id))}`);
    },
    state: async (w) => (await savedSearchRow(w))?.alert,
  },

  // --- Blocks (docs/product.md#blocking): anyone signed in blocks anyone but themselves; a block is the caller's own, so
  // the state is who blocks the seller. Blocking the seller cancels the owner's pending request (blocks.test.ts). ---
  'PUT /api/blocks/:userId': {
    expect: [401, 200, 200, 200],
    request: (w) => json('PUT', `/api/blocks/${w.seller.id}`),
    state: (w) => blockersOf(w, w.seller.id),
  },
  // Each caller blocked the seller first; the call lifts only the caller's own block.
  'DELETE /api/blocks/:userId': {
    expect: [401, 200, 200, 200],
    request: async (w, caller) => {
      if (caller) await w.t.database.db.insert(userBlocks).values({ blockerId: caller.id, blockedId: w.seller.id }).onConflictDoNothing();
      return json('DELETE', `/api/blocks/${w.seller.id}`);
    },
    state: (w) => blockersOf(w, w.seller.id),
  },
  'GET /api/blocks': { expect: [401, 200, 200, 200], request: () => json('GET', '/api/blocks') },
};


// --- Your account is yours ---
const FAKE_WEBAUTHN = {
  id: 'bm90LWEta2V5',
  rawId: 'bm90LWEta2V5',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

/** The current TOTP code of a base32 secret (a step after the one `turnOnTwoFactor` enabled with). */
const totpCode = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetMs });

/** Gives `user` TEST_PASSWORD and two-step sign-in, enabled with the previous step's code; answers the secret. */
async function turnOnTwoFactor(w: World, user: TestUser): Promise<string> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  await w.t.services.users.setPasswordHash(user.id, await testPasswordHash);
  const setup = await w.t.injectAs(user, json('POST', '/api/auth/2fa/setup'));
  const secret = setup.json<{ secret: string }>().secret;
  const enable = await w.t.injectAs(user, json('POST', '/api/auth/2fa/enable', { code: totpCode(secret, -30_000) }));
  if (enable.statusCode !== 200) throw new Error(`turnOnTwoFactor: ${enable.statusCode} ${enable.body}`);
  return secret;
}

/** A pending email change of the owner's, with a token known here (made once per world). */
const emailChanges_ = new WeakMap<World, string>();
async function emailChangeFor(w: World): Promise<string> {
  let token = emailChanges_.get(w);
  if (!token) {
    token = `matrix-email-change-${w.owner.id}`;
    await w.t.database.db.insert(emailChanges).values({
      id: newId(),
      userId: w.owner.id,
      tokenHash: hashToken(token),
      oldEmail: w.owner.email,
      newEmail: `changed-${w.owner.id}@test.example`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    emailChanges_.set(w, token);
  }
  return token;
}

/** A passkey row of the owner's (made once per world; its key is never used to sign in here). */
const ownerPasskeys = new WeakMap<World, string>();
async function ownerPasskey(w: World): Promise<string> {
  let id = ownerPasskeys.get(w);
  if (!id) {
    id = `pk-${w.owner.id}`;
    await w.t.database.db.insert(passkeys).values({ id, userId: w.owner.id, publicKey: 'AA', name: 'Laptop' });
    ownerPasskeys.set(w, id);
  }
  return id;
}


/** The owner's saved search of the current case (made by ownerSearch). */
let ownerSearchId = '';
let searchCounter = 0;
async function ownerSearch(w: World): Promise<string> {
  searchCounter += 1;
  const res = await w.t.injectAs(w.owner, json('POST', '/api/savedSearches', { filters: { q: `owner search ${searchCounter}` }, alert: 'instant' }));
  if (res.statusCode !== 201) throw new Error(`the owner's saved search: ${res.statusCode} ${res.body}`);
  ownerSearchId = res.json<{ savedSearch: { _id: string } }>().savedSearch._id;
  return ownerSearchId;
}
const savedSearchRow = async (w: World) => (await w.t.database.db.select().from(savedSearches).where(eq(savedSearches.id, ownerSearchId)))[0];
/** Who blocked `userId`, sorted. */
async function blockersOf(w: World, userId: string) {
  return (await w.t.database.db.select({ id: userBlocks.blockerId }).from(userBlocks).where(eq(userBlocks.blockedId, userId))).map((r) => r.id).sort();
}

// --- Images (docs/product.md#server-rules-images) ---
/** The image the last DELETE /api/images/:id case uploaded (each case uploads its own, unused). */
let ownerImageId = '';

async function sessionsOf(w: World, userId: string) {
  return (await w.t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.id).sort();
}
