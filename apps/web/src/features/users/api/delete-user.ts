import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './list-users';

/** docs/product.md#server-rules-users: DELETE /users/{id}, the admin's 'Ban'. */
export function deleteUser(id: string): Promise<{ deletedCount: number }> {
  return api.delete<{ deletedCount: number }>(`/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
