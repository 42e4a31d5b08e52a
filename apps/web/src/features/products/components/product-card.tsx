import type { Product } from '@olden/contracts';
import { categoryLabel } from '@olden/contracts/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SellerStars } from '@/components/seller-stars';
import { SmartImage } from '@/components/smart-image';
import { ListingStatusBadge } from './listing-status-badge';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';

/** `action`: what the page puts beside the price (the app's heart), so the card needs no other feature. */
export function ProductCard({ product, isPriority = false, action }: { product: Product; isPriority?: boolean; action?: ReactNode }) {
  return (
    <article className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:shadow-lg">
      <figure className="aspect-[4/3] bg-base-200">
        <SmartImage
          src={product.image1}
          width={640}
          height={480}
          loading={isPriority ? 'eager' : 'lazy'}
          fetchPriority={isPriority ? 'high' : 'auto'}
          className="size-full object-cover"
          alt={product.name}
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <ListingStatusBadge status={product.status} />
        <div className="flex items-start justify-between gap-3">
          <h2 className="card-title text-lg leading-snug">{product.name}</h2>
          <span className="flex shrink-0 items-center gap-1 font-semibold text-primary">
            {formatPrice(product.price)}
            {action}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="badge badge-ghost badge-sm">{categoryLabel(product.category)}</p>
          {product.place && (
            <p className="text-sm text-base-content/75" data-testid="card-place">
              {product.place.name}
              {product.distanceKm !== undefined && ` · ${product.distanceKm} km`}
            </p>
          )}
        </div>
        <p className="line-clamp-3 text-sm text-base-content/75">{product.shortDescription}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Link to={paths.sellerProfile.getHref(product.sellerId)} className="link" aria-label={`Seller: ${product.uploaderName}`}>
            {product.uploaderName}
          </Link>
          <SellerStars average={product.sellerRating.average} count={product.sellerRating.count} />
        </p>
        <div className="card-actions mt-auto pt-2">
          <Link
            to={paths.productDetails.getHref(product._id)}
            className="btn btn-primary btn-sm"
            aria-label={`View Details of ${product.name}`}
          >
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
