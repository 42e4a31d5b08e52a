import type { ListingWireStatus } from '@olden/contracts/constants';

/** Why a listing cannot be bought now, or null when it can (status available). */
export function listingUnavailableReason(status: ListingWireStatus): string | null {
  if (status === 'reserved') return "Reserved: someone's purchase is in progress.";
  if (status === 'sold') return 'Sold: this item has found a new home.';
  if (status === 'hidden') return 'Hidden while moderators review reports about it.';
  if (status === 'removed') return 'Removed by a moderator.';
  return null;
}

const BADGES: Record<Exclude<ListingWireStatus, 'available'>, { label: string; className: string }> = {
  reserved: { label: 'Reserved', className: 'badge-warning' },
  sold: { label: 'Sold', className: 'badge-neutral' },
  hidden: { label: 'Hidden', className: 'badge-error' },
  removed: { label: 'Removed', className: 'badge-error' },
};

/** docs/product.md#listing-status-on-the-pages: 'Reserved' or 'Sold' on a card and the product page; nothing for an available listing. */
export function ListingStatusBadge({ status }: { status: ListingWireStatus }) {
  if (status === 'available') return null;
  const badge = BADGES[status];
  return <span className={`badge w-fit ${badge.className}`}>{badge.label}</span>;
}
