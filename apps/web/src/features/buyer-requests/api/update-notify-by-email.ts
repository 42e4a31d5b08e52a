import type { SessionUser } from '@olden/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /users/me {notifyByEmail}: request and message mails on or off. */
export function updateNotifyByEmail(notifyByEmail: boolean): Promise<{ user: SessionUser }> {
  return api.patch<{ user: SessionUser }>('/users/me', { notifyByEmail });
}

export function useUpdateNotifyByEmail() {
  return useMutation({ mutationFn: updateNotifyByEmail });
}
