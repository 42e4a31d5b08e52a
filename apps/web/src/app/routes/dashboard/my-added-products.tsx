import { useRef, useState } from 'react';
import type { Product } from '@olden/contracts';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { useIsAdmin } from '@/features/auth/hooks/use-is-admin';
import { useDeleteProduct } from '@/features/products/api/delete-product';
import { useListingStats } from '@/features/products/api/get-product-stats';
import { useSellerProducts } from '@/features/products/api/list-seller-products';
import { ListingStats } from '@/features/products/components/listing-stats';
import { ProductList } from '@/features/products/components/product-list';
import { confirmRemoval } from '@/lib/confirm-removal';

/** The signed-in seller's own listings; for an admin this is "Admin Added Products". */
export function MyAddedProducts() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { user } = useAuth();
  const isAdmin = useIsAdmin();
  const query = useSellerProducts(user?.email);
  const remove = useDeleteProduct();
  const products = query.data?.pages.flatMap((p) => p.items) ?? [];
  const title = isAdmin ? 'Admin Added Products' : 'My Added Products';
  const reach = useListingStats(products.map((p) => p._id));
  const [openStats, setOpenStats] = useState<string | undefined>();

  /** Views and saves of a row, and its 30-day chart when opened (docs/product.md#reach). */
  const reachOf = (product: Product) => {
    const figures = reach.data?.get(product._id);
    const isOpen = openStats === product._id;
    const panelId = `stats-${product._id}`;
    return (
      <div className="w-full">
        <div className="flex flex-wrap items-center gap-4 text-sm text-base-content/75">
          <span>
            <span className="font-semibold tabular-nums text-base-content">{figures?.totalViews ?? '–'}</span> views
          </span>
          <span>
            <span className="font-semibold tabular-nums text-base-content">{figures?.favouriteCount ?? '–'}</span> saves
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={() => setOpenStats(isOpen ? undefined : product._id)}
          >
            {isOpen ? 'Hide stats' : 'Stats'}
            <span className="sr-only"> of {product.name}</span>
          </button>
        </div>
        {isOpen && (
          <div id={panelId} className="mt-3 rounded-box border border-base-300 p-3">
            <ListingStats productId={product._id} name={product.name} />
          </div>
        )}
      </div>
    );
  };

  const handleDelete = (product: Product) =>
    confirmRemoval({
      confirm: ['Are you sure?', "You won't be able to revert this!", 'Yes, delete it!'],
      remove: () => remove.mutateAsync(product._id),
      success: [`Your Added ${product.name}, ${product.category} has been deleted`],
      failureTitle: 'Could not delete',
      focusAfter: headingRef,
    });

  return (
    <section>
      <PageHeader headingRef={headingRef} title={title} description="Everything you have listed. Update a listing or take it down.">
        <Link to={paths.dashboard.addProduct.getHref()} className="btn btn-primary btn-sm">
          Add a product
        </Link>
      </PageHeader>
      {query.isPending ? (
        <ListSkeleton label="Loading your products" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : products.length === 0 ? (
        <EmptyState title="You have not listed anything yet">
          <p>Your listings appear here once you add them.</p>
          <Link to={paths.dashboard.addProduct.getHref()} className="btn btn-primary btn-sm mt-4">
            Add your first product
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-base-content/70">
            {products.length} {products.length === 1 ? 'listing' : 'listings'}
          </p>
          <ProductList
            products={products}
            from={paths.dashboard.myAddedProducts.getHref()}
            deletingId={remove.isPending ? remove.variables : undefined}
            onDelete={(p) => void handleDelete(p)}
            details={reachOf}
          />
          <LoadMore query={query} />
        </>
      )}
    </section>
  );
}
