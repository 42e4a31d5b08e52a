import { useRef } from 'react';
import type { BuyerProduct } from '@olden/contracts';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { PageHeader } from '@/components/page-header';
import { Thumb } from '@/components/thumbnail';
import { useAuth } from '@/features/auth/components/auth-context';
import { useDeleteBuyerRequest } from '@/features/buyer-requests/api/delete-buyer-request';
import { useSellerRequests } from '@/features/buyer-requests/api/list-seller-requests';
import { confirmRemoval } from '@/lib/confirm-removal';
import { formatPrice } from '@/lib/format';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-base-content/60">{label}</dt>
      <dd className="text-sm wrap-anywhere">{children}</dd>
    </div>
  );
}

export function BuyerRequest() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { user } = useAuth();
  const requests = useSellerRequests(user?.email);
  const remove = useDeleteBuyerRequest();
  const items = requests.data?.items ?? [];

  const handleHandover = (item: BuyerProduct) =>
    confirmRemoval({
      confirm: ['Are you sure?', 'This person made his paid?', 'Yes, handover it!'],
      remove: () => remove.mutateAsync(item._id),
      success: ['Product has been handovered'],
      failureTitle: 'Could not hand it over',
      focusAfter: headingRef,
    });

  return (
    <section>
      <PageHeader headingRef={headingRef} title="Buyer Request" description="People who want your items. Hand over once the buyer has paid." />
      {requests.isPending ? (
        <ListSkeleton label="Loading buyer requests" />
      ) : requests.isError ? (
        <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No buyer requests yet">
          <p>When someone presses Buy Now on one of your listings, the request shows up here.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 2xl:grid-cols-2" aria-label="Buyer requests">
            {items.map((item) => {
              const isBusy = remove.isPending && remove.variables === item._id;
              return (
                <li key={item._id} className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" aria-busy={isBusy}>
                  <div className="flex items-center gap-3">
                    <Thumb src={item.image1} alt="" size={56} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold">{item.name}</p>
                      <p className="text-sm tabular-nums text-base-content/70">{formatPrice(item.price)}</p>
                    </div>
                    <span className="badge badge-warning">{item.status}</span>
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
                  </dl>
                  <button
                    type="button"
                    className="btn btn-primary btn-sm self-end"
                    onClick={() => void handleHandover(item)}
                    disabled={isBusy}
                    aria-label={`handover ${item.name} to ${item.buyerName}`}
                  >
                    {isBusy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                    handover
                  </button>
                </li>
              );
            })}
          </ul>
          {requests.data?.nextCursor && (
            <p className="mt-4 text-sm text-base-content/70">Showing the first {items.length} requests; hand some over to see the rest.</p>
          )}
        </>
      )}
    </section>
  );
}
