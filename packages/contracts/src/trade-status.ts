// The trade loop (docs/product.md#trade-lifecycle): request and listing statuses, their rules and limits (zod-free, for
// the web's first load).

/** A buy request's life: Pending -> Accepted | Declined (seller); Pending | Accepted -> Cancelled (buyer); Accepted -> Completed (handover). */
export const BUYER_REQUEST_STATUSES = ['Pending', 'Accepted', 'Declined', 'Cancelled', 'Completed'] as const;
export type BuyerRequestStatus = (typeof BUYER_REQUEST_STATUSES)[number];
/** Requests still in play: in the cart and in the seller's requests, counted by the summary. */
export const OPEN_REQUEST_STATUSES = ['Pending', 'Accepted'] as const satisfies readonly BuyerRequestStatus[];
/** Kept for history, never deleted; their thread is read-only. */
export const CLOSED_REQUEST_STATUSES = ['Declined', 'Cancelled', 'Completed'] as const satisfies readonly BuyerRequestStatus[];
export const isOpenRequest = (status: string): boolean => (OPEN_REQUEST_STATUSES as readonly string[]).includes(status);

/** What a seller (or an admin) may set with PATCH /api/buyerProduct/:id. */
export const SELLER_DECISIONS = ['Accepted', 'Declined'] as const satisfies readonly BuyerRequestStatus[];
export type SellerDecision = (typeof SELLER_DECISIONS)[number];

/** The lists' switch: `?status=open` (the default, as the spec's lists) or `?status=closed` (history). */
export const REQUEST_LIST_VIEWS = ['open', 'closed'] as const;
export type RequestListView = (typeof REQUEST_LIST_VIEWS)[number];

/** A listing: available -> reserved (a request accepted) -> sold (handed over); back to available when the accepted request closes otherwise. */
export const LISTING_STATUSES = ['available', 'reserved', 'sold'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Messages in a request's thread. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages one user may post per hour (RATE_LIMIT_FACTOR scales it). */
export const MESSAGE_BUDGET = { max: 120, windowMs: 60 * 60 * 1000 } as const;
/** At most one notification mail per thread and recipient in this window. */
export const MESSAGE_MAIL_THROTTLE_MS = 15 * 60 * 1000;
/** Server-Sent Events: a comment line this often keeps proxies from closing an idle stream. */
export const EVENTS_HEARTBEAT_MS = 25_000;
/** The names of the events GET /api/events sends. */
export const EVENT_NAMES = ['summary', 'message', 'request', 'favourite', 'savedSearch', 'report', 'review', 'offer'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** How many users one user may block (docs/product.md#blocking). */
export const BLOCKS_MAX = 1000;
