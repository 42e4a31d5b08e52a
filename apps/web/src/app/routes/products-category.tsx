import { CATEGORY_LABELS, findCategoryKey } from '@olden/contracts/constants';
import { data, Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { cardHeart } from '@/app/components/heart';
import { pageTitle, paths } from '@/config/paths';
import { productsInfiniteQueryOptions, useProducts } from '@/features/products/api/list-products';
import { ProductFiltersBar } from '@/features/products/components/product-filters';
import { EmptyState, ProductGrid } from '@/features/products/components/product-grid';
import { useFiltersFromUrl } from '@/features/products/components/use-filters-from-url';
import { queryClient } from '@/lib/query-client';

function categoryFromParams(value: string | undefined) {
  const category = value ? findCategoryKey(value) : undefined;
  if (!category) throw data(null, { status: 404 });
  return category;
}

/** docs/product.md#category-page: the product list is loaded before display (first page; more with Load more). */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const category = categoryFromParams(params.category);
  const url = new URL(request.url);
  const sort = url.searchParams.get('sort');
  await queryClient.ensureInfiniteQueryData(
    productsInfiniteQueryOptions({ category, ...(sort === 'price_asc' || sort === 'price_desc' ? { sort } : {}) }),
  );
  return null;
}

export function Component() {
  const params = useParams();
  const category = categoryFromParams(params.category);
  const [urlFilters, setFilters] = useFiltersFromUrl();
  const filters = { ...urlFilters, category };
  const query = useProducts(filters);
  // docs/product.md#category-page: people read the label; the key stays in the URL and the API call.
  const label = CATEGORY_LABELS[category];
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <title>{pageTitle(label)}</title>
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li><Link to={paths.home.getHref()}>Home</Link></li>
          <li><Link to={paths.timeline.getHref()}>Timeline</Link></li>
          <li aria-current="page">{label}</li>
        </ul>
      </nav>
      <header className="mb-6">
        <h1 className="font-serif text-3xl font-bold">{label}</h1>
        <p className="mt-1 text-base-content/70">All products in this category.</p>
      </header>
      <ProductFiltersBar
        filters={filters}
        showCategory={false}
        onChange={({ category: _ignored, ...rest }) => setFilters(rest)}
      />
      <div className="mt-8">
        <ProductGrid
          cardAction={cardHeart}
          query={query}
          empty={
            <EmptyState title="Nothing here yet">
              No products in {label} match.{' '}
              <Link className="link link-primary" to={paths.timeline.getHref()}>Browse all categories</Link>
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
