import type { SavedSearch } from '@olden/contracts';
import { savedSearchFilters } from '@olden/contracts/constants';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useDeleteSavedSearch } from '@/features/saved-searches/api/delete-saved-search';
import { useSavedSearches } from '@/features/saved-searches/api/list-saved-searches';
import { useMarkSeen } from '@/features/saved-searches/api/mark-seen';
import { useUpdateSavedSearch } from '@/features/saved-searches/api/update-saved-search';
import { AlertSelect } from '@/features/saved-searches/components/alert-select';
import { errorMessage } from '@/lib/api-client';
import { confirmAction, showToast } from '@/lib/popups';

function SearchRow({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const seen = useMarkSeen();
  const onError = (error: unknown) => void showToast(errorMessage(error), 'error');
  const handleDelete = async () => {
    if (!(await confirmAction('Delete this saved search?', search.label, 'Delete'))) return;
    remove.mutate(search._id, { onError });
  };
  const isBusy = update.isPending || remove.isPending;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm" aria-busy={isBusy}>
      <div className="min-w-0 flex-1 basis-48">
        <Link
          className="link font-semibold"
          to={paths.timeline.getHref(savedSearchFilters(search.filters))}
          onClick={() => seen.mutate(search._id)}
        >
          {search.label}
        </Link>
        <p className="text-sm text-base-content/80">
          {search.newCount > 0 ? (
            <span className="badge badge-primary badge-sm">{search.newCount >= 99 ? '99+' : search.newCount} new</span>
          ) : (
            'Nothing new since you last looked'
          )}
        </p>
      </div>
      <AlertSelect
        id={`alert-${search._id}`}
        label={`Alert for ${search.label}`}
        value={search.alert}
        disabled={isBusy}
        onChange={(alert) => update.mutate({ id: search._id, alert }, { onError })}
      />
      <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => void handleDelete()} disabled={isBusy} aria-label={`Delete ${search.label}`}>
        Delete
      </button>
    </li>
  );
}

/** docs/product.md#favourites-and-saved-searches: each search's label, what is new, its alert; opening one shows the timeline. */
export function SavedSearches() {
  const query = useSavedSearches();
  return (
    <section>
      <PageHeader title="Saved Searches" description="Searches you saved from the timeline, with their alerts." />
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title="No saved searches yet">Set filters on the timeline and choose “Save this search”.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.map((search) => (
            <SearchRow key={search._id} search={search} />
          ))}
        </ul>
      )}
    </section>
  );
}
