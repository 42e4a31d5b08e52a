import { isOpenRequest } from '@olden/contracts/constants';
import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BuyerProduct } from '@olden/contracts';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { Thumb } from '@/components/thumbnail';
import { useAuth } from '@/features/auth/components/auth-context';
import { buyerRequestKeys } from '@/features/buyer-requests/api/buyer-request-keys';
import { ReviewPanel } from '@/features/reviews/components/review-panel';
import { useDeleteBuyerRequest } from '@/features/buyer-requests/api/delete-buyer-request';
import { useSellerRequestHistory, useSellerRequests } from '@/features/buyer-requests/api/list-seller-requests';
import { useUpdateBuyerRequest } from '@/features/buyer-requests/api/update-buyer-request';
import { ListViewSwitch } from '@/features/buyer-requests/components/list-view-switch';
import { RequestStatusBadge } from '@/features/buyer-requests/components/request-status-badge';
import { ThreadLink } from '@/features/buyer-requests/components/thread-link';
import { TradePrice } from '@/features/buyer-requests/components/trade-price';
import { useListView } from '@/features/buyer-requests/hooks/use-list-view';
import { decideRequest } from '@/features/buyer-requests/lib/decide-request';
import { confirmRemoval } from '@/lib/confirm-removal';
import { formatDateTime } from '@/lib/format';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      {/* Full-strength text at 12 px: the lighter shade fell below WCAG AA contrast (e2e/a11y.spec.ts checks it). */}
      <dt className="text-xs font-medium uppercase tracking-wide text-base-content">{label}</dt>
      <dd className="text-sm wrap-anywhere">{children}</dd>
    </div>
  );
}

function RequestRow({ item, headingRef }: { item: BuyerProduct; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const remove = useDeleteBuyerRequest();
  const update = useUpdateBuyerRequest();
  const isBusy = remove.isPending || update.isPending;
  const isOpen = isOpenRequest(item.status);

  const handleHandover = () =>
    confirmRemoval({
      confirm: ['Are you sure?', 'This person made his paid?', 'Yes, handover it!'],
      remove: () => remove.mutateAsync(item._id),
      success: ['Product has been handovered'],
      failureTitle: 'Could not hand it over',
      focusAfter: headingRef,
    });

  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" aria-busy={isBusy}>
      <div className="flex items-center gap-3">
        <Thumb src={item.image1} alt="" size={56} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{item.name}</p>
          <p className="text-sm tabular-nums text-base-content/80">
            <TradePrice price={item.price} agreedPrice={item.agreedPrice} />
          </p>
        </div>
        <RequestStatusBadge status={item.status} />
      </div>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Detail label="Buyer name">{item.buyerName}</Detail>
        <Detail label="Email">
          <a className="link" href={`mailto:${item.buyerEmail}`}>
            {item.buyerEmail}
          </a>
        </Detail>
        <Detail label="Phone">
          <a className="link" href={`tel:${item.phoneNumber}`}>
            {item.phoneNumber}
          </a>
        </Detail>
        <Detail label="Address">{item.buyerAddress}</Detail>
        {!isOpen && <Detail label={item.status}>{formatDateTime(item.updatedAt)}</Detail>}
      </dl>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <ThreadLink id={item._id} unread={item.unreadMessages} name={item.name} />
        {item.status === 'Completed' && <HistoryReview item={item} />}
        {item.status === 'Pending' && (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-success"
            onClick={() => void decideRequest(item, 'Accepted', update.mutateAsync)}
            disabled={isBusy}
            aria-label={`Accept ${item.buyerName}'s request for ${item.name}`}
          >
            Accept
          </button>
        )}
        {isOpen && (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            onClick={() => void decideRequest(item, 'Declined', update.mutateAsync)}
            disabled={isBusy}
            aria-label={`Decline ${item.buyerName}'s request for ${item.name}`}
          >
            Decline
          </button>
        )}
        {isOpen && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void handleHandover()}
            disabled={isBusy}
            aria-label={`handover ${item.name} to ${item.buyerName}`}
          >
            {remove.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            handover
          </button>
        )}
      </div>
    </li>
  );
}

function OpenRequests({ headingRef }: { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { user } = useAuth();
  const requests = useSellerRequests(user?.email);
  const items = requests.data?.items ?? [];
  if (requests.isPending) return <ListSkeleton label="Loading buyer requests" />;
  if (requests.isError) return <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />;
  if (items.length === 0) {
    return (
      <EmptyState title="No buyer requests yet">
        <p>When someone presses Buy Now on one of your listings, the request shows up here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 2xl:grid-cols-2" aria-label="Buyer requests">
        {items.map((item) => (
          <RequestRow key={item._id} item={item} headingRef={headingRef} />
        ))}
      </ul>
      {requests.data?.nextCursor && (
        <p className="mt-4 text-sm text-base-content/80">Showing the first {items.length} requests; hand some over to see the rest.</p>
      )}
    </>
  );
}

function RequestHistory({ headingRef }: { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { user } = useAuth();
  const history = useSellerRequestHistory(user?.email);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  if (history.isPending) return <ListSkeleton label="Loading past requests" />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (items.length === 0) {
    return (
      <EmptyState title="No past requests yet">
        <p>Requests you declined or handed over, and those their buyers cancelled, are kept here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 2xl:grid-cols-2" aria-label="Past buyer requests">
        {items.map((item) => (
          <RequestRow key={item._id} item={item} headingRef={headingRef} />
        ))}
      </ul>
      <LoadMore query={history} />
    </>
  );
}

export function BuyerRequest() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [view, setView] = useListView();
  return (
    <section>
      <PageHeader
        headingRef={headingRef}
        title="Buyer Request"
        description="People who want your items. Accept one to reserve the item for them, and hand over once the buyer has paid."
      >
        <ListViewSwitch view={view} onChange={setView} label="Show buyer requests" />
      </PageHeader>
      {view === 'open' ? <OpenRequests headingRef={headingRef} /> : <RequestHistory headingRef={headingRef} />}
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
      otherName={item.buyerName}
      onSaved={() => queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all })}
    />
  );
}
