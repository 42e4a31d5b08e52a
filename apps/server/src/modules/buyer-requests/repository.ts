// All SQL for buy requests (cart items seen from the buyer, requests seen from the seller; BuyerProduct on the wire),
// and the lifecycle's conditional updates (docs/product.md#trade-lifecycle).
import { and, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { CLOSED_REQUEST_STATUSES, OPEN_REQUEST_STATUSES } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import { buyerRequests, requestMessages } from '../../db/schema.ts';

export type BuyerRequestRow = typeof buyerRequests.$inferSelect;
export type NewBuyerRequestRow = typeof buyerRequests.$inferInsert;
export type BuyerRequestStatusValue = BuyerRequestRow['status'];
/** A row with the caller's count of unread messages in its thread. */
export type ListedBuyerRequest = BuyerRequestRow & { unreadMessages: number };
/** A request whose status a transaction changed: as stored after, and its status before. */
export interface ChangedRequest {
  row: BuyerRequestRow;
  previous: BuyerRequestStatusValue;
}

const OPEN = [...OPEN_REQUEST_STATUSES];
const CLOSED = [...CLOSED_REQUEST_STATUSES];

/**
 * Messages from the other party after the caller's read mark; 0 when the caller is not a party (an admin
 * reading someone else's request).
 */
function unreadFor(callerId: string): SQL<number> {
  // Qualified by hand: drizzle leaves a one-table select's columns unqualified, which inside the subquery
  // would name request_messages' own columns.
  const r = (column: string) => sql.raw(`"buyer_requests"."${column}"`);
  return sql<number>`(select count(*)::int from ${requestMessages} m where m.request_id = ${r('id')} and (
      (${r('buyer_id')} = ${callerId} and m.sender_id = ${r('seller_id')}
        and m.created_at > coalesce(${r('buyer_read_at')}, '-infinity'::timestamptz))
      or (${r('seller_id')} = ${callerId} and m.sender_id = ${r('buyer_id')}
        and m.created_at > coalesce(${r('seller_read_at')}, '-infinity'::timestamptz))))`.mapWith(Number);
}

/** Lifecycle writes on the requests; `db` is a transaction (the listing's side is the products module's: its trade.ts). */
function lifecycle(db: Db) {
  return {
    /** The request, locked until the transaction ends (concurrent changes of one request run one after the other). */
    async lock(id: string): Promise<BuyerRequestRow | undefined> {
      const [row] = await db.select().from(buyerRequests).where(eq(buyerRequests.id, id)).for('update');
      return row;
    },

    /**
     * Moves the request from one of `from` to `to`; undefined when its status was not one of them. `bySeller`: the
     * seller's (or an admin's) decision, their first answer if none came before (a profile's response time).
     * `agreedPriceCents`: an accepted offer's amount (docs/product.md#offers).
     */
    async setStatus(
      id: string,
      from: readonly BuyerRequestStatusValue[],
      to: BuyerRequestStatusValue,
      bySeller = false,
      agreedPriceCents?: number,
    ): Promise<BuyerRequestRow | undefined> {
      const [row] = await db
        .update(buyerRequests)
        .set({
          status: to,
          updatedAt: sql`now()`,
          ...(bySeller ? { sellerAnsweredAt: sql`coalesce(${buyerRequests.sellerAnsweredAt}, now())` } : {}),
          ...(agreedPriceCents !== undefined ? { agreedPriceCents } : {}),
        })
        .where(and(eq(buyerRequests.id, id), inArray(buyerRequests.status, [...from])))
        .returning();
      return row;
    },

    async insert(row: NewBuyerRequestRow): Promise<BuyerRequestRow> {
      const [inserted] = await db.insert(buyerRequests).values(row).returning();
      return inserted!;
    },

    /** Declines every open request on a listing (but `exceptId`): a handover, or the listing deleted. */
    async declineOpenOnListing(productId: string, exceptId?: string): Promise<ChangedRequest[]> {
      const conditions = [eq(buyerRequests.productId, productId), inArray(buyerRequests.status, OPEN)];
      if (exceptId !== undefined) conditions.push(ne(buyerRequests.id, exceptId));
      // Locked first so each one's previous status is known (RETURNING only has the new one).
      const before = await db.select({ id: buyerRequests.id, status: buyerRequests.status }).from(buyerRequests).where(and(...conditions)).for('update');
      if (before.length === 0) return [];
      const rows = await db
        .update(buyerRequests)
        .set({ status: 'Declined', updatedAt: sql`now()` })
        .where(and(inArray(buyerRequests.id, before.map((r) => r.id)), inArray(buyerRequests.status, OPEN)))
        .returning();
      const previous = new Map(before.map((r) => [r.id, r.status]));
      return rows.map((row) => ({ row, previous: previous.get(row.id)! }));
    },

    /** Cancels every pending request between the two users, either way round: one blocked the other. */
    async cancelPendingBetween(a: string, b: string): Promise<ChangedRequest[]> {
      const pair = or(
        and(eq(buyerRequests.buyerId, a), eq(buyerRequests.sellerId, b)),
        and(eq(buyerRequests.buyerId, b), eq(buyerRequests.sellerId, a)),
      );
      // Accepted ones stay (an accepted trade survives a block); a concurrent accept that commits first wins the row.
      const rows = await db
        .update(buyerRequests)
        .set({ status: 'Cancelled', updatedAt: sql`now()` })
        .where(and(pair, eq(buyerRequests.status, 'Pending')))
        .returning();
      return rows.map((row) => ({ row, previous: 'Pending' as const }));
    },
  };
}
export type BuyerRequestsLifecycle = ReturnType<typeof lifecycle>;

/** A block cancels the pending requests between the two users in the block's own transaction `tx` (the service's cancelOnBlock). */
export const cancelPendingRequestsBetween = (tx: Db, a: string, b: string) => lifecycle(tx).cancelPendingBetween(a, b);

/** A listing's delete declines its open requests in the delete's own transaction `tx` (the service's declineOnDeletedListing). */
export const declineOpenRequestsOnListing = (tx: Db, productId: string) => lifecycle(tx).declineOpenOnListing(productId);

/**
 * The request locked on the offers module's transaction `tx` (offers on one request are made and answered one after the
 * other; the lock order is the listing, then the request, then its offers).
 */
export const lockRequestIn = (tx: Db, id: string) => lifecycle(tx).lock(id);

/** The lifecycle's writes on another transaction (an account's deletion, lib/account-lifecycle.ts). */
export const lifecycleIn = (tx: Db) => lifecycle(tx);

/** An account's deletion, on its transaction `tx`: the user's open requests as a buyer, oldest first. */
export async function openRequestsOfBuyer(tx: Db, buyerId: string): Promise<BuyerRequestRow[]> {
  return tx.select().from(buyerRequests).where(and(eq(buyerRequests.buyerId, buyerId), inArray(buyerRequests.status, OPEN))).orderBy(buyerRequests.createdAt, buyerRequests.id);
}

/**
 * An account's deletion: the requests others keep (threads stay readable) name the user as `name` with no email,
 * phone or address of theirs, on both sides.
 */
export async function anonymiseRequestParty(tx: Db, userId: string, name: string, email: string): Promise<void> {
  await tx.update(buyerRequests).set({ buyerName: name, buyerEmail: email, phoneNumber: '', buyerAddress: '' }).where(eq(buyerRequests.buyerId, userId));
  await tx
    .update(buyerRequests)
    .set({ uploaderName: name, sellerEmail: email, uploaderPhone: '', uploaderLocation: '' })
    .where(eq(buyerRequests.sellerId, userId));
}

/** An email change, on its transaction `tx`: the user's requests carry the new address on their side (the lists are keyed by it). */
export async function setPartyEmailIn(tx: Db, userId: string, email: string): Promise<void> {
  await tx.update(buyerRequests).set({ buyerEmail: email }).where(eq(buyerRequests.buyerId, userId));
  await tx.update(buyerRequests).set({ sellerEmail: email }).where(eq(buyerRequests.sellerId, userId));
}

/** A user's requests both ways (their data export), oldest first. */
export async function requestsOfUser(db: Db, userId: string): Promise<BuyerRequestRow[]> {
  return db
    .select()
    .from(buyerRequests)
    .where(or(eq(buyerRequests.buyerId, userId), eq(buyerRequests.sellerId, userId)))
    .orderBy(buyerRequests.createdAt, buyerRequests.id);
}

export function createBuyerRequestsRepository(db: Db) {
  return {
    /** Runs `work` in one transaction with the lifecycle's writes; `handle` is the transaction, for another module's part of it. */
    transaction<T>(work: (tx: BuyerRequestsLifecycle, handle: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(lifecycle(tx as unknown as Db), tx as unknown as Db));
    },

    async findById(id: string): Promise<BuyerRequestRow | undefined> {
      const [row] = await db.select().from(buyerRequests).where(eq(buyerRequests.id, id)).limit(1);
      return row;
    },

    /** The request with the caller's unread count. */
    async findForCaller(id: string, callerId: string): Promise<ListedBuyerRequest | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(buyerRequests), unreadMessages: unreadFor(callerId) })
        .from(buyerRequests)
        .where(eq(buyerRequests.id, id))
        .limit(1);
      return row;
    },

    /** The buyer's open request (Pending or Accepted) for a listing. */
    async findOpen(buyerId: string, productId: string): Promise<BuyerRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(buyerRequests)
        .where(and(eq(buyerRequests.buyerId, buyerId), eq(buyerRequests.productId, productId), inArray(buyerRequests.status, OPEN)))
        .limit(1);
      return row;
    },

    /**
     * By buyer email (the cart) or seller email (requests to the seller). Open requests newest first, keyset
     * on (created_at, id); closed ones newest change first, keyset on (updated_at, id) (the partial indexes).
     */
    async list(
      by: { buyerEmail: string } | { sellerEmail: string },
      view: 'open' | 'closed',
      callerId: string,
      limit: number,
      after?: [string, string],
    ): Promise<ListedBuyerRequest[]> {
      const key = view === 'open' ? buyerRequests.createdAt : buyerRequests.updatedAt;
      const conditions: SQL[] = [
        'buyerEmail' in by ? eq(buyerRequests.buyerEmail, by.buyerEmail) : eq(buyerRequests.sellerEmail, by.sellerEmail),
        inArray(buyerRequests.status, view === 'open' ? OPEN : CLOSED),
      ];
      if (after) conditions.push(sql`(${key}, ${buyerRequests.id}) < (${after[0]}::timestamptz, ${after[1]})`);
      // NULLS LAST for the open list as in its index definitions, so the planner walks them; the closed
      // indexes are plain DESC (NULLS FIRST), and updated_at is NOT NULL, so plain DESC there.
      const order =
        view === 'open'
          ? [sql`${key} desc nulls last`, sql`${buyerRequests.id} desc nulls last`]
          : [sql`${key} desc`, sql`${buyerRequests.id} desc`];
      return db
        .select({ ...getTableColumns(buyerRequests), unreadMessages: unreadFor(callerId) })
        .from(buyerRequests)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit);
    },
  };
}
export type BuyerRequestsRepository = ReturnType<typeof createBuyerRequestsRepository>;
