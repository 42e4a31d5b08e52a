import type { LoaderFunctionArgs } from 'react-router';
import { cardHeart } from '@/app/components/heart';
import { SaveSearch } from '@/features/saved-searches/components/save-search';
import { pageTitle } from '@/config/paths';
import { productsInfiniteQueryOptions, seedInjectedTimeline, useProducts } from '@/features/products/api/list-products';
import { EmptyState, ProductGrid } from '@/features/products/components/product-grid';
import { TimelineView } from '@/features/products/components/timeline-view';
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
    <>
      <title>{pageTitle('Timeline')}</title>
      <TimelineView filters={filters} onChange={setFilters} toolbar={<SaveSearch filters={filters} />}>
        <ProductGrid
          cardAction={cardHeart}
          query={query}
          empty={
            <EmptyState title="No products match">
              Try another category, a wider price range or a different search.
            </EmptyState>
          }
        />
      </TimelineView>
    </>
  );
}
