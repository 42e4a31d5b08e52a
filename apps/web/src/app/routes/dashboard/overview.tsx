import { lazy, Suspense } from 'react';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { PageHeader } from '@/components/page-header';
import { useStats } from '@/features/reports/api/get-stats';

// The charting library comes with this component only: no other page loads it.
const StatsCharts = lazy(() => import('@/features/reports/components/stats-charts'));

/** docs/product.md#reports-and-moderation: the last 30 days at a glance (admin). */
export function Overview() {
  const query = useStats();
  return (
    <section>
      <PageHeader title="Overview" description="New listings, buy requests, completed trades, new users and reports per day over the last 30 days (UTC)." />
      {query.isPending ? (
        <ListSkeleton rows={3} label="Loading the overview" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className="mb-4">
            <span className="font-semibold">{query.data.openReports}</span> reported {query.data.openReports === 1 ? 'thing waits' : 'things wait'} in the moderation queue.
          </p>
          <Suspense fallback={<ListSkeleton rows={3} label="Loading the charts" />}>
            <StatsCharts stats={query.data} />
          </Suspense>
        </>
      )}
    </section>
  );
}
