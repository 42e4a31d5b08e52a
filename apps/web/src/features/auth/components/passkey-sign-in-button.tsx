import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { passkeyLogin } from '../api/passkey-login';
import { useAuth } from './auth-context';

/** "Sign in with a passkey": counts as both steps (docs/product.md#passkeys). */
export function PasskeySignInButton({ onSignedIn, onError }: { onSignedIn: () => void; onError: (message: string | null) => void }) {
  const { signInWith } = useAuth();
  const [busy, setBusy] = useState(false);
  if (typeof window !== 'undefined' && !('PublicKeyCredential' in window)) return null;
  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      disabled={busy}
      onClick={() => {
        onError(null);
        setBusy(true);
        signInWith(async () => (await passkeyLogin()).user)
          .then(onSignedIn)
          .catch((err: unknown) => onError(err instanceof Error && err.name === 'NotAllowedError' ? 'The passkey sign-in was cancelled' : errorMessage(err)))
          .finally(() => setBusy(false));
      }}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Sign in with a passkey
    </button>
  );
}
