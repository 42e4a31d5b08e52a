import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './saved-search-keys';

/** POST /savedSearches/{id}/seen: the search was opened, its newCount starts again. */
export const markSavedSearchSeen = (id: string) => api.post(`/savedSearches/${encodeURIComponent(id)}/seen`);

export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markSavedSearchSeen, onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }) });
}
