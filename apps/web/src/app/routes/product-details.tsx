import { categoryLabel, isSeller } from '@olden/contracts/constants';
import { lazy, Suspense, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { SellerStars } from '@/components/seller-stars';
import { useProfile } from '@/features/reviews/api/get-profile';
import { MailIcon, PhoneIcon, PinIcon, UserIcon } from '@/components/icons';
import { SmartImage } from '@/components/smart-image';
import { pageTitle, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { productQueryOptions, useProduct } from '@/features/products/api/get-product';
import { formatAge, formatDate, formatPrice } from '@/lib/format';
import { ListingStatusBadge, listingUnavailableReason } from '@/features/products/components/listing-status-badge';
import { queryClient } from '@/lib/query-client';

const ImageSlider = lazy(() => import('@/features/products/components/image-slider'));
// The dialog's form (react-hook-form, zod) is not needed for the first paint: it loads once someone may buy.
const BuyNowDialog = lazy(() =>
  import('@/features/buyer-requests/components/buy-now-dialog').then((m) => ({ default: m.BuyNowDialog })),
);

/** docs/product.md#product-details: the single product is loaded before display (a 404 shows the not-found page). */
export async function loader({ params }: LoaderFunctionArgs) {
  return queryClient.ensureQueryData(productQueryOptions(params.id ?? ''));
}

export function Component() {
  const initial = useLoaderData<typeof loader>();
  const { data: product = initial } = useProduct(initial._id);
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [isBuyOpen, setBuyOpen] = useState(false);
  // The seller's response time (their public profile); the page shows without it while it loads.
  const profile = useProfile(product.sellerId);
  const isOwn = isSeller(user, product);
  // Buy Now is off, with the reason said next to it, on one's own listing and on a reserved or sold one.
  const unavailableReason = isOwn ? 'This is your listing.' : listingUnavailableReason(product.status);

  const handleBuy = () => {
    if (!user) {
      // Visitors sign in first and come straight back here.
      void navigate(paths.login.getHref(), { state: { from: location } });
      return;
    }
    setBuyOpen(true);
  };

  const facts = [
    ['Age', formatAge(product.age)],
    ['Category', categoryLabel(product.category)],
    ['Posted', formatDate(product.date)],
    ['Price', formatPrice(product.price)],
  ] as const;

  return (
    <article className="pb-16">
      <title>{pageTitle(product.name)}</title>
      <section aria-label="Seller" className="bg-neutral text-neutral-content">
        <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:grid-cols-2 lg:grid-cols-4">
          <p className="flex items-center gap-2"><UserIcon className="size-5 shrink-0" /><span><span className="block text-xs opacity-70">Uploaded by</span><Link to={paths.sellerProfile.getHref(product.sellerId)} className="link">{product.uploaderName}</Link> <SellerStars average={product.sellerRating.average} count={product.sellerRating.count} />{profile.data?.responseTime && <span className="block text-xs opacity-80">Responds {profile.data.responseTime}</span>}</span></p>
          <p className="flex items-center gap-2"><MailIcon className="size-5 shrink-0" /><span className="min-w-0"><span className="block text-xs opacity-70">Contact email</span><a className="link break-all" href={`mailto:${product.email}`}>{product.email}</a></span></p>
          <p className="flex items-center gap-2"><PhoneIcon className="size-5 shrink-0" /><span><span className="block text-xs opacity-70">Contact number</span><a className="link" href={`tel:${product.uploaderPhone}`}>{product.uploaderPhone}</a></span></p>
          <p className="flex items-center gap-2"><PinIcon className="size-5 shrink-0" /><span><span className="block text-xs opacity-70">Location</span>{product.uploaderLocation}</span></p>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-10 lg:grid-cols-2">
        <div>
          <SmartImage src={product.image1} width={1280} height={960} loading="eager" fetchPriority="high" sizes="(min-width: 1024px) 50vw, 100vw" alt={product.name} className="aspect-[4/3] w-full rounded-box bg-base-200 object-cover" />
        </div>
        <div>
          <p className="badge badge-ghost">{categoryLabel(product.category)}</p>
          <h1 className="mt-3 font-serif text-3xl font-bold sm:text-4xl">{product.name}</h1>
          <p className="mt-3 text-3xl font-semibold text-primary">{formatPrice(product.price)}</p>
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
            <button type="button" className="btn btn-primary btn-lg" onClick={handleBuy} disabled={Boolean(unavailableReason)} aria-describedby={unavailableReason ? 'buy-now-reason' : undefined}>
              Buy Now
            </button>
            {unavailableReason && <p id="buy-now-reason" className="text-sm text-base-content/80">{unavailableReason}</p>}
          </div>
        </div>
      </div>
      <section aria-labelledby="photos-title" className="mx-auto mt-14 max-w-7xl px-4">
        <h2 id="photos-title" className="mb-4 text-xl font-semibold">More photos</h2>
        <Suspense fallback={<div className="skeleton aspect-[4/1] w-full" aria-hidden="true" />}>
          <ImageSlider images={[product.image2, product.image3, product.image4]} name={product.name} />
        </Suspense>
      </section>
      {user && (
        <Suspense fallback={null}>
          <BuyNowDialog product={product} user={user} isOpen={isBuyOpen} onClose={() => setBuyOpen(false)} />
        </Suspense>
      )}
    </article>
  );
}
