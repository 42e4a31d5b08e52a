// Offers and counter-offers on a buy request (docs/product.md#offers): the buyer of a Pending request proposes a price
// below the listing's, the other party accepts (the request is Accepted at that price), declines or counters; an open
// offer expires after OFFER_TTL_HOURS by a job. The request's row and lifecycle are the buyer-requests module's: this one
// locks a request through lockRequestIn and accepts through its acceptOffer, on the same transaction.
import {
  type AnswerOfferBody,
  isAdminUser,
  MESSAGE_MAIL_THROTTLE_MS,
  type Offer,
  OFFER_BUDGET,
  offerFloorCents,
  type OfferParty,
  OFFERS_PER_REQUEST,
} from '@olden/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, notFound, notYours } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { BlocksService } from '../blocks/service.ts';
import { type BuyerRequestRow, lockRequestIn } from '../buyer-requests/repository.ts';
import { type BuyerRequestsService, type ReviewedRequest, roleIn } from '../buyer-requests/service.ts';
import type { ThreadMarks } from '../buyer-requests/thread-marks.ts';
import type { BusEvent } from '../events/bus.ts';
import { threadUrl } from '../notifications/mails.ts';
import type { ProductRow } from '../products/rows.ts';
import type { UsersService } from '../users/service.ts';
import { type OfferNews, offerMail } from './mails.ts';
import { createOffersRepository, type OfferRow, offerWrites, type OfferWrites } from './repository.ts';

export const OFFER_JOBS = { expire: 'offers.expire' } as const;
/** Accept and decline answers one user may give per hour (RATE_LIMIT_FACTOR scales it), as the request decisions. */
export const OFFER_ANSWER_BUDGET = { max: 300, windowMs: 60 * 60 * 1000 };

export function toOffer(row: OfferRow): Offer {
  return {
    _id: row.id,
    requestId: row.requestId,
    amount: row.amountCents / 100,
    by: row.by,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  };
}

const offerClosed = (status: string) =>
  new AppError('OFFER_CLOSED', status === 'open' ? 'This offer is no longer open' : `This offer is no longer open: it was ${status}`);
const requestNotPending = (status: string) =>
  new AppError('REQUEST_CLOSED', status === 'Accepted' ? 'This request is already accepted: its price is agreed' : `This request is closed: it was ${status.toLowerCase()}`);
const tooLow = (message = 'This offer is too low for the seller') => new AppError('OFFER_TOO_LOW', message);
const tooHigh = (message: string) => new AppError('OFFER_TOO_HIGH', message);

/** A listing's side of an offer: its price, its floor and whether it takes offers. */
type Listing = Pick<ProductRow, 'priceCents' | 'offerFloorCents' | 'acceptOffers'>;

/** A buyer's amount: below the listing's price, at least its floor (the floor is never told), under `cap` when countering. */
function assertBuyerAmount(cents: number, listing: Listing, cap?: number): void {
  if (!listing.acceptOffers) throw new AppError('OFFERS_OFF', 'The seller does not take offers on this listing');
  if (cents >= listing.priceCents) throw tooHigh('An offer must be below the price: at the price, the request itself is enough');
  if (cap !== undefined && cents >= cap) throw tooHigh('A counter-offer must be below the offer it answers: accept that one instead');
  if (cents < offerFloorCents(listing.priceCents, listing.offerFloorCents)) throw tooLow();
}

/** A seller's counter: above the buyer's offer (else accept it) and below the price. */
function assertSellerAmount(cents: number, listing: Listing, offerCents: number): void {
  if (cents <= offerCents) throw tooLow('A counter-offer must be above the offer it answers: accept that one instead');
  if (cents >= listing.priceCents) throw tooHigh('A counter-offer must be below the price');
}

