import type { ModerationAction, QueueEntry as Entry } from '@olden/contracts';
import { useState } from 'react';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { useQueue } from '@/features/reports/api/list-queue';
import { useResolveReports } from '@/features/reports/api/resolve-reports';
import { QueueEntry } from '@/features/reports/components/queue-entry';
import { ACTION_LABELS } from '@/features/reports/components/reason-labels';
import { errorMessage, hasCode } from '@/lib/api-client';
import { confirmAction, showError, showSuccess } from '@/lib/popups';

/** docs/product.md#reports-and-moderation: the queue, one entry per reported thing, oldest first; resolved ones on the second tab. */
export function Moderation() {
  const [view, setView] = useState<'open' | 'resolved'>('open');
  const query = useQueue(view);
  const resolve = useResolveReports();
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];

  const handleResolve = async (entry: Entry, action: ModerationAction, note: string) => {
    if (action === 'remove_listing' && !(await confirmAction('Remove this listing?', 'It goes off sale for good, its open requests are declined and the seller is mailed.', 'Yes, remove it'))) return;
    if (action === 'remove_review' && !(await confirmAction('Remove this review?', "It goes for good and leaves its subject's rating.", 'Yes, remove it'))) return;
    if (action === 'ban_user' && !(await confirmAction('Ban this member?', 'Their account, listings and requests are deleted and they are signed out everywhere.', 'Yes, ban them'))) return;
    try {
      const result = await resolve.mutateAsync({ targetType: entry.targetType, targetId: entry.targetId, action, note });
      void showSuccess(`${ACTION_LABELS[action]}: done`, `${result.resolved} ${result.resolved === 1 ? 'report' : 'reports'} resolved`);
    } catch (err) {
      if (hasCode(err, 'NOTHING_TO_RESOLVE')) void showError('Already resolved', 'Another moderator resolved this first.');
      else void showError('Could not resolve', errorMessage(err));
    }
  };

  return (
    <section>
      <PageHeader
        title="Moderation queue"
        description="Reported listings, members and messages, oldest first. A decision resolves every open report on its target; reporters are told the outcome."
      />
      <div role="tablist" aria-label="Queue" className="mb-4 flex w-fit gap-2">
        {(['open', 'resolved'] as const).map((v) => (
          <button key={v} type="button" role="tab" aria-selected={view === v} className={`btn btn-sm ${view === v ? 'btn-primary' : 'btn-outline'}`} onClick={() => setView(v)}>
            {v === 'open' ? 'Open' : 'Resolved'}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <ListSkeleton rows={3} label="Loading the queue" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title={view === 'open' ? 'Nothing to review' : 'Nothing resolved yet'} />
      ) : (
        <>
          <div className="flex flex-col gap-4">
            {entries.map((entry) => (
              <QueueEntry
                key={`${entry.targetType}:${entry.targetId}:${entry.resolution?.resolvedAt ?? ''}`}
                entry={entry}
                onResolve={view === 'open' ? (e, a, n) => void handleResolve(e, a, n) : undefined}
                isResolving={resolve.isPending && resolve.variables?.targetId === entry.targetId}
              />
            ))}
          </div>
          <LoadMore query={query} />
        </>
      )}
    </section>
  );
}
