// How an offer reads on its card and in the live announcements: who made it, what kind it is, how long it stays open.
import type { Offer } from '@olden/contracts';
import { formatPrice } from '@/lib/format';

export type Party = 'buyer' | 'seller';

/** The two parties' names, as the request carries them. */
export interface PartyNames {
  buyer: string;
  seller: string;
}

/**
 * A seller's offer always answers one; a buyer's answers the seller's when the one before it was countered (their
 * first is a plain offer). `offers` oldest first.
 */
export function isCounterOffer(offer: Offer, offers: readonly Offer[]): boolean {
  if (offer.by === 'seller') return true;
  const index = offers.findIndex((o) => o._id === offer._id);
  const before = index > 0 ? offers[index - 1] : undefined;
  return before?.by === 'seller' && before.status === 'countered';
}

/** "Your offer", "Bob's counter-offer": `viewer` null for an admin reading, who sees both names. */
export function offerTitle(offer: Offer, isCounter: boolean, viewer: Party | null, names: PartyNames): string {
  const kind = isCounter ? 'counter-offer' : 'offer';
  return offer.by === viewer ? `Your ${kind}` : `${names[offer.by]}'s ${kind}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An open offer's time left, as its card says it: "expires in 47 h", "expires in 12 min", "expires now". */
export function formatTimeLeft(expiresAt: string, now: number): string {
  const left = new Date(expiresAt).getTime() - now;
  if (Number.isNaN(left)) return '';
  if (left < MINUTE) return 'expires now';
  if (left < HOUR) return `expires in ${Math.floor(left / MINUTE)} min`;
  return `expires in ${Math.floor(left / HOUR)} h`;
}

/** True once an open offer's time is up (the server's job marks it expired a little later). */
export const hasRunOut = (offer: Offer, now: number) => new Date(offer.expiresAt).getTime() <= now;

/**
 * What the live region reads when an offer arrives or changes while the thread is open, or null when the viewer
 * caused it themselves (their own offer, their own answer: their success popup says so).
 */
export function offerAnnouncement(offer: Offer, isCounter: boolean, viewer: Party | null, names: PartyNames): string | null {
  if (!viewer) return null;
  const amount = formatPrice(offer.amount);
  const isMine = offer.by === viewer;
  const other = names[viewer === 'buyer' ? 'seller' : 'buyer'];
  switch (offer.status) {
    case 'open':
      return isMine ? null : `New ${isCounter ? 'counter-offer' : 'offer'} from ${other}: ${amount}`;
    case 'accepted':
      return isMine ? `${other} accepted your offer of ${amount}` : null;
    case 'declined':
      return isMine ? `${other} declined your offer of ${amount}` : null;
    case 'countered':
      // The counter itself arrives as a new open offer and is read out on its own.
      return null;
    case 'expired':
      return `${isMine ? 'Your' : `${other}'s`} offer of ${amount} expired`;
    case 'closed':
      return null;
  }
}
