import type { SessionUser, UpdateProfileBody } from '@olden/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** docs/product.md#dashboard-profile: PATCH /users/me, the spec's profile update (name, photo). */
export function updateProfile(body: UpdateProfileBody): Promise<{ user: SessionUser }> {
  return api.patch<{ user: SessionUser }>('/users/me', body);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
