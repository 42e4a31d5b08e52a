import type { AccountMessageResponse, PasswordResetBody } from '@olden/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** docs/product.md#forgot-password: the same answer whether or not the account exists. */
export function requestPasswordReset(body: PasswordResetBody): Promise<AccountMessageResponse> {
  return api.post<AccountMessageResponse>('/auth/password-reset', body, { skipAuthFailure: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
