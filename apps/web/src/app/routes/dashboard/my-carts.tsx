import { isOpenRequest } from '@olden/contracts/constants';
import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BuyerProduct } from '@olden/contracts';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { Thumb } from '@/components/thumbnail';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { buyerRequestKeys } from '@/features/buyer-requests/api/buyer-request-keys';
import { ReviewPanel } from '@/features/reviews/components/review-panel';
import { useDeleteBuyerRequest } from '@/features/buyer-requests/api/delete-buyer-request';
import { useCart, useCartHistory } from '@/features/buyer-requests/api/list-cart';
import { CartSummary } from '@/features/buyer-requests/components/cart-summary';
import { ListViewSwitch } from '@/features/buyer-requests/components/list-view-switch';
import { RequestStatusBadge } from '@/features/buyer-requests/components/request-status-badge';
import { ThreadLink } from '@/features/buyer-requests/components/thread-link';
import { TradePrice } from '@/features/buyer-requests/components/trade-price';
import { useListView } from '@/features/buyer-requests/hooks/use-list-view';
import { confirmRemoval } from '@/lib/confirm-removal';
import { formatDateTime } from '@/lib/format';

const STATUS_NOTE: Partial<Record<BuyerProduct['status'], string>> = {
  Pending: 'Waiting for the seller',
  Accepted: 'The seller is holding it for you',
};

function CartRow({ item, headingRef }: { item: BuyerProduct; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const remove = useDeleteBuyerRequest();
  const isBusy = remove.isPending;
  const isOpen = isOpenRequest(item.status);

  // docs/product.md#dashboard-my-cart: cancel and 'Done' are the same delete (the buyer cancelling), each after a confirmation.
  const handleRemove = () =>
    confirmRemoval({
      confirm: ['Are you sure?', "You won't be able to revert this!", 'Yes, delete it!'],
      remove: () => remove.mutateAsync(item._id),
      success: ['Deleted!', 'Your Cart has been deleted from cart.'],
      failureTitle: 'Could not remove it',
      focusAfter: headingRef,
    });

  return (
    <li className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm sm:flex-nowrap" aria-busy={isBusy}>
      <Thumb src={item.image1} alt="" size={72} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-semibold">{item.name}</p>
        <p className="text-sm text-base-content/80">Seller: {item.uploaderName}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-base-content/80">
          <RequestStatusBadge status={item.status} size="sm" />
          {isOpen ? STATUS_NOTE[item.status] : formatDateTime(item.updatedAt)}
        </p>
      </div>
      <p className="w-28 text-right font-semibold tabular-nums">
        <TradePrice price={item.price} agreedPrice={item.agreedPrice} layout="stacked" />
      </p>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-nowrap">
        <ThreadLink id={item._id} unread={item.unreadMessages} name={item.name} />
        {item.status === 'Completed' && <HistoryReview item={item} />}
        {isOpen && (
          <>
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error flex-1 sm:flex-none"
              onClick={() => void handleRemove()}
              disabled={isBusy}
              aria-label={`Cancel ${item.name}`}
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-sm btn-success flex-1 sm:flex-none"
              onClick={() => void handleRemove()}
              disabled={isBusy}
              aria-label={`Done with ${item.name}`}
            >
              Done
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function OpenCart({ headingRef }: { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { user } = useAuth();
  const cart = useCart(user?.email);
  const items = cart.data?.items ?? [];
  if (cart.isPending) return <ListSkeleton label="Loading your cart" />;
  if (cart.isError) return <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />;
  if (items.length === 0) {
    return (
      <EmptyState title="Your cart is empty">
        <p>Find something you like on the Timeline and press Buy Now.</p>
        <Link to={paths.timeline.getHref()} className="btn btn-primary btn-sm mt-4">
          Browse the Timeline
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" aria-label="Cart items">
        {items.map((item) => (
          <CartRow key={item._id} item={item} headingRef={headingRef} />
        ))}
      </ul>
      <CartSummary items={items} />
    </div>
  );
}

function CartHistory({ headingRef }: { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { user } = useAuth();
  const history = useCartHistory(user?.email);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  if (history.isPending) return <ListSkeleton label="Loading your past requests" />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (items.length === 0) {
    return (
      <EmptyState title="Nothing here yet">
        <p>Items you bought, cancelled or that their seller declined are kept here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Past cart items">
        {items.map((item) => (
          <CartRow key={item._id} item={item} headingRef={headingRef} />
        ))}
      </ul>
      <LoadMore query={history} />
    </>
  );
}

export function MyCarts() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [view, setView] = useListView();
  return (
    <section>
      <PageHeader headingRef={headingRef} title="My Cart" description="Items you asked to buy. The seller contacts you to arrange payment and handover.">
        <ListViewSwitch view={view} onChange={setView} label="Show cart items" />
      </PageHeader>
      {view === 'open' ? <OpenCart headingRef={headingRef} /> : <CartHistory headingRef={headingRef} />}
    </section>
  );
}

/** A completed trade in the history: "Leave a review" until its window closes (docs/product.md#reviews-and-profiles). */
function HistoryReview({ item }: { item: BuyerProduct }) {
  const queryClient = useQueryClient();
  return (
    <ReviewPanel
      compact
      requestId={item._id}
      myReview={item.myReview}
      reviewClosesAt={item.reviewClosesAt}
      otherName={item.uploaderName}
      onSaved={() => queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all })}
    />
  );
}
