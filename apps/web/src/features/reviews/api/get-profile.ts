import type { Profile } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

/** GET /users/:id/profile: public (404 for an unknown or banned member). */
export function getProfile(userId: string, signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>(`/users/${encodeURIComponent(userId)}/profile`, { signal, withoutToken: true });
}

export const profileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: reviewKeys.profile(userId), queryFn: ({ signal }) => getProfile(userId, signal) });

export function useProfile(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(userId), enabled: options.enabled ?? true });
}
