import { useRef } from 'react';
import type { Product } from '@olden/contracts';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useDeleteProduct } from '@/features/products/api/delete-product';
import { useProducts } from '@/features/products/api/list-products';
import { ProductList } from '@/features/products/components/product-list';
import { confirmRemoval } from '@/lib/confirm-removal';

/** No filters: every listing, newest first (stable object so the query key stays the same). */
const ALL = {};

export function ManageAllProducts() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useProducts(ALL);
  const remove = useDeleteProduct();
  const products = query.data?.pages.flatMap((p) => p.items) ?? [];

  const handleDelete = (product: Product) =>
    confirmRemoval({
      confirm: ['Are you sure?', "You won't be able to revert this!", 'Yes, delete it!'],
      remove: () => remove.mutateAsync(product._id),
      success: [`${product.name}, ${product.category} has been deleted`],
      failureTitle: 'Could not delete',
      focusAfter: headingRef,
    });

  return (
    <section>
      <PageHeader headingRef={headingRef} title="Manage All Products" description="Every listing on Olden Goods, newest first. Update or remove any of them." />
      {query.isPending ? (
        <ListSkeleton rows={5} label="Loading all products" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : products.length === 0 ? (
        <EmptyState title="No listings yet">
          <p>Nobody has listed a product so far.</p>
          <Link to={paths.dashboard.addProduct.getHref()} className="btn btn-primary btn-sm mt-4">
            Add a product
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-base-content/70" aria-live="polite">
            Showing {products.length} {products.length === 1 ? 'listing' : 'listings'}
            {query.hasNextPage ? ', more below' : ''}
          </p>
          <ProductList
            products={products}
            from={paths.dashboard.manageAllProducts.getHref()}
            showSeller
            deletingId={remove.isPending ? remove.variables : undefined}
            onDelete={(p) => void handleDelete(p)}
          />
          <LoadMore query={query} />
        </>
      )}
    </section>
  );
}