export function createOffersService(
  ctx: AppContext,
  deps: {
    requests: Pick<BuyerRequestsService, 'get' | 'acceptOffer'>;
    listings: { findForPurchase(id: string): Promise<Listing | undefined> };
    blocks: Pick<BlocksService, 'assertNotBlocked'>;
    publish: (userIds: string[], event: BusEvent) => Promise<void>;
    mailer: Mailer;
    users: Pick<UsersService, 'findById'>;
    marks: Pick<ThreadMarks, 'claimMail'>;
  },
) {
  const repo = createOffersRepository(ctx.db);
  const ttlSeconds = () => ctx.config.OFFER_TTL_HOURS * 3600;

  /** A new open offer and its expiry job, on the transaction that locked its request. */
  async function open(writes: OfferWrites, tx: Db, requestId: string, by: OfferParty, amountCents: number): Promise<OfferRow> {
    const row = await writes.insert({ id: newId(), requestId, by, amountCents }, ttlSeconds());
    await ctx.jobs.send(OFFER_JOBS.expire, { offerId: row.id }, { tx, startAfter: row.expiresAt });
    return row;
  }

  /**
   * After the commit: an `offer` event to both parties for each changed offer, and a mail (within the thread's mail
   * throttle, MESSAGE_MAIL_THROTTLE_MS) to the other party of a new offer or counter, to both of an answer or an expiry.
   */
  function tell(request: BuyerRequestRow, changed: OfferRow[], news: OfferNews, actorParty: OfferParty | null): void {
    const parties = [request.buyerId, request.sellerId];
    for (const row of changed) {
      deps.publish(parties, { name: 'offer', data: { requestId: request.id, offer: toOffer(row) } }).catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'offer event not published'),
      );
    }
    const subject = changed[changed.length - 1]!;
    const recipients: OfferParty[] = news === 'made' || news === 'countered' ? [actorParty === 'buyer' ? 'seller' : 'buyer'] : ['buyer', 'seller'];
    for (const party of recipients) {
      const userId = party === 'buyer' ? request.buyerId : request.sellerId;
      const otherName = party === 'buyer' ? request.uploaderName : request.buyerName;
      deps.mailer.inBackground('offer mail', async () => {
        const user = await deps.users.findById(userId);
        if (!user || !user.notifyByEmail) return;
        if (!(await deps.marks.claimMail(request.id, party, MESSAGE_MAIL_THROTTLE_MS))) return;
        await deps.mailer.send(
          offerMail(
            // The name only to a proven address (docs/product.md#server-rules-mail).
            { email: user.email, name: user.emailVerified ? user.name : '' },
            { news, listing: request.name, amountCents: subject.amountCents, by: subject.by, otherName, recipientMade: subject.by === party },
            threadUrl(ctx.config.publicUrl, request.id),
            ctx.config.priceFormat,
          ),
        );
      });
    }
  }

  /** The request the caller is a party of (404 to anyone else, admins aside), and their part in it. */
  async function requestFor(caller: AuthUser, requestId: string) {
    const request = await deps.requests.get(caller, requestId);
    return { request, role: roleIn(caller, request) };
  }

  async function listingOf(request: BuyerRequestRow): Promise<Listing> {
    const listing = await deps.listings.findForPurchase(request.productId);
    if (!listing) throw notFound('Product');
    return listing;
  }

  /** The offer's expiry (its job; idempotent): expired and told, or closed quietly when its request closed first. */
  async function expire(offerId: string): Promise<void> {
    const found = await repo.find(offerId);
    if (!found) return;
    const outcome = await repo.transaction(async (writes, tx) => {
      const request = await lockRequestIn(tx, found.requestId);
      const offer = await writes.lock(offerId);
      if (!request || !offer || offer.status !== 'open') return undefined;
      if (request.status !== 'Pending') {
        await writes.settle(offerId, 'closed');
        return undefined;
      }
      // Not due by the database's clock (a job run early): try again at its time.
      if (!offer.due) {
        await ctx.jobs.send(OFFER_JOBS.expire, { offerId }, { tx, startAfter: offer.expiresAt });
        return undefined;
      }
      const expired = await writes.settle(offerId, 'expired');
      return expired && { request, expired };
    });
    if (outcome) tell(outcome.request, [outcome.expired], 'expired', null);
  }

  ctx.jobs.define<{ offerId: string }>(OFFER_JOBS.expire, async ({ offerId }) => {
    await expire(offerId);
  });

  return {
    expire,

    /** A request's offers, oldest first: its buyer, its seller or an admin (anyone else 404). */
    async list(caller: AuthUser, requestId: string): Promise<Offer[]> {
      const { request } = await requestFor(caller, requestId);
      return (await repo.list(request.id)).map(toOffer);
    },

    /**
     * The buyer of a Pending request offers `amount` (docs/product.md#offers): below the price, at least the floor, at
     * most one open offer per request, OFFERS_PER_REQUEST per request and OFFER_BUDGET a day.
     */
    async make(caller: AuthUser, requestId: string, amount: number): Promise<Offer> {
      const { request, role } = await requestFor(caller, requestId);
      if (role !== 'buyer') throw notYours('Only the buyer makes an offer; the seller answers one with a counter-offer');
      if (request.status !== 'Pending') throw requestNotPending(request.status);
      const cents = Math.round(amount * 100);
      const before = await repo.transaction(async (writes) => writes.countByBuyer(request.id));
      if (before >= OFFERS_PER_REQUEST) throw offerLimit();
      // Before the amount's check: a refused amount counts too, so the floor cannot be found by trying amounts.
      await enforceBudget(ctx, 'offer', caller.id, OFFER_BUDGET.max, OFFER_BUDGET.windowMs);
      assertBuyerAmount(cents, await listingOf(request));
      await deps.blocks.assertNotBlocked(request.buyerId, request.sellerId);
      const { row, stale } = await repo.transaction(async (writes, tx) => {
        const current = await lockRequestIn(tx, request.id);
        if (!current || current.status !== 'Pending') throw requestNotPending(current?.status ?? 'Cancelled');
        const openOne = await writes.lockOpen(request.id);
        let expired: OfferRow | undefined;
        if (openOne && !openOne.due) throw new AppError('OFFER_OPEN', 'An offer is open on this request: wait for its answer, or answer it');
        // An open offer past its time that its job has not reached yet: expired now, as the job would.
        if (openOne) expired = await writes.settle(openOne.id, 'expired');
        if ((await writes.countByBuyer(request.id)) >= OFFERS_PER_REQUEST) throw offerLimit();
        return { row: await open(writes, tx, request.id, 'buyer', cents), stale: expired };
      });
      if (stale) tell(request, [stale], 'expired', null);
      tell(request, [row], 'made', 'buyer');
      return toOffer(row);
    },

    /**
     * The other party's answer to the open offer: accept (the request is accepted at its amount, with every rule of an
     * accept), decline, or counter (a new open offer by the answering party; the answered one is `countered`).
     */
    async answer(
      caller: AuthUser,
      requestId: string,
      offerId: string,
      body: z.output<typeof AnswerOfferBody>,
    ): Promise<{ offer: Offer; counter: Offer | null; request: ReviewedRequest }> {
      const { request, role } = await requestFor(caller, requestId);
      const found = isId(offerId) ? await repo.find(offerId) : undefined;
      if (!found || found.requestId !== request.id) throw notFound('Offer');
      if (role !== 'buyer' && role !== 'seller') {
        throw notYours(isAdminUser(caller) ? 'Only the buyer and the seller answer offers' : 'You are not allowed to do this');
      }
      if (found.by === role) throw notYours('You made this offer: the other party answers it');
      if (found.status !== 'open') throw offerClosed(found.status);
      const settled = (offer: Awaited<ReturnType<OfferWrites['lock']>>, current: BuyerRequestRow | undefined) => {
        if (!offer || !current) throw notFound('Offer');
        if (offer.status !== 'open') throw offerClosed(offer.status);
        if (current.status !== 'Pending') throw offerClosed('closed');
        if (offer.due) throw offerClosed('expired');
      };

      if (body.action === 'accept') {
        await enforceBudget(ctx, 'offer-answer', caller.id, OFFER_ANSWER_BUDGET.max, OFFER_ANSWER_BUDGET.windowMs);
        let accepted: OfferRow | undefined;
        const after = await deps.requests.acceptOffer(caller, request.id, found.amountCents, async (tx, current) => {
          const writes = offerWrites(tx);
          settled(await writes.lock(offerId), current);
          accepted = await writes.settle(offerId, 'accepted');
        });
        tell(after, [accepted!], 'accepted', role);
        return { offer: toOffer(accepted!), counter: null, request: after };
      }

      if (body.action === 'decline') {
        await enforceBudget(ctx, 'offer-answer', caller.id, OFFER_ANSWER_BUDGET.max, OFFER_ANSWER_BUDGET.windowMs);
        const declined = await repo.transaction(async (writes, tx) => {
          const current = await lockRequestIn(tx, request.id);
          settled(await writes.lock(offerId), current);
          return (await writes.settle(offerId, 'declined'))!;
        });
        tell(request, [declined], 'declined', role);
        return { offer: toOffer(declined), counter: null, request: await deps.requests.get(caller, request.id) };
      }

      const cents = Math.round(body.amount! * 100);
      const listing = await listingOf(request);
      // Before the amount's check, as for a new offer: refused amounts count.
      await enforceBudget(ctx, 'offer', caller.id, OFFER_BUDGET.max, OFFER_BUDGET.windowMs);
      if (role === 'seller') assertSellerAmount(cents, listing, found.amountCents);
      else assertBuyerAmount(cents, listing, found.amountCents);
      const { countered, counter } = await repo.transaction(async (writes, tx) => {
        const current = await lockRequestIn(tx, request.id);
        settled(await writes.lock(offerId), current);
        if (role === 'buyer' && (await writes.countByBuyer(request.id)) >= OFFERS_PER_REQUEST) throw offerLimit();
        const was = (await writes.settle(offerId, 'countered'))!;
        return { countered: was, counter: await open(writes, tx, request.id, role, cents) };
      });
      tell(request, [countered, counter], 'countered', role);
      return { offer: toOffer(countered), counter: toOffer(counter), request: await deps.requests.get(caller, request.id) };
    },

    /** The offers on the user's requests, both ways (their export); an account's deletion keeps them with the requests. */
    accountPart(): AccountPart {
      return {
        module: 'offers',
        tables: ['offers'],
        order: 25,
        exportFor: async (userId) => ({
          offers: (await repo.ofUser(userId)).map((row) => ({
            ...toOffer(row),
            listing: row.name,
            mine: (row.by === 'buyer') === (row.buyerId === userId),
          })),
        }),
      };
    },
  };
}
export type OffersService = ReturnType<typeof createOffersService>;

const offerLimit = () => new AppError('OFFER_LIMIT', `You made ${OFFERS_PER_REQUEST} offers on this request already: ask at the price, or write to the seller`);
