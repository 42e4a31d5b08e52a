import type { BlockedUser } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /blocks/:userId: works both ways; pending requests between the two are cancelled (docs/product.md#blocking). */
export function blockUser(userId: string): Promise<BlockedUser> {
  return api.put<BlockedUser>(`/blocks/${encodeURIComponent(userId)}`);
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    // Lists, requests and badges change with a block: everything is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
