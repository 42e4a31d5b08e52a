import type { SessionUser } from '@olden/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /users/me {savedSearchDigest}: saved-search alert mails as they come (false) or in one daily digest (true). */
export function updateSavedSearchDigest(savedSearchDigest: boolean): Promise<{ user: SessionUser }> {
  return api.patch<{ user: SessionUser }>('/users/me', { savedSearchDigest });
}

export function useUpdateSavedSearchDigest() {
  return useMutation({ mutationFn: updateSavedSearchDigest });
}
