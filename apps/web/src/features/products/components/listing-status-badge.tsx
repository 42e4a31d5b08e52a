import type { ListingStatus } from '@olden/contracts/constants';

/** Why a listing cannot be bought now, or null when it can (status available). */
export function listingUnavailableReason(status: ListingStatus): string | null {
  if (status === 'reserved') return "Reserved: someone's purchase is in progress.";
  if (status === 'sold') return 'Sold: this item has found a new home.';
  return null;
}

/** docs/product.md#listing-status-on-the-pages: 'Reserved' or 'Sold' on a card and the product page; nothing for an available listing. */
export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  if (status === 'available') return null;
  return <span className={`badge w-fit ${status === 'sold' ? 'badge-neutral' : 'badge-warning'}`}>{status === 'sold' ? 'Sold' : 'Reserved'}</span>;
}
