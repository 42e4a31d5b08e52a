import type { SavedSearch, SavedSearchAlert } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './saved-search-keys';

/** PATCH /savedSearches/{id} {alert}. */
export const updateSavedSearch = (id: string, alert: SavedSearchAlert) =>
  api.patch<{ savedSearch: SavedSearch }>(`/savedSearches/${encodeURIComponent(id)}`, { alert });

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, alert }: { id: string; alert: SavedSearchAlert }) => updateSavedSearch(id, alert),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
