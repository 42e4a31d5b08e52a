import type { DeletedResponse } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /blocks/:userId: lifts the caller's block (a block by the other user stays). */
export function unblockUser(userId: string): Promise<DeletedResponse> {
  return api.delete<DeletedResponse>(`/blocks/${encodeURIComponent(userId)}`);
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unblockUser, onSuccess: () => queryClient.invalidateQueries() });
}
