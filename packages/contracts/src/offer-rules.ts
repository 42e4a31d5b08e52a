// Offers on a buy request (docs/product.md#offers), zod-free for the web's first load.

/**
 * open: waiting for the other party; accepted (the request is Accepted at its amount); declined; countered (answered by
 * a counter-offer, which is the new open one); expired (OFFER_TTL_HOURS passed unanswered); closed (its request was
 * cancelled, declined or accepted at the listed price while it was open).
 */
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'countered', 'expired', 'closed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Who made an offer: the buyer, or the seller's counter. */
export const OFFER_PARTIES = ['buyer', 'seller'] as const;
export type OfferParty = (typeof OFFER_PARTIES)[number];
/** How the party who did not make the open offer answers it. */
export const OFFER_ACTIONS = ['accept', 'decline', 'counter'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** Offers (counters included) a buyer may make on one request. */
export const OFFERS_PER_REQUEST = 5;
/** Offers and counters one user may make a day (RATE_LIMIT_FACTOR scales it). */
export const OFFER_BUDGET = { max: 20, windowMs: 24 * 60 * 60 * 1000 } as const;
/** OFFER_TTL_HOURS' default: an offer stays open two days. */
export const OFFER_TTL_HOURS_DEFAULT = 48;
/** A listing without an offerFloor takes offers from this share of its price. */
export const OFFER_FLOOR_DEFAULT_SHARE = 0.5;

/** The lowest offer a listing takes, in cents: its floor, or half its price (never above the price). */
export function offerFloorCents(priceCents: number, floorCents: number | null): number {
  return Math.min(priceCents, floorCents ?? Math.ceil(priceCents * OFFER_FLOOR_DEFAULT_SHARE));
}

/** What a request costs: the agreed price once an offer was accepted, else the listed price. */
export const tradePrice = (r: { price: number; agreedPrice?: number | null }): number => r.agreedPrice ?? r.price;

/** The status words the thread's offer cards show. */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  countered: 'Countered',
  expired: 'Expired',
  closed: 'Closed',
};
