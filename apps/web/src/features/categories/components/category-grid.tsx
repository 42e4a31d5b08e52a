import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { SmartImage } from '@/components/smart-image';
import { paths } from '@/config/paths';
import { useCategories } from '../api/get-categories';

function CardSkeleton() {
  return (
    <div className="card bg-base-100 shadow-sm" aria-hidden="true">
      <div className="skeleton aspect-[4/3] w-full rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-5 w-1/2" />
        <div className="skeleton h-4 w-3/4" />
      </div>
    </div>
  );
}

/** Home grid: one card per category from GET /category, 3/2/1 columns. */
export function CategoryGrid() {
  const categories = useCategories();
  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  const items = categories.data ?? [];
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={categories.isPending}>
      {categories.isPending
        ? Array.from({ length: 6 }, (_, i) => <li key={i}><CardSkeleton /></li>)
        : items.map((c) => (
            <li key={c._id}>
              <Link
                to={paths.productsCategory.getHref(c.category)}
                className="card group h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-1 hover:shadow-lg focus-visible:-translate-y-1"
              >
                <figure className="aspect-[4/3] overflow-hidden bg-base-200">
                  <SmartImage src={c.image} width={640} height={480} className="size-full object-cover transition duration-500 group-hover:scale-105" />
                </figure>
                <div className="card-body gap-1">
                  <h3 className="card-title text-base tracking-wide">{c.categoryName.toUpperCase()}</h3>
                  <p className="text-sm text-base-content/70">{c.title}</p>
                </div>
              </Link>
            </li>
          ))}
    </ul>
  );
}
