import type { AccountMessageResponse, PasswordResetConfirmBody } from '@olden/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** docs/product.md#reset-password: sets the new password and ends every session of the account. */
export function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<AccountMessageResponse> {
  return api.post<AccountMessageResponse>('/auth/password-reset/confirm', body, { skipAuthFailure: true });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
