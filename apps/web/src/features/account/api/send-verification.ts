// Zod-free on purpose: the banner that uses it is part of every page's first load.
import type { AccountMessageResponse } from '@olden/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** docs/product.md#verify-email: POST /auth/verify-email/send mails the signed-in user a fresh link (rate limited). */
export function sendVerification(): Promise<AccountMessageResponse> {
  return api.post<AccountMessageResponse>('/auth/verify-email/send');
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
