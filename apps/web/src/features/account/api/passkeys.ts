// Passkeys from the profile: list, register (WebAuthn in the browser), remove.
import type { PasskeyInfo } from '@olden/contracts';
import { startRegistration } from '@simplewebauthn/browser';
import { api } from '@/lib/api-client';

export const passkeysKey = ['account', 'passkeys'] as const;
export const listPasskeys = () => api.get<PasskeyInfo[]>('/auth/passkeys');
export const removePasskey = (id: string) => api.delete<{ deletedCount: number }>(`/auth/passkeys/${encodeURIComponent(id)}`);

export async function registerPasskey(name: string): Promise<PasskeyInfo> {
  const { challengeId, options } = await api.post<{ challengeId: string; options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
    '/auth/passkeys/register/options',
  );
  const response = await startRegistration({ optionsJSON: options });
  return api.post<PasskeyInfo>('/auth/passkeys/register', { challengeId, name, response });
}
