import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './list-users';

/**
 * docs/product.md#server-rules-users: PATCH /users/admin/{id} with {admin: false} (admin). Refused with
 * 409 PROTECTED_ADMIN (named in ADMIN_EMAILS) or LAST_ADMIN; the message says why.
 */
export function removeAdmin(id: string): Promise<{ modifiedCount: number }> {
  return api.patch<{ modifiedCount: number }>(`/users/admin/${encodeURIComponent(id)}`, { admin: false });
}

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    // A refusal may mean the list is stale (someone else changed the role): refetch either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
