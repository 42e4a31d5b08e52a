import type { Favourite } from '@olden/contracts';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { Thumb } from '@/components/thumbnail';
import { paths } from '@/config/paths';
import { useFavourites } from '@/features/favourites/api/list-favourites';
import { useToggleFavourite } from '@/features/favourites/api/toggle-favourite';
import { ListingStatusBadge } from '@/features/products/components/listing-status-badge';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { showToast } from '@/lib/popups';

function FavouriteRow({ item }: { item: Favourite }) {
  const toggle = useToggleFavourite();
  const remove = () =>
    toggle.mutate({ productId: item.productId, favourited: false }, { onError: (error) => void showToast(errorMessage(error), 'error') });
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm sm:flex-nowrap" aria-busy={toggle.isPending}>
      {item.product ? <Thumb src={item.product.image1} alt="" size={72} /> : <div className="size-[72px] shrink-0 rounded-field bg-base-300" aria-hidden="true" />}
      <div className="min-w-0 flex-1 basis-40">
        {item.product ? (
          <Link className="link font-semibold" to={paths.productDetails.getHref(item.productId)}>
            {item.name}
          </Link>
        ) : (
          <p className="font-semibold">{item.name}</p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-base-content/80">
          {item.status ? <ListingStatusBadge status={item.status} /> : <span className="badge badge-neutral badge-sm">Deleted</span>}
          {item.status === 'available' && <span>Still for sale</span>}
          {item.deleted && <span>The seller removed this listing</span>}
        </p>
      </div>
      <p className="w-24 text-right font-semibold tabular-nums">{formatPrice(item.price)}</p>
      <button type="button" className="btn btn-sm btn-outline btn-error" onClick={remove} disabled={toggle.isPending} aria-label={`Remove ${item.name} from favourites`}>
        Remove
      </button>
    </li>
  );
}

/** docs/product.md#favourites-and-saved-searches: the caller's saved listings, with what happened to each. */
export function Favourites() {
  const query = useFavourites();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section>
      <PageHeader title="Favourites" description="Listings you saved, newest first. You hear of a price drop or a sale." />
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No favourites yet">Tap the heart on a listing to keep it here.</EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <FavouriteRow key={item.productId} item={item} />
            ))}
          </ul>
          <LoadMore query={query} />
        </>
      )}
    </section>
  );
}
