// A seller's rating as stars and count, or "New seller" before the first review (docs/product.md#reviews-and-profiles).
// Shared: listing cards, the product page and the profile all show it.
import { ratingLabel } from '@olden/contracts/constants';
import { StarIcon } from './icons';

export function SellerStars({ average, count, className = '' }: { average: number | null; count: number; className?: string }) {
  if (count === 0 || average === null) return <span className={`badge badge-ghost badge-sm ${className}`}>New seller</span>;
  const full = Math.round(average);
  return (
    <span className={`inline-flex items-center gap-1 text-sm ${className}`}>
      <span role="img" aria-label={ratingLabel(average, count)} className="inline-flex text-warning">
        {[1, 2, 3, 4, 5].map((n) => (
          <StarIcon key={n} aria-hidden="true" className={`size-4 ${n <= full ? '' : 'opacity-25'}`} />
        ))}
      </span>
      <span aria-hidden="true" className="tabular-nums">
        {average.toFixed(1)} ({count})
      </span>
    </span>
  );
}
