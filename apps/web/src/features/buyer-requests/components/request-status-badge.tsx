import type { BuyerRequestStatus } from '@olden/contracts/constants';

// daisyUI's solid badges pair each colour with its own -content text colour, so every one reads at WCAG AA.
const BADGE_CLASS: Record<BuyerRequestStatus, string> = {
  Pending: 'badge-warning',
  Accepted: 'badge-info',
  Declined: 'badge-error',
  Cancelled: 'badge-neutral',
  Completed: 'badge-success',
};

/** A buy request's status, as the server names it (the spec's 'Pending' and the lifecycle's others). */
export function RequestStatusBadge({ status, size = 'md' }: { status: BuyerRequestStatus; size?: 'sm' | 'md' }) {
  return <span className={`badge ${size === 'sm' ? 'badge-sm' : ''} ${BADGE_CLASS[status] ?? 'badge-neutral'}`}>{status}</span>;
}
