import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionKeys } from './list-sessions';

/** DELETE /auth/sessions/{id}: ends one of the caller's sessions (the current one signs out). */
export function endSession(id: string): Promise<unknown> {
  return api.delete<unknown>(`/auth/sessions/${encodeURIComponent(id)}`);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}
