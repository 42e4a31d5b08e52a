import { lazy, Suspense } from 'react';
import { ErrorState } from '@/components/error-state';
import { useProductStats } from '../api/get-product-stats';

// The charting library loads with the first stats opened, never with the page (docs/product.md#reach).
const DayChart = lazy(() => import('@/components/day-chart'));

/** A listing's last 30 days of views as a chart (and a table for screen readers), with its totals. */
export function ListingStats({ productId, name }: { productId: string; name: string }) {
  const query = useProductStats(productId);
  if (query.isPending) return <div className="skeleton h-48 w-full" role="status" aria-label={`Loading the stats of ${name}`} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const stats = query.data;
  return (
    <div className="space-y-3">
      <dl className="flex flex-wrap gap-6 text-sm">
        <div><dt className="text-base-content/70">Views (all time)</dt><dd className="text-lg font-semibold tabular-nums">{stats.totalViews}</dd></div>
        <div><dt className="text-base-content/70">Saves</dt><dd className="text-lg font-semibold tabular-nums">{stats.favouriteCount}</dd></div>
        <div><dt className="text-base-content/70">Open requests</dt><dd className="text-lg font-semibold tabular-nums">{stats.openRequests}</dd></div>
      </dl>
      <Suspense fallback={<div className="skeleton h-48 w-full" aria-hidden="true" />}>
        <DayChart days={stats.views.map((d) => d.date)} values={stats.views.map((d) => d.count)} label="Views" />
      </Suspense>
      <table className="sr-only">
        <caption>Views per day of {name}, last 30 days</caption>
        <thead><tr><th scope="col">Day</th><th scope="col">Views</th></tr></thead>
        <tbody>
          {stats.views.map((d) => (
            <tr key={d.date}><td>{d.date}</td><td>{d.count}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
