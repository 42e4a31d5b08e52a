import type { RegisterBody, SessionUser } from '@olden/contracts';
import { api } from '@/lib/api-client';

export function register(body: RegisterBody): Promise<{ user: SessionUser }> {
  return api.post<{ user: SessionUser }>('/auth/register', body, { skipAuthFailure: true });
}
