import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './list-users';

/** docs/product.md#server-rules-users: PATCH /users/admin/{id} (admin). */
export function makeAdmin(id: string): Promise<{ modifiedCount: number }> {
  return api.patch<{ modifiedCount: number }>(`/users/admin/${encodeURIComponent(id)}`);
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
