// docs/product.md#reviews-and-profiles: a member's public page: the profile, their listings for sale (the timeline's
// cards and paging) and their reviews as a seller and as a buyer, with their answers. The server writes its head
// (apps/server/src/modules/pages/seller-page.ts) and answers a real 404 for an unknown or banned member.
import type { ReviewRole } from '@olden/contracts/constants';
import { useState } from 'react';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { cardHeart } from '@/app/components/heart';
import { pageTitle } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { usePublicSellerProducts } from '@/features/products/api/list-public-seller-products';
import { EmptyState, ProductGrid } from '@/features/products/components/product-grid';
import { ReportButton } from '@/features/reports/components/report-button';
import { profileQueryOptions, useProfile } from '@/features/reviews/api/get-profile';
import { ProfileHeader } from '@/features/reviews/components/profile-header';
import { SellerProfileLayout } from '@/features/reviews/components/seller-profile-layout';
import { ReviewList } from '@/features/reviews/components/review-list';
import { isApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export async function loader({ params }: LoaderFunctionArgs) {
  try {
    return await queryClient.ensureQueryData(profileQueryOptions(params.id ?? ''));
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

const TABS: { role: ReviewRole; label: string }[] = [
  { role: 'seller', label: 'As a seller' },
  { role: 'buyer', label: 'As a buyer' },
];

export function Component() {
  const initial = useLoaderData<typeof loader>();
  const { data: profile = initial } = useProfile(initial._id);
  const { user, loading } = useAuth();
  const listings = usePublicSellerProducts(profile._id);
  const [role, setRole] = useState<ReviewRole>('seller');
  const isOwn = user?._id === profile._id;
  return (
    <>
      <title>{pageTitle(profile.name)}</title>
      <SellerProfileLayout
        header={<ProfileHeader profile={profile} />}
        reviews={
          <section aria-labelledby="reviews-title" className="mt-12">
            <h2 id="reviews-title" className="mb-4 text-xl font-semibold">
              Reviews
            </h2>
            <div role="group" aria-label="Reviews shown" className="join mb-4">
              {TABS.map((tab) => (
                <button
                  key={tab.role}
                  type="button"
                  aria-pressed={role === tab.role}
                  className={`btn btn-sm join-item ${role === tab.role ? 'btn-primary' : 'btn-outline'}`}
                  onClick={() => setRole(tab.role)}
                >
                  {tab.label} ({tab.role === 'seller' ? profile.asSeller.ratingCount : profile.asBuyer.ratingCount})
                </button>
              ))}
            </div>
            <div>
              <ReviewList
                key={role}
                userId={profile._id}
                role={role}
                isOwnProfile={isOwn}
                // Once sign-in has settled, a member may report any published review but their own.
                renderActions={(review) =>
                  user && !loading && review.author._id !== user._id ? (
                    <ReportButton targetType="review" targetId={review._id} label={`the review by ${review.author.name}`} />
                  ) : null
                }
              />
            </div>
          </section>
        }
      >
        <ProductGrid
          query={listings}
          cardAction={cardHeart}
          empty={<EmptyState title="Nothing for sale right now">{profile.name} has no listings for sale.</EmptyState>}
        />
      </SellerProfileLayout>
    </>
  );
}
