import type { SavedSearchAlert, TimelineFilters } from '@olden/contracts';
import { savedSearchFilters } from '@olden/contracts/constants';
import { useId, useState } from 'react';
import { errorMessage, hasCode } from '@/lib/api-client';
import { showToast } from '@/lib/popups';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { AlertSelect } from './alert-select';

/** "Save this search" with the alert choice, shown on the timeline when filters are set. */
export function SaveSearch({ filters }: { filters: TimelineFilters }) {
  const id = useId();
  const [alert, setAlert] = useState<SavedSearchAlert>('instant');
  const create = useCreateSavedSearch();
  const saved = savedSearchFilters(filters as Record<string, unknown>);
  if (Object.keys(saved).length === 0) return null;
  const handleSave = () =>
    create.mutate(
      { filters: saved, alert },
      {
        onSuccess: () => void showToast('Search saved', 'success'),
        onError: (error) => void showToast(hasCode(error, 'ALREADY_SAVED') ? 'You saved this search already' : errorMessage(error), 'error'),
      },
    );
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label="Save this search">
      <AlertSelect id={id} value={alert} onChange={setAlert} disabled={create.isPending} label="Alert for this search" />
      <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={handleSave} disabled={create.isPending}>
        {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Save this search
      </button>
    </div>
  );
}
