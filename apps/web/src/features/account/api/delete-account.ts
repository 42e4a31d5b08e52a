import type { AccountMessageResponse } from '@olden/contracts';
import { request } from '@/lib/api-client';

/** DELETE /users/me: a wrong password is WRONG_PASSWORD (400); REAUTH_REQUIRED (403) keeps the session (api-client). */
export async function deleteAccount(password: string | undefined): Promise<AccountMessageResponse> {
  return (await request<AccountMessageResponse>('/users/me', { method: 'DELETE', body: password ? { password } : {} })).data;
}
