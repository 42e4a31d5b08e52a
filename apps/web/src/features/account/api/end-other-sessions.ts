import type { AccountMessageResponse } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionKeys } from './list-sessions';

/** DELETE /auth/sessions: ends every session of the caller but this one. */
export function endOtherSessions(): Promise<AccountMessageResponse> {
  return api.delete<AccountMessageResponse>('/auth/sessions');
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}
