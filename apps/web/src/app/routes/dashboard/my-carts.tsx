import { useRef } from 'react';
import type { BuyerProduct } from '@olden/contracts';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { PageHeader } from '@/components/page-header';
import { Thumb } from '@/components/thumbnail';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { useDeleteBuyerRequest } from '@/features/buyer-requests/api/delete-buyer-request';
import { useCart } from '@/features/buyer-requests/api/list-cart';
import { CartSummary } from '@/features/buyer-requests/components/cart-summary';
import { confirmRemoval } from '@/lib/confirm-removal';
import { formatPrice } from '@/lib/format';

export function MyCarts() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { user } = useAuth();
  const cart = useCart(user?.email);
  const remove = useDeleteBuyerRequest();
  const items = cart.data?.items ?? [];

  // docs/product.md#dashboard-my-cart: cancel and 'Done' are the same delete, each after a confirmation.
  const handleRemove = (item: BuyerProduct) =>
    confirmRemoval({
      confirm: ['Are you sure?', "You won't be able to revert this!", 'Yes, delete it!'],
      remove: () => remove.mutateAsync(item._id),
      success: ['Deleted!', 'Your Cart has been deleted from cart.'],
      failureTitle: 'Could not remove it',
      focusAfter: headingRef,
    });

  return (
    <section>
      <PageHeader headingRef={headingRef} title="My Cart" description="Items you asked to buy. The seller contacts you to arrange payment and handover." />
      {cart.isPending ? (
        <ListSkeleton label="Loading your cart" />
      ) : cart.isError ? (
        <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="Your cart is empty">
          <p>Find something you like on the Timeline and press Buy Now.</p>
          <Link to={paths.timeline.getHref()} className="btn btn-primary btn-sm mt-4">
            Browse the Timeline
          </Link>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col gap-3" aria-label="Cart items">
            {items.map((item) => {
              const isBusy = remove.isPending && remove.variables === item._id;
              return (
                <li
                  key={item._id}
                  className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm sm:flex-nowrap"
                  aria-busy={isBusy}
                >
                  <Thumb src={item.image1} alt="" size={72} />
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="font-semibold">{item.name}</p>
                    <p className="text-sm text-base-content/70">Seller: {item.uploaderName}</p>
                    <span className="badge badge-warning badge-sm mt-1">{item.status}</span>
                  </div>
                  <p className="w-24 text-right font-semibold tabular-nums">{formatPrice(item.price)}</p>
                  <div className="flex w-full gap-2 sm:w-auto">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error flex-1 sm:flex-none"
                      onClick={() => void handleRemove(item)}
                      disabled={isBusy}
                      aria-label={`Cancel ${item.name}`}
                    >
                      Cancel
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-success flex-1 sm:flex-none"
                      onClick={() => void handleRemove(item)}
                      disabled={isBusy}
                      aria-label={`Done with ${item.name}`}
                    >
                      Done
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <CartSummary items={items} />
        </div>
      )}
    </section>
  );
}
