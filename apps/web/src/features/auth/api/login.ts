import type { LoginBody, SessionUser } from '@olden/contracts';
import { api } from '@/lib/api-client';

export function login(body: LoginBody): Promise<{ user: SessionUser }> {
  return api.post<{ user: SessionUser }>('/auth/login', body, { skipAuthFailure: true });
}
