import {
  BUYER_REQUEST_STATUS,
  type BuyerProduct,
  type CategoryKey,
  canBuy,
  type CreateBuyerRequestBody,
  isAdminUser,
  isOpenRequest,
  OPEN_REQUEST_STATUSES,
  type RequestListView,
  type SellerDecision,
  sameEmail,
} from '@olden/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type AccountPart, DELETED_USER_NAME, deletedEmail } from '../../lib/account-lifecycle.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { AppError, badRequest, notFound, notYours } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { absoluteImageUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';
import { CREATED_AT_CURSOR, type CursorSpec, isCursorDate, isCursorId, isTuple, keysetPage, type Page, type PageRequest } from '../../lib/pagination.ts';
import { PG_UNIQUE_VIOLATION, pgCode } from '../../lib/pg-errors.ts';
import { type AuthUser, assertSelfOrAdmin } from '../../lib/auth-user.ts';
import type { BlocksService, OnBlocked } from '../blocks/service.ts';
import type { Actor, Notifier } from '../notifications/service.ts';
import type { NewAccountLimits } from '../users/new-account-limits.ts';
import type { OnListingDeleted, ProductRow, ProductsService } from '../products/service.ts';
import type { ListingTrade } from '../products/trade.ts';
import {
  type BuyerRequestRow,
  type BuyerRequestsLifecycle,
  type ChangedRequest,
  cancelPendingRequestsBetween,
  createBuyerRequestsRepository,
  anonymiseRequestParty,
  declineOpenRequestsOnListing,
  lifecycleIn,
  openRequestsOfBuyer,
  requestsOfUser,
  setPartyEmailIn,
  type ListedBuyerRequest,
  type NewBuyerRequestRow,
} from './repository.ts';

/** Buy requests one user may send per hour (RATE_LIMIT_FACTOR scales it). */
export const BUY_REQUEST_BUDGET = { max: 60, windowMs: 60 * 60 * 1000 };
/**
 * Accept / decline calls one user may make per hour (RATE_LIMIT_FACTOR scales it): far above what a busy
 * seller clicks, low enough that a script cannot turn one account into a flood of locked transactions.
 */
export const DECISION_BUDGET = { max: 300, windowMs: 60 * 60 * 1000 };
const alreadyRequested = () => new AppError('ALREADY_REQUESTED', 'You already asked for this product; it is in your cart');
const listingUnavailable = (message = 'This product is reserved or sold') => new AppError('LISTING_UNAVAILABLE', message);
/** A decision the request's status does not allow (docs/product.md#trade-lifecycle). */
function requestClosed(status: BuyerRequestRow['status']): AppError {
  return new AppError(
    'REQUEST_CLOSED',
    status === 'Accepted' ? 'This request is already accepted' : `This request is closed: it was ${status.toLowerCase()}`,
  );
}

/** History lists: newest change first, keyset on (updated_at, id); tagged so an open list's cursor is refused. */
const UPDATED_AT_CURSOR: CursorSpec<{ updatedAt: Date; id: string }, ['c', string, string]> = {
  keyOf: (row) => ['c', row.updatedAt.toISOString(), row.id],
  isKey: (values): values is ['c', string, string] =>
    isTuple(values, ['string', 'string', 'string']) && values[0] === 'c' && isCursorDate(values[1]) && isCursorId(values[2]),
};

/** The caller's part in a request: a party first (an admin who is the buyer cancels), then admin; null for anyone else. */
export function roleIn(caller: AuthUser, row: BuyerRequestRow): Actor | null {
  if (caller.id === row.buyerId || sameEmail(caller.email, row.buyerEmail)) return 'buyer';
  if (caller.id === row.sellerId || sameEmail(caller.email, row.sellerEmail)) return 'seller';
  return isAdminUser(caller) ? 'admin' : null;
}

type CreateInput = z.output<typeof CreateBuyerRequestBody>;

/** A trade's review as one party sees it (the reviews module's, through `deps.reviews`). */
export interface ReviewView {
  myReview: BuyerProduct['myReview'];
  reviewClosesAt: string | null;
}
export type ReviewedRequest = ListedBuyerRequest & Partial<ReviewView>;

/** A buy request as the API answers it, the listing's photo named where it is served (lib/image-urls.ts). */
export function toBuyerProduct(row: BuyerRequestRow & { unreadMessages?: number } & Partial<ReviewView>, urls: ImageUrlConfig): BuyerProduct {
  return {
    _id: row.id,
    productId: row.productId,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    phoneNumber: row.phoneNumber,
    buyerAddress: row.buyerAddress,
    status: row.status,
    image1: absoluteImageUrl(row.image1, urls),
    name: row.name,
    age: row.age,
    date: row.date,
    category: row.category as CategoryKey,
    price: row.priceCents / 100,
    agreedPrice: row.agreedPriceCents === null ? null : row.agreedPriceCents / 100,
    uploaderName: row.uploaderName,
    uploaderPhone: row.uploaderPhone,
    uploaderLocation: row.uploaderLocation,
    email: row.sellerEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unreadMessages: row.unreadMessages ?? 0,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    ...(row.reviewClosesAt !== undefined ? { myReview: row.myReview ?? null, reviewClosesAt: row.reviewClosesAt } : {}),
  };
}

/**
 * A new, pending buy request: the buyer's side from the buyer, the listing's side copied from the stored
 * listing (the API and the demo seed both build their rows here).
 */
export function buyRequestRow(input: {
  product: ProductRow;
  buyer: { id: string; name: string; email: string };
  phoneNumber: string;
  buyerAddress: string;
}): NewBuyerRequestRow {
  const { product, buyer } = input;
  return {
    id: newId(),
    productId: product.id,
    buyerId: buyer.id,
    sellerId: product.sellerId,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    phoneNumber: input.phoneNumber,
    buyerAddress: input.buyerAddress,
    status: BUYER_REQUEST_STATUS,
    image1: product.image1,
    name: product.name,
    age: product.age,
    date: product.date,
    category: product.category,
    priceCents: product.priceCents,
    uploaderName: product.uploaderName,
    uploaderPhone: product.uploaderPhone,
    uploaderLocation: product.uploaderLocation,
    sellerEmail: product.sellerEmail,
  };
}

/**
 * For the products service: a deleted listing's open requests are declined in the delete's transaction and kept
 * for history; once it committed, each buyer is told (actor 'system').
 */
export function declineOnDeletedListing(notify: Notifier): OnListingDeleted {
  return async (tx, productId) => {
    const declined = await declineOpenRequestsOnListing(tx, productId);
    return () => {
      for (const change of declined) notify.requestChanged(change.row, change.previous, 'system');
    };
  };
}

/**
 * For the blocks module: a new block cancels the pending requests between the two users in the block's transaction
 * (accepted trades stay); once it committed, both parties' lists and badges are refreshed (actor 'system'; no mail).
 */
export function cancelOnBlock(notify: Notifier): OnBlocked {
  return async (tx, blockerId, blockedId) => {
    const cancelled = await cancelPendingRequestsBetween(tx, blockerId, blockedId);
    return () => {
      for (const change of cancelled) notify.requestChanged(change.row, change.previous, 'system');
    };
  };
}

/** What the reviews module does for this one: open a trade's review window in its handover, and show a party their review. */
export interface TradeReviews {
  onCompleted(tx: Db, request: BuyerRequestRow): Promise<void>;
  mineFor(caller: AuthUser, requests: BuyerRequestRow[]): Promise<Map<string, ReviewView>>;
}

export function createBuyerRequestsService(
  ctx: AppContext,
  deps: {
    products: ProductsService;
    notify: Notifier;
    blocks: Pick<BlocksService, 'assertNotBlockedIn'>;
    newAccount: NewAccountLimits;
    reviews?: TradeReviews;
  },
) {
  const repo = createBuyerRequestsRepository(ctx.db);

  /** Told after the commit, never before: a rolled-back change tells nobody. */
  function notifyAll(changes: ChangedRequest[], actor: Actor): void {
    for (const { row, previous } of changes) deps.notify.requestChanged(row, previous, actor);
  }

  /** One transaction over the requests and, through the products service, their listing. */
  function transaction<T>(work: (tx: BuyerRequestsLifecycle & ListingTrade & { handle: Db }) => Promise<T>): Promise<T> {
    return repo.transaction((requests, handle) => work({ ...requests, ...deps.products.tradeIn(handle), handle }));
  }

  /** Each Completed row with the caller's review of it (the others as they are). */
  async function withReviews(caller: AuthUser, rows: ListedBuyerRequest[]): Promise<ReviewedRequest[]> {
    if (!deps.reviews || !rows.some((r) => r.status === 'Completed')) return rows;
    const mine = await deps.reviews.mineFor(caller, rows);
    return rows.map((r) => ({ ...r, ...mine.get(r.id) }));
  }

  /**
   * The Accepted transition, inside a lifecycle transaction that holds the listing's and then the request's lock: a
   * Pending request only, the listing reserved (`WHERE status = 'available'`: of two accepts one gets 409
   * LISTING_UNAVAILABLE), at the agreed price of an offer when one is given. A seller's decision and an accepted
   * offer both go through it, so a rule of an accept holds for both.
   */
  async function acceptIn(
    tx: BuyerRequestsLifecycle & ListingTrade,
    current: BuyerRequestRow,
    bySeller: boolean,
    agreedPriceCents?: number,
  ): Promise<{ row: BuyerRequestRow; previous: BuyerRequestRow['status'] }[]> {
    if (current.status !== 'Pending') throw requestClosed(current.status);
    if (!(await tx.setListingStatus(current.productId, 'available', 'reserved'))) {
      throw listingUnavailable('This product is already reserved for another buyer, sold or removed');
    }
    const accepted = await tx.setStatus(current.id, ['Pending'], 'Accepted', bySeller, agreedPriceCents);
    if (!accepted) throw requestClosed(current.status);
    return [{ row: accepted, previous: current.status }];
  }

  /** Runs a lifecycle transaction; the one-accepted-per-listing index is the last guard against a concurrent accept. */
  async function inTransaction<T>(work: Parameters<typeof transaction<T>>[0]): Promise<T> {
    try {
      return await transaction(work);
    } catch (error) {
      if (pgCode(error) === PG_UNIQUE_VIOLATION) throw listingUnavailable();
      throw error;
    }
  }

  async function existing(id: string): Promise<BuyerRequestRow> {
    if (!isId(id)) throw notFound('Buy request');
    const row = await repo.findById(id);
    if (!row) throw notFound('Buy request');
    return row;
  }

  async function answer(id: string, caller: AuthUser): Promise<ListedBuyerRequest> {
    const row = await repo.findForCaller(id, caller.id);
    if (!row) throw notFound('Buy request');
    return row;
  }

  return {
    /**
     * Buyer fields come from the token and product fields from the stored listing, so neither the
     * price nor the seller can be forged; anything else in the body was stripped by the schema.
     * A reserved or sold listing cannot be asked for (docs/product.md#trade-lifecycle).
     */
    async create(caller: AuthUser, body: CreateInput): Promise<{ acknowledged: true; insertedId: string }> {
      const product = await deps.products.findForPurchase(body.productId);
      if (!product) throw notFound('Product');
      if (!canBuy(caller, { email: product.sellerEmail })) throw new AppError('OWN_LISTING', 'You cannot buy your own product');
      if (await repo.findOpen(caller.id, product.id)) throw alreadyRequested();
      if (product.status !== 'available') throw listingUnavailable();
      await enforceBudget(ctx, 'buy-request', caller.id, BUY_REQUEST_BUDGET.max, BUY_REQUEST_BUDGET.windowMs);
      await deps.newAccount.enforce(caller, 'requests');
      let row: BuyerRequestRow;
      try {
        const { phoneNumber, buyerAddress } = body;
        row = await transaction(async (tx) => {
          // First, before the listing's lock: a block between the two commits either before this (refused) or after
          // it (and cancels this request); blocks.lockPair says how.
          await deps.blocks.assertNotBlockedIn(tx.handle, caller.id, product.sellerId);
          // FOR SHARE: a handover or a delete of the listing waits for this insert, and then sees (declines) it.
          const status = await tx.listingStatusForShare(product.id);
          if (status === undefined) throw notFound('Product');
          if (status !== 'available') throw listingUnavailable();
          return tx.insert(buyRequestRow({ product, buyer: caller, phoneNumber, buyerAddress }));
        });
      } catch (error) {
        // Two concurrent requests both passed findOpen: the partial unique index decides.
        if (pgCode(error) === PG_UNIQUE_VIOLATION) throw alreadyRequested();
        throw error;
      }
      deps.notify.requestCreated(row);
      return { acknowledged: true, insertedId: row.id };
    },

    /** One request, for its buyer, its seller or an admin; anyone else 404 (its existence is not revealed). */
    async get(caller: AuthUser, id: string): Promise<ReviewedRequest> {
      if (!isId(id)) throw notFound('Buy request');
      const row = await repo.findForCaller(id, caller.id);
      if (!row || !roleIn(caller, row)) throw notFound('Buy request');
      const [reviewed] = await withReviews(caller, [row]);
      return reviewed!;
    },

    /**
     * The seller's (or an admin's) decision. Accepting reserves the listing (`WHERE status = 'available'`, so
     * of two concurrent accepts one loses with 409); declining an accepted request makes it available again.
     */
    async decide(caller: AuthUser, id: string, decision: SellerDecision): Promise<ListedBuyerRequest> {
      await enforceBudget(ctx, 'request-decision', caller.id, DECISION_BUDGET.max, DECISION_BUDGET.windowMs);
      const row = await existing(id);
      const actor = roleIn(caller, row);
      if (actor !== 'seller' && actor !== 'admin') throw notYours('Only the seller or an admin may accept or decline this request');
      const changes = await inTransaction(async (tx) => {
        await tx.lockListing(row.productId);
        const current = await tx.lock(id);
        if (!current) throw notFound('Buy request');
        if (decision === 'Accepted') return acceptIn(tx, current, true);
        if (!isOpenRequest(current.status)) throw requestClosed(current.status);
        const declined = await tx.setStatus(id, OPEN_REQUEST_STATUSES, 'Declined', true);
        if (!declined) throw requestClosed(current.status);
        if (current.status === 'Accepted') await tx.setListingStatus(current.productId, 'reserved', 'available');
        return [{ row: declined, previous: current.status }];
      });
      notifyAll(changes, actor);
      if (actor === 'admin') {
        logSecurityEvent(ctx.log, 'admin.request.decide', { userId: caller.id, ip: caller.ip, target: id, decision, sellerId: row.sellerId });
      }
      return answer(id, caller);
    },

    /**
     * Accepting an offer (the offers module, docs/product.md#offers): the request's Accepted transition with all its rules
     * (the listing reserved, one accepted request per listing, 409 LISTING_UNAVAILABLE) at the agreed price. `offerPart`
     * settles the offer on the same transaction, after the listing's and the request's locks, and throws to refuse (the
     * offer expired or was answered meanwhile): then nothing changes. The caller is a party; the offers module checked
     * that they may answer the offer.
     */
    async acceptOffer(
      caller: AuthUser,
      id: string,
      agreedPriceCents: number,
      offerPart: (tx: Db, current: BuyerRequestRow) => Promise<void>,
    ): Promise<ListedBuyerRequest> {
      const row = await existing(id);
      const actor = roleIn(caller, row);
      if (actor !== 'buyer' && actor !== 'seller') throw notYours('Only the buyer and the seller may accept an offer');
      const changes = await inTransaction(async (tx) => {
        await tx.lockListing(row.productId);
        const current = await tx.lock(id);
        if (!current) throw notFound('Buy request');
        await offerPart(tx.handle, current);
        return acceptIn(tx, current, actor === 'seller', agreedPriceCents);
      });
      notifyAll(changes, actor);
      return answer(id, caller);
    },

    /** The cart (?buyerEmail=) or the requests to a seller (?email=): that user or an admin; open (default) or closed. */
    async list(
      caller: AuthUser,
      query: PageRequest & { buyerEmail?: string; email?: string; status?: RequestListView },
    ): Promise<Page<ReviewedRequest>> {
      const view = query.status ?? 'open';
      let by: { buyerEmail: string } | { sellerEmail: string };
      if (query.buyerEmail !== undefined) {
        assertSelfOrAdmin(caller, query.buyerEmail);
        by = { buyerEmail: query.buyerEmail };
      } else if (query.email !== undefined) {
        assertSelfOrAdmin(caller, query.email);
        by = { sellerEmail: query.email };
      } else {
        throw badRequest('Pass exactly one of buyerEmail (your cart) or email (requests to you)');
      }
      if (view === 'closed') {
        const page = await keysetPage(UPDATED_AT_CURSOR, query).fetch((after, limit) =>
          repo.list(by, 'closed', caller.id, limit, after && [after[1], after[2]]),
        );
        return { ...page, rows: await withReviews(caller, page.rows) };
      }
      return keysetPage(CREATED_AT_CURSOR, query).fetch((after, limit) => repo.list(by, 'open', caller.id, limit, after));
    },

    /**
     * The spec's DELETE: its buyer cancels (the listing is available again if it was reserved for them); its
     * seller, or an admin, hands over: the request is Completed (a pending one accepted on the way, if the
     * listing is available), the listing sold, every other open request on it Declined. A closed request
     * is gone from the lists: 404, as deleting twice always answered.
     */
    async remove(caller: AuthUser, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const row = await existing(id);
      const actor = roleIn(caller, row);
      if (!actor) throw notYours('Only the buyer, the seller or an admin may remove this request');
      const changes = await inTransaction(async (tx) => {
        await tx.lockListing(row.productId);
        const current = await tx.lock(id);
        if (!current || !isOpenRequest(current.status)) throw notFound('Buy request');
        if (actor === 'buyer') {
          const cancelled = await tx.setStatus(id, OPEN_REQUEST_STATUSES, 'Cancelled');
          if (current.status === 'Accepted') await tx.setListingStatus(current.productId, 'reserved', 'available');
          return [{ row: cancelled!, previous: current.status }];
        }
        const from = current.status === 'Accepted' ? 'reserved' : 'available';
        if (!(await tx.setListingStatus(current.productId, from, 'sold'))) {
          throw listingUnavailable('This product is reserved for another buyer, sold or removed');
        }
        const completed = await tx.setStatus(id, OPEN_REQUEST_STATUSES, 'Completed', true);
        const others = await tx.declineOpenOnListing(current.productId, id);
        // The trade's review window opens with the handover, in its transaction (docs/product.md#reviews-and-profiles).
        await deps.reviews?.onCompleted(tx.handle, completed!);
        return [{ row: completed!, previous: current.status }, ...others];
      });
      notifyAll(changes, actor);
      if (actor === 'admin') {
        logSecurityEvent(ctx.log, 'admin.request.handover', { userId: caller.id, ip: caller.ip, target: id, sellerId: row.sellerId });
      }
      return { acknowledged: true, deletedCount: 1 };
    },

    /**
     * The requests' part of an account's deletion (after its listings', whose deletion declined the requests made to
     * them): the user's open requests are cancelled as the buyer cancels them (a reserved listing is available again,
     * its seller told after the commit); every request keeps its thread for the other party, naming the user
     * "Deleted user" with no email, phone or address. The export lists both ways, other users by name only.
     */
    /** An email change's part (accounts module's OnEmailChanged): the user's side of their requests. */
    emailChangedIn: (tx: Db, userId: string, email: string) => setPartyEmailIn(tx, userId, email),

    accountPart(): AccountPart {
      return {
        module: 'buyer-requests',
        tables: ['buyer_requests'],
        order: 20,
        onDelete: async (tx, userId) => {
          const trade = deps.products.tradeIn(tx);
          const changes: ChangedRequest[] = [];
          for (const open of await openRequestsOfBuyer(tx, userId)) {
            await trade.lockListing(open.productId);
            const requests = lifecycleIn(tx);
            const current = await requests.lock(open.id);
            if (!current || !isOpenRequest(current.status)) continue;
            const cancelled = await requests.setStatus(open.id, OPEN_REQUEST_STATUSES, 'Cancelled');
            if (current.status === 'Accepted') await trade.setListingStatus(current.productId, 'reserved', 'available');
            if (cancelled) changes.push({ row: cancelled, previous: current.status });
          }
          await anonymiseRequestParty(tx, userId, DELETED_USER_NAME, deletedEmail(userId));
          if (changes.length > 0) return () => notifyAll(changes, 'buyer');
        },
        exportFor: async (userId) => {
          const rows = await requestsOfUser(ctx.db, userId);
          const listing = (row: BuyerRequestRow) => ({
            productId: row.productId,
            name: row.name,
            category: row.category,
            price: row.priceCents / 100,
            agreedPrice: row.agreedPriceCents === null ? null : row.agreedPriceCents / 100,
            image1: row.image1,
          });
          const dates = (row: BuyerRequestRow) => ({ createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });
          return {
            buyRequestsMade: rows
              .filter((row) => row.buyerId === userId)
              .map((row) => ({ _id: row.id, status: row.status, ...listing(row), sellerName: row.uploaderName, phoneNumber: row.phoneNumber, buyerAddress: row.buyerAddress, ...dates(row) })),
            buyRequestsReceived: rows
              .filter((row) => row.sellerId === userId && row.buyerId !== userId)
              .map((row) => ({ _id: row.id, status: row.status, ...listing(row), buyerName: row.buyerName, ...dates(row) })),
          };
        },
      };
    },
  };
}
export type BuyerRequestsService = ReturnType<typeof createBuyerRequestsService>;
