import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { GoogleIcon } from '@/components/icons';
import { errorMessage } from '@/lib/api-client';
import { authProvidersQueryOptions } from '../api/get-providers';
import { useAuth } from './auth-context';

export const GOOGLE_UNAVAILABLE =
  'Google sign-in is not set up on this server yet. Please use your email and password.';

interface Props {
  onSignedIn: () => void;
  onError: (message: string) => void;
}

/** 'Continue With Google': checks the provider is configured, then runs the popup flow. */
export function GoogleSignInButton({ onSignedIn, onError }: Props) {
  const queryClient = useQueryClient();
  const { googleSignIn } = useAuth();
  const [isBusy, setBusy] = useState(false);

  const handleClick = async () => {
    setBusy(true);
    try {
      const providers = await queryClient.fetchQuery(authProvidersQueryOptions());
      if (!providers.google) {
        onError(GOOGLE_UNAVAILABLE);
        return;
      }
      const user = await googleSignIn();
      if (user) onSignedIn();
    } catch (err) {
      onError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn-outline w-full gap-3" onClick={handleClick} disabled={isBusy}>
      {isBusy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <GoogleIcon className="size-5" />}
      Continue With Google
    </button>
  );
}
