import { OFFER_STATUS_LABELS, type OfferStatus } from '@olden/contracts/constants';

// Solid daisyUI badges (each colour with its own -content text colour, WCAG AA); the word says the status, not the colour.
const BADGE_CLASS: Record<OfferStatus, string> = {
  open: 'badge-warning',
  accepted: 'badge-success',
  declined: 'badge-error',
  countered: 'badge-info',
  expired: 'badge-neutral',
  closed: 'badge-neutral',
};

/** An offer's status in the thread's words (OFFER_STATUS_LABELS). */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return <span className={`badge badge-sm shrink-0 ${BADGE_CLASS[status] ?? 'badge-neutral'}`}>{OFFER_STATUS_LABELS[status] ?? status}</span>;
}
