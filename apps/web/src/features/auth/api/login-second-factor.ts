import type { SessionUser } from '@olden/contracts';
import { api } from '@/lib/api-client';

/** POST /auth/login/2fa: a wrong or replayed code is 401 INVALID_CODE, a form error (no sign-out). */
export function loginSecondFactor(body: { challenge: string; code?: string; recoveryCode?: string }): Promise<{ user: SessionUser }> {
  return api.post<{ user: SessionUser }>('/auth/login/2fa', body, { skipAuthFailure: true });
}
