// All SQL of offers (docs/product.md#offers). A read of an offer joins its request's status (a read model): an offer
// stored open is answered `closed` once its request is no longer Pending and `expired` once its expires_at passed, whatever
// the row says until the expiry job writes it, so every reply tells the truth to the second.
import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { OfferParty, OfferStatus } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import { buyerRequests, offers } from '../../db/schema.ts';

export type OfferRow = typeof offers.$inferSelect;
/** A stored offer and whether its expiry time has passed (the database's clock). */
export type LockedOffer = OfferRow & { due: boolean };

/** What an offer is, as every reply says (see the file's first comment). */
const shownStatus = sql<OfferStatus>`case
  when ${offers.status} = 'open' and ${buyerRequests.status} <> 'Pending' then 'closed'
  when ${offers.status} = 'open' and ${offers.expiresAt} <= now() then 'expired'
  else ${offers.status} end`;
const due = sql<boolean>`${offers.expiresAt} <= now()`.mapWith(Boolean);

/** The writes, on a transaction that already locked the offer's request (lockRequestIn): the lock order is request, then offer. */
export function offerWrites(tx: Db) {
  return {
    async lock(id: string): Promise<LockedOffer | undefined> {
      const [row] = await tx.select({ ...getTableColumns(offers), due }).from(offers).where(eq(offers.id, id)).for('update');
      return row;
    },

    /** The request's open offer (at most one: offers_one_open), locked. */
    async lockOpen(requestId: string): Promise<LockedOffer | undefined> {
      const [row] = await tx
        .select({ ...getTableColumns(offers), due })
        .from(offers)
        .where(and(eq(offers.requestId, requestId), eq(offers.status, 'open')))
        .for('update');
      return row;
    },

    /** How many offers the buyer made on the request (their counters included). */
    async countByBuyer(requestId: string): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(offers)
        .where(and(eq(offers.requestId, requestId), eq(offers.by, 'buyer')));
      return row?.n ?? 0;
    },

    /** A new open offer, expiring `ttlSeconds` from now by the database's clock (the expiry job's clock too). */
    async insert(offer: { id: string; requestId: string; by: OfferParty; amountCents: number }, ttlSeconds: number): Promise<OfferRow> {
      const [row] = await tx
        .insert(offers)
        .values({ ...offer, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds}::double precision)` })
        .returning();
      return row!;
    },

    /** Moves an open offer to `to`; undefined when it was no longer open. */
    async settle(id: string, to: Exclude<OfferStatus, 'open'>): Promise<OfferRow | undefined> {
      const [row] = await tx
        .update(offers)
        .set({ status: to, answeredAt: sql`now()` })
        .where(and(eq(offers.id, id), eq(offers.status, 'open')))
        .returning();
      return row;
    },
  };
}
export type OfferWrites = ReturnType<typeof offerWrites>;

export function createOffersRepository(db: Db) {
  const shown = { ...getTableColumns(offers), status: shownStatus };
  return {
    transaction<T>(work: (writes: OfferWrites, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(offerWrites(tx as unknown as Db), tx as unknown as Db));
    },

    /** A request's offers, oldest first (a buyer makes at most OFFERS_PER_REQUEST, so a thread holds a handful). */
    async list(requestId: string): Promise<OfferRow[]> {
      return db
        .select(shown)
        .from(offers)
        .innerJoin(buyerRequests, eq(buyerRequests.id, offers.requestId))
        .where(eq(offers.requestId, requestId))
        .orderBy(offers.createdAt, offers.id);
    },

    async find(id: string): Promise<OfferRow | undefined> {
      const [row] = await db.select(shown).from(offers).innerJoin(buyerRequests, eq(buyerRequests.id, offers.requestId)).where(eq(offers.id, id)).limit(1);
      return row;
    },

    /** The offers on a user's requests, both ways (their data export), oldest first. */
    async ofUser(userId: string): Promise<(OfferRow & { buyerId: string; name: string })[]> {
      return db
        .select({ ...shown, buyerId: buyerRequests.buyerId, name: buyerRequests.name })
        .from(offers)
        .innerJoin(buyerRequests, eq(buyerRequests.id, offers.requestId))
        .where(or(eq(buyerRequests.buyerId, userId), eq(buyerRequests.sellerId, userId)))
        .orderBy(offers.createdAt, offers.id);
    },
  };
}
export type OffersRepository = ReturnType<typeof createOffersRepository>;
