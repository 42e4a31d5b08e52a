import type { SessionResponse } from '@olden/contracts';
import { api } from '@/lib/api-client';

/** The "auth state" the app observes: who the session cookie belongs to, or null. */
export function getSession(): Promise<SessionResponse> {
  return api.get<SessionResponse>('/auth/session', { skipAuthFailure: true, withoutToken: true });
}
