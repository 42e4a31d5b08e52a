// All SQL of threads: a buy request's messages and the summary's counts. The requests themselves, read marks
// included, belong to the buyer-requests module (its thread-marks.ts moves them); this file only reads them.
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES } from '@olden/contracts/constants';
import type { Db } from '../../db/client.ts';
import { buyerRequests, requestMessages, users } from '../../db/schema.ts';

/** What a thread needs of its request: who the parties are, whether it is open, what it is about. */
export interface ThreadRow {
  id: string;
  productId: string;
  name: string;
  buyerId: string;
  sellerId: string;
  status: (typeof buyerRequests.$inferSelect)['status'];
}

/** A message with its sender's name (as the sender is called now). */
export interface MessageRow {
  id: string;
  requestId: string;
  senderId: string;
  senderName: string;
  body: string;
  createdAt: Date;
}

const openStatuses = sql.raw(OPEN_REQUEST_STATUSES.map((s) => `'${s}'`).join(', '));

const messageColumns = {
  id: requestMessages.id,
  requestId: requestMessages.requestId,
  senderId: requestMessages.senderId,
  senderName: users.name,
  body: requestMessages.body,
  createdAt: requestMessages.createdAt,
};

/** The messages of every thread the user is a party of (their data export), oldest first. */
export async function messagesOfUser(db: Db, userId: string): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(requestMessages)
    .innerJoin(users, eq(users.id, requestMessages.senderId))
    .innerJoin(buyerRequests, eq(buyerRequests.id, requestMessages.requestId))
    .where(or(eq(buyerRequests.buyerId, userId), eq(buyerRequests.sellerId, userId)))
    .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id));
}

export function createMessagesRepository(db: Db) {
  return {
    async findThread(requestId: string): Promise<ThreadRow | undefined> {
      const [row] = await db
        .select({
          id: buyerRequests.id,
          productId: buyerRequests.productId,
          name: buyerRequests.name,
          buyerId: buyerRequests.buyerId,
          sellerId: buyerRequests.sellerId,
          status: buyerRequests.status,
        })
        .from(buyerRequests)
        .where(eq(buyerRequests.id, requestId))
        .limit(1);
      return row;
    },

    /** Oldest first; keyset on (created_at, id) after `after` (the thread index walks it). */
    async list(requestId: string, limit: number, after?: [string, string]): Promise<MessageRow[]> {
      const where = after
        ? and(
            eq(requestMessages.requestId, requestId),
            sql`(${requestMessages.createdAt}, ${requestMessages.id}) > (${after[0]}::timestamptz, ${after[1]})`,
          )
        : eq(requestMessages.requestId, requestId);
      return db
        .select(messageColumns)
        .from(requestMessages)
        .innerJoin(users, eq(users.id, requestMessages.senderId))
        .where(where)
        .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id))
        .limit(limit);
    },

    async findMessage(id: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select(messageColumns)
        .from(requestMessages)
        .innerJoin(users, eq(users.id, requestMessages.senderId))
        .where(eq(requestMessages.id, id))
        .limit(1);
      return row;
    },

    /** Inserts a message; its time is the database's, so every process orders and counts it alike. */
    async insert(row: { id: string; requestId: string; senderId: string; body: string }): Promise<Date> {
      const [inserted] = await db.insert(requestMessages).values(row).returning({ createdAt: requestMessages.createdAt });
      return inserted!.createdAt;
    },

    /**
     * The navbar's badges for one user, three indexed counts in one round trip: open requests as the buyer
     * (the open-request unique index on buyer_id), open requests to them as the seller (seller_id), and
     * the other party's messages after the user's read mark over all their threads (buyer_id / seller_id,
     * then the thread index on (request_id, created_at)).
     */
    async summary(userId: string): Promise<{ cartCount: number; requestCount: number; unreadMessages: number }> {
      const result = await db.execute<{ cart: number | string; requests: number | string; unread: number | string }>(sql`
        select
          (select count(*) from buyer_requests where buyer_id = ${userId} and status in (${openStatuses})) as cart,
          (select count(*) from buyer_requests where seller_id = ${userId} and status in (${openStatuses})) as requests,
          (select count(*) from buyer_requests r
             join request_messages m on m.request_id = r.id
            where r.buyer_id = ${userId} and m.sender_id <> ${userId}
              and (r.buyer_read_at is null or m.created_at > r.buyer_read_at))
          + (select count(*) from buyer_requests r
             join request_messages m on m.request_id = r.id
            where r.seller_id = ${userId} and m.sender_id <> ${userId}
              and (r.seller_read_at is null or m.created_at > r.seller_read_at)) as unread`);
      const row = (result as unknown as { rows: { cart: number | string; requests: number | string; unread: number | string }[] }).rows[0]!;
      return { cartCount: Number(row.cart), requestCount: Number(row.requests), unreadMessages: Number(row.unread) };
    },

    /** Per request of `requestIds` where `userId` is a party: the other party's messages after the user's read mark. */
    async unreadByRequest(userId: string, requestIds: string[]): Promise<Map<string, number>> {
      if (requestIds.length === 0) return new Map();
      const ids = sql.join(requestIds.map((id) => sql`${id}`), sql`, `);
      const result = await db.execute<{ id: string; n: number | string }>(sql`
        select r.id, count(m.id) as n
          from buyer_requests r
          join request_messages m on m.request_id = r.id
         where r.id in (${ids}) and m.sender_id <> ${userId}
           and ((r.buyer_id = ${userId} and (r.buyer_read_at is null or m.created_at > r.buyer_read_at))
             or (r.seller_id = ${userId} and (r.seller_read_at is null or m.created_at > r.seller_read_at)))
         group by r.id`);
      const rows = (result as unknown as { rows: { id: string; n: number | string }[] }).rows;
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
