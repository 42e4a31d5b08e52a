import type { Product } from '@olden/contracts';
import { categoryLabel } from '@olden/contracts/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MailIcon, PhoneIcon, PinIcon, UserIcon } from '@/components/icons';
import { SellerStars } from '@/components/seller-stars';
import { SmartImage } from '@/components/smart-image';
import { paths } from '@/config/paths';
import { formatAge, formatDate, formatPrice } from '@/lib/format';
import { ListingStatusBadge } from './listing-status-badge';

/** What shows while the photo slider's code loads (and what the server paints in its place). */
export function PhotosFallback() {
  return <div className="skeleton aspect-[4/1] w-full" aria-hidden="true" />;
}

interface Props {
  product: Product;
  /** Why Buy Now is off (said beside it), or null. */
  unavailableReason: string | null;
  onBuy: () => void;
  /** "Make an offer" beside Buy Now, on a listing that takes offers and can be bought now (docs/product.md#offers). */
  onOffer?: () => void;
  /** The photo slider (lazy in the route; its fallback on the server). */
  photos: ReactNode;
  /** Beside the price: the app's heart (the server paints it unpressed). */
  heart?: ReactNode;
  /** How fast the seller answers buy requests (their public profile; none while it loads, and on the server). */
  responseTime?: string;
  /** Beside the seller's name: Report and Block for a signed-in member (the route's; the server paints none). */
  sellerActions?: ReactNode;
  /** Under Buy Now: Report this listing (the route's). */
  listingActions?: ReactNode;
  /** Above the listing: its seller's notice that it is hidden or removed (docs/product.md#reports-and-moderation). */
  notice?: ReactNode;
  children?: ReactNode;
}

/**
 * The product page's body (docs/product.md#product-details): the seller bar, the first photo, the facts, the
 * descriptions, Buy Now and the other photos. The route renders it live; the server paints it with the same
 * component before the JavaScript (app/server-render.tsx), so changing it changes both.
 */
export function ProductDetailsView({ product, unavailableReason, onBuy, onOffer, photos, heart, responseTime, sellerActions, listingActions, notice, children }: Props) {
  const facts = [
    ['Age', formatAge(product.age)],
    ['Category', categoryLabel(product.category)],
    ['Posted', formatDate(product.date)],
    ['Price', formatPrice(product.price)],
  ] as const;

  return (
    <article className="pb-16">
      <section aria-label="Seller" className="bg-neutral text-neutral-content">
        <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex flex-wrap items-center gap-2">
            <UserIcon className="size-5 shrink-0" />
            <span>
              <span className="block text-xs opacity-70">Uploaded by</span>
              <Link to={paths.sellerProfile.getHref(product.sellerId)} className="link">{product.uploaderName}</Link>{' '}
              <SellerStars average={product.sellerRating.average} count={product.sellerRating.count} />
              {responseTime && <span className="block text-xs opacity-80">Responds {responseTime}</span>}
            </span>
            {sellerActions}
          </div>
          <p className="flex items-center gap-2"><MailIcon className="size-5 shrink-0" /><span className="min-w-0"><span className="block text-xs opacity-70">Contact email</span><a className="link break-all" href={`mailto:${product.email}`}>{product.email}</a></span></p>
          <p className="flex items-center gap-2"><PhoneIcon className="size-5 shrink-0" /><span><span className="block text-xs opacity-70">Contact number</span><a className="link" href={`tel:${product.uploaderPhone}`}>{product.uploaderPhone}</a></span></p>
          <p className="flex items-center gap-2"><PinIcon className="size-5 shrink-0" /><span><span className="block text-xs opacity-70">Location</span>{product.uploaderLocation}{product.place && !product.uploaderLocation.startsWith(product.place.name) && <span className="block text-sm opacity-80">{product.place.name}, {product.place.countryCode}</span>}</span></p>
        </div>
      </section>

      {notice && (
        <div role="status" className="alert alert-warning mx-auto mt-6 max-w-7xl">
          <span>{notice}</span>
        </div>
      )}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-10 lg:grid-cols-2">
        <div>
          <SmartImage src={product.image1} width={1280} height={960} loading="eager" fetchPriority="high" sizes="(min-width: 1024px) 50vw, 100vw" alt={product.name} className="aspect-[4/3] w-full rounded-box bg-base-200 object-cover" />
        </div>
        <div>
          <p className="badge badge-ghost">{categoryLabel(product.category)}</p>
          <h1 className="mt-3 font-serif text-3xl font-bold sm:text-4xl">{product.name}</h1>
          <p className="mt-3 flex items-center gap-3 text-3xl font-semibold text-primary">
            {formatPrice(product.price)}
            {heart}
            {product.favouriteCount > 0 && <span className="text-sm font-normal text-base-content/70">Saved by {product.favouriteCount}</span>}
          </p>
          <ListingStatusBadge status={product.status} />
          <dl className="mt-6 grid grid-cols-2 gap-4 rounded-box border border-base-300 p-4">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs uppercase tracking-wide text-base-content/70">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-6 font-medium">{product.shortDescription}</p>
          <h2 className="mt-6 text-lg font-semibold">Description</h2>
          <p className="mt-2 whitespace-pre-line text-base-content/80">{product.longDescription}</p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <button type="button" className="btn btn-primary btn-lg" onClick={onBuy} disabled={Boolean(unavailableReason)} aria-describedby={unavailableReason ? 'buy-now-reason' : undefined}>
              Buy Now
            </button>
            {/* Off where Buy Now is: a second disabled button would only repeat its reason. */}
            {onOffer && product.acceptOffers && !unavailableReason && (
              <button type="button" className="btn btn-outline btn-primary btn-lg" onClick={onOffer}>
                Make an offer
              </button>
            )}
            {unavailableReason && <p id="buy-now-reason" className="text-sm text-base-content/80">{unavailableReason}</p>}
          </div>
          {listingActions}
        </div>
      </div>
      <section aria-labelledby="photos-title" className="mx-auto mt-14 max-w-7xl px-4">
        <h2 id="photos-title" className="mb-4 text-xl font-semibold">More photos</h2>
        {photos}
      </section>
      {children}
    </article>
  );
}
