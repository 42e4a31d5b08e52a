import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Product } from '@olden/contracts';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '@/components/error-state';
import type { Page } from '@/lib/api-client';
import { ProductCard } from './product-card';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<Page<Product>>>;
  empty: ReactNode;
  /** Beside each card's price (the app's heart). */
  cardAction?: (product: Product) => ReactNode;
}

function GridSkeleton() {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="card border border-base-300">
          <div className="skeleton aspect-[4/3] rounded-b-none" />
          <div className="space-y-3 p-5">
            <div className="skeleton h-5 w-2/3" />
            <div className="skeleton h-4 w-full" />
            <div className="skeleton h-4 w-5/6" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The cards of a list of listings, the first two loaded first (the server paints the first ones too: app/server-render.tsx). */
export function ProductCardList({ products, cardAction }: { products: Product[]; cardAction?: (product: Product) => ReactNode }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} isPriority={i < 2} action={cardAction?.(product)} />
        </li>
      ))}
    </ul>
  );
}

/** Product cards over a paginated query: skeleton, error with retry, empty state, Load more. */
export function ProductGrid({ query, empty, cardAction }: Props) {
  if (query.isPending) return <GridSkeleton />;
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const products = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (products.length === 0) return <>{empty}</>;
  return (
    <div className="space-y-8">
      <ProductCardList products={products} cardAction={cardAction} />
      <div className="flex flex-col items-center gap-2" aria-live="polite">
        {query.isFetchNextPageError && (
          <p className="text-sm text-error">Could not load more products. Please try again.</p>
        )}
        {query.hasNextPage ? (
          <button
            type="button"
            className="btn btn-outline btn-primary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Load more
          </button>
        ) : (
          <p className="text-sm text-base-content/70">You have seen all {products.length} products.</p>
        )}
      </div>
    </div>
  );
}

export { EmptyState };
