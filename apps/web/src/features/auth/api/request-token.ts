import { api } from '@/lib/api-client';

/** Exchanges the session cookie for a short-lived bearer token (spec: POST /jwt, data.token). */
export function requestToken(email: string): Promise<{ token?: string } | null> {
  return api.post<{ token?: string } | null>('/jwt', { email }, { skipAuthFailure: true });
}
