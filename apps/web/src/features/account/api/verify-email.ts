import type { VerifyEmailBody } from '@olden/contracts';
import { api } from '@/lib/api-client';

/**
 * docs/product.md#verify-email: POST /auth/verify-email with the mailed token; proves the address only signed in to
 * its account (the cookie goes with the call), else SIGN_IN_TO_VERIFY and the link stays usable.
 */
export function verifyEmail(body: VerifyEmailBody): Promise<{ emailVerified: true }> {
  return api.post<{ emailVerified: true }>('/auth/verify-email', body, { skipAuthFailure: true });
}
