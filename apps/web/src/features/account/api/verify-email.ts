import type { VerifyEmailBody } from '@olden/contracts';
import { api } from '@/lib/api-client';

/** docs/product.md#verify-email: POST /auth/verify-email with the mailed token; works signed in or not. */
export function verifyEmail(body: VerifyEmailBody): Promise<{ emailVerified: true }> {
  return api.post<{ emailVerified: true }>('/auth/verify-email', body, { skipAuthFailure: true });
}
