import { isSeller } from '@olden/contracts/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { cardHeart, Heart } from '@/app/components/heart';
import { useProfile } from '@/features/reviews/api/get-profile';
import { pageTitle, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { BlockButton } from '@/features/blocks/components/block-button';
import { productQueryOptions, useProduct } from '@/features/products/api/get-product';
import { listingUnavailableReason } from '@/features/products/components/listing-status-badge';
import { PhotosFallback, ProductDetailsView } from '@/features/products/components/product-details-view';
import { SimilarListings } from '@/features/products/components/similar-listings';
import { rememberViewed } from '@/features/products/lib/recently-viewed';
import { ReportButton } from '@/features/reports/components/report-button';
import { queryClient } from '@/lib/query-client';
import { useHeldPress } from '@/lib/use-held-press';

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
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Buy Now and Make an offer open the same request dialog, the offer with its amount field.
  const [dialog, setDialog] = useState<'buy' | 'offer' | null>(null);
  // The seller's response time (their public profile); the page shows without it while it loads.
  const profile = useProfile(product.sellerId);
  const isOwn = isSeller(user, product);
  // The home page's "Recently viewed" (kept on this device).
  useEffect(() => rememberViewed(product), [product]);
  // Buy Now is off, with the reason said next to it, on one's own listing and on a reserved or sold one.
  const unavailableReason = isOwn ? 'This is your listing.' : listingUnavailableReason(product.status);
  // docs/product.md#reports-and-moderation: only its seller and admins ever see a hidden or removed listing.
  const moderationNotice =
    product.status === 'hidden'
      ? 'This listing is hidden from other members while moderators review reports about it. It comes back if they find nothing wrong.'
      : product.status === 'removed'
        ? 'A moderator removed this listing. Only you and the moderators can still see it.'
        : null;
  // Once sign-in has settled: the seller's Block asks GET /blocks, whose 401 before the token would sign the user out.
  const canReport = Boolean(user) && !loading && !isOwn && !moderationNotice;

  // A press of the painted Buy Now before sign-in has settled waits for it, rather than sending a signed-in person
  // to the login page.
  const openDialog = (kind: 'buy' | 'offer') => {
    if (unavailableReason) return;
    if (!user) {
      // Visitors sign in first and come straight back here.
      void navigate(paths.login.getHref(), { state: { from: location } });
      return;
    }
    setDialog(kind);
  };
  const handleBuy = useHeldPress(!loading, () => openDialog('buy'));
  const handleOffer = useHeldPress(!loading, () => openDialog('offer'));

  return (
    <>
      <title>{pageTitle(product.name)}</title>
      <ProductDetailsView
        product={product}
        unavailableReason={unavailableReason}
        onBuy={handleBuy}
        onOffer={handleOffer}
        heart={<Heart product={product} size="md" />}
        responseTime={profile.data?.responseTime ?? undefined}
        notice={moderationNotice}
        sellerActions={
          user &&
          !loading &&
          !isOwn && (
            <>
              {canReport && <ReportButton targetType="user" sellerOf={product._id} label={`the seller ${product.uploaderName}`} />}
              {product.sellerId && <BlockButton userId={product.sellerId} name={product.uploaderName} className="btn btn-xs btn-ghost text-neutral-content underline" />}
            </>
          )
        }
        listingActions={
          canReport && (
            <p className="mt-4 text-sm">
              Something wrong with this listing? <ReportButton targetType="listing" targetId={product._id} label="this listing" variant="button" />
            </p>
          )
        }
        photos={
          <Suspense fallback={<PhotosFallback />}>
            <ImageSlider images={[product.image2, product.image3, product.image4]} name={product.name} />
          </Suspense>
        }
      >
        <SimilarListings productId={product._id} cardAction={cardHeart} />
        {user && (
          <Suspense fallback={null}>
            <BuyNowDialog product={product} user={user} isOpen={dialog !== null} withOffer={dialog === 'offer'} onClose={() => setDialog(null)} />
          </Suspense>
        )}
      </ProductDetailsView>
    </>
  );
}
