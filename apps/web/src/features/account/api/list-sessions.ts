import type { SessionInfo } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sessionKeys = {
  list: () => ['account', 'sessions'] as const,
};

/** docs/product.md#dashboard-profile: GET /auth/sessions, the caller's own sessions. */
export function listSessions(): Promise<SessionInfo[]> {
  return api.get<SessionInfo[]>('/auth/sessions');
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionKeys.list(), queryFn: listSessions });

export function useSessions(enabled = true) {
  return useQuery({ ...sessionsQueryOptions(), enabled });
}
