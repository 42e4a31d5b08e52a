import type { LoaderFunctionArgs } from 'react-router';
import { cardHeart } from '@/app/components/heart';
import { SaveSearch } from '@/features/saved-searches/components/save-search';
import { pageTitle } from '@/config/paths';
import { productsInfiniteQueryOptions, seedInjectedTimeline, useProducts } from '@/features/products/api/list-products';
import { ProductFiltersBar } from '@/features/products/components/product-filters';
import { EmptyState, ProductGrid } from '@/features/products/components/product-grid';
import { parseFilters, useFiltersFromUrl } from '@/features/products/components/use-filters-from-url';
import { queryClient } from '@/lib/query-client';

/**
 * Starts the (public) product request while the session is still being checked; does not block. On the first load
 * the server may have put the first page into the HTML (for these filters): then nothing is asked.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const filters = parseFilters(new URL(request.url).searchParams);
  if (!seedInjectedTimeline(queryClient, filters)) void queryClient.prefetchInfiniteQuery(productsInfiniteQueryOptions(filters));
  return null;
}

export function Component() {
  const [filters, setFilters] = useFiltersFromUrl();
  const query = useProducts(filters);
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <title>{pageTitle('Timeline')}</title>
      <header className="mb-6">
        <h1 className="font-serif text-3xl font-bold">Timeline</h1>
        <p className="mt-1 text-base-content/70">Everything our sellers have on offer, newest first.</p>
      </header>
      <ProductFiltersBar filters={filters} onChange={setFilters} />
      <SaveSearch filters={filters} />
      <div className="mt-8">
        <ProductGrid
          cardAction={cardHeart}
          query={query}
          empty={
            <EmptyState title="No products match">
              Try another category, a wider price range or a different search.
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
