import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { useMyReports } from '@/features/reports/api/list-my-reports';
import { OUTCOME_LABELS, REASON_LABELS, TARGET_LABELS } from '@/features/reports/components/reason-labels';
import { formatDateTime } from '@/lib/format';

const OUTCOME_BADGE = { open: 'badge-ghost', action_taken: 'badge-success', no_violation: 'badge-neutral' } as const;

/** docs/product.md#reports-and-moderation: what the caller reported and what came of it (never what happened to whom). */
export function MyReports() {
  const query = useMyReports();
  const reports = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section>
      <PageHeader
        title="My Reports"
        description="What you reported and the outcome once a moderator has looked at it. You are also told by mail."
      />
      {query.isPending ? (
        <ListSkeleton rows={3} label="Loading your reports" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : reports.length === 0 ? (
        <EmptyState title="You have not reported anything">
          Use "Report" on a listing, a seller's name or a message when something looks wrong.
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="My reports">
            {reports.map((r) => (
              <li key={r._id} className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold">
                    <span className="badge badge-ghost badge-sm mr-2">{TARGET_LABELS[r.targetType]}</span>
                    {r.targetLabel ?? 'No longer on the site'}
                  </p>
                  <p className="text-sm text-base-content/80">
                    {REASON_LABELS[r.reason]}, reported <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                    {r.note && <> - "{r.note}"</>}
                  </p>
                </div>
                <p>
                  <span className="sr-only">Outcome: </span>
                  <span className={`badge ${OUTCOME_BADGE[r.outcome]}`}>{OUTCOME_LABELS[r.outcome]}</span>
                </p>
              </li>
            ))}
          </ul>
          <LoadMore query={query} />
        </>
      )}
    </section>
  );
}
