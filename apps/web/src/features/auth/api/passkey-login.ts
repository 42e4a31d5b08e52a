import type { SessionUser } from '@olden/contracts';
import { startAuthentication } from '@simplewebauthn/browser';
import { api } from '@/lib/api-client';

/** A passkey sign-in: the server's options, the browser's ceremony, the server's check (two factors at once). */
export async function passkeyLogin(): Promise<{ user: SessionUser }> {
  const { challengeId, options } = await api.post<{ challengeId: string; options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
    '/auth/passkeys/login/options',
    undefined,
    { skipAuthFailure: true },
  );
  const response = await startAuthentication({ optionsJSON: options });
  return api.post<{ user: SessionUser }>('/auth/passkeys/login', { challengeId, response }, { skipAuthFailure: true });
}
