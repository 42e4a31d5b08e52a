import type { AccountMessageResponse, ChangeEmailBody } from '@olden/contracts';
import { api } from '@/lib/api-client';

/** POST /users/me/email: mails a link to the new address; nothing changes yet. */
export function changeEmail(body: ChangeEmailBody): Promise<AccountMessageResponse> {
  return api.post<AccountMessageResponse>('/users/me/email', body);
}
