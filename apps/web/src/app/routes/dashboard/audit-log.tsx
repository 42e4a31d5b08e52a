import { type FormEvent, useId, useState } from 'react';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { type AuditFilter, useAudit } from '@/features/reports/api/list-audit';
import { formatDateTime } from '@/lib/format';

const ACTIONS = ['admin.user.promote', 'admin.user.demote', 'admin.user.ban', 'admin.product.delete', 'admin.product.remove', 'admin.image.delete', 'admin.review.delete', 'report.create', 'report.resolve'];

/** docs/product.md#reports-and-moderation: every admin action and every report, newest first. */
export function AuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [draft, setDraft] = useState<AuditFilter>({});
  const query = useAudit(filter);
  const events = query.data?.pages.flatMap((p) => p.items) ?? [];
  const ids = { actor: useId(), action: useId(), target: useId() };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const clean = (v?: string) => (v?.trim() ? v.trim() : undefined);
    setFilter({ actor: clean(draft.actor), action: clean(draft.action), target: clean(draft.target) });
  };

  return (
    <section>
      <PageHeader title="Audit log" description="Admin actions (roles, bans, deletions, moderation decisions) and reports, newest first." />
      <form onSubmit={apply} className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <div>
          <label htmlFor={ids.actor} className="mb-1 block text-sm font-medium">Actor id</label>
          <input id={ids.actor} className="input input-sm" value={draft.actor ?? ''} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        </div>
        <div>
          <label htmlFor={ids.action} className="mb-1 block text-sm font-medium">Action</label>
          <select id={ids.action} className="select select-sm" value={draft.action ?? ''} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
            <option value="">Any</option>
            {ACTIONS.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={ids.target} className="mb-1 block text-sm font-medium">Target id</label>
          <input id={ids.target} className="input input-sm" value={draft.target ?? ''} onChange={(e) => setDraft({ ...draft, target: e.target.value })} />
        </div>
        <button type="submit" className="btn btn-sm btn-primary">Filter</button>
      </form>
      {query.isPending ? (
        <ListSkeleton rows={5} label="Loading the audit log" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState title="No events" />
      ) : (
        <>
          <div tabIndex={0} role="region" aria-label="Audit events" className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary">
            <table className="table table-sm">
              <caption className="sr-only">Audit events, newest first</caption>
              <thead>
                <tr className="text-base-content"><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Details</th></tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e._id}>
                    <td className="whitespace-nowrap"><time dateTime={e.at}>{formatDateTime(e.at)}</time></td>
                    <td>{e.actorName ?? (e.actorId ? e.actorId : 'System')}</td>
                    <td><code>{e.action}</code></td>
                    <td className="break-all">{e.targetType} <code>{e.targetId}</code></td>
                    <td className="max-w-xs break-words text-xs">{Object.entries(e.details).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} />
        </>
      )}
    </section>
  );
}
