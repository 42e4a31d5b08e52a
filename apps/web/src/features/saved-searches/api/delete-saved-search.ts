import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './saved-search-keys';

/** DELETE /savedSearches/{id}. */
export const deleteSavedSearch = (id: string) => api.delete<{ deletedCount: number }>(`/savedSearches/${encodeURIComponent(id)}`);

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSavedSearch, onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }) });
}
