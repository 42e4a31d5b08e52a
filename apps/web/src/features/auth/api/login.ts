import type { LoginBody, SessionUser, TwoFactorChallengeResponse } from '@olden/contracts';
import { api } from '@/lib/api-client';

/** With two-step sign-in on, no session yet: the challenge for POST /auth/login/2fa. */
export function login(body: LoginBody): Promise<{ user: SessionUser } | TwoFactorChallengeResponse> {
  return api.post<{ user: SessionUser } | TwoFactorChallengeResponse>('/auth/login', body, { skipAuthFailure: true });
}
