// Query keys of buy requests (glossary: a buy request is a cart item to its buyer, `BuyerProduct` on the wire).
import type { RequestListView } from '@olden/contracts/constants';

/**
 * Every key starts with `all`, so one invalidation refreshes the cart, the seller's requests, the threads and the
 * badges' summary; `lists` alone refreshes the lists (their unread counts) without refetching an open thread.
 */
export const buyerRequestKeys = {
  all: ['buyerRequests'] as const,
  lists: () => ['buyerRequests', 'list'] as const,
  /** Requests made to this seller (`email` is the seller's), open ones or the history. */
  seller: (email: string, view: RequestListView = 'open') => ['buyerRequests', 'list', 'seller', email, view] as const,
  /** This buyer's cart (`buyerEmail`), open items or the history. */
  cart: (email: string, view: RequestListView = 'open') => ['buyerRequests', 'list', 'cart', email, view] as const,
  detail: (id: string) => ['buyerRequests', 'detail', id] as const,
  messages: (id: string) => ['buyerRequests', 'messages', id] as const,
  /** A request's offers and counter-offers (docs/product.md#offers). */
  offers: (id: string) => ['buyerRequests', 'offers', id] as const,
  /** GET /me/summary: the navbar's and dashboard menu's counts. */
  summary: () => ['buyerRequests', 'summary'] as const,
};
