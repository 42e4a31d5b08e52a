import { api } from '@/lib/api-client';

export function logout(): Promise<null> {
  return api.post<null>('/auth/logout', undefined, { skipAuthFailure: true });
}
