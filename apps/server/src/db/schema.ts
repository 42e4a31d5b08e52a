import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BUYER_REQUEST_STATUSES, LISTING_STATUSES } from '@olden/contracts/constants';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
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
  createdAt: createdAt(),
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
  /** Moves with every edit and status change. */
  updatedAt: updatedAt(),
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
  index('products_sitemap_idx').on(t.id).where(sql`status <> 'sold'`),
  // A name's word pairs by month, read newest month first (migration 0012 creates the function it calls).
  index('products_name_pairs_by_month_idx').using('gin', sql`og_name_pairs_by_month(${t.nameSearch}, ${t.createdAt})`),
  check('products_status_check', sql`status IN ('available', 'reserved', 'sold')`),
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
