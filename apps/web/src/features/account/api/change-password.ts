import type { AccountMessageResponse, ChangePasswordBody } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionKeys } from './list-sessions';

/** POST /auth/password: a wrong current password is WRONG_PASSWORD (400), so it never signs the user out. */
export function changePassword(body: ChangePasswordBody): Promise<AccountMessageResponse> {
  return api.post<AccountMessageResponse>('/auth/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server ended the other sessions.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}
