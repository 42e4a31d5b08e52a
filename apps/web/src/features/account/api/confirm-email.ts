import type { SessionUser } from '@olden/contracts';
import { api } from '@/lib/api-client';

/** POST /users/me/email/confirm: the mailed link's token, signed in to its account. */
export function confirmEmail(token: string): Promise<{ message: string; user: SessionUser }> {
  return api.post<{ message: string; user: SessionUser }>('/users/me/email/confirm', { token });
}
