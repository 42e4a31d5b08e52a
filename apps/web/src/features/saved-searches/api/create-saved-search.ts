import type { SavedSearch, SavedSearchAlert, SavedSearchFilters } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './saved-search-keys';

/** POST /savedSearches {filters, alert}: 409 ALREADY_SAVED or SAVED_SEARCHES_FULL say why not. */
export const createSavedSearch = (filters: SavedSearchFilters, alert: SavedSearchAlert) =>
  api.post<{ savedSearch: SavedSearch }>('/savedSearches', { filters, alert });

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ filters, alert }: { filters: SavedSearchFilters; alert: SavedSearchAlert }) => createSavedSearch(filters, alert),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
