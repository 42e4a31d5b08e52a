import type { LoginBody, RegisterBody, SessionUser } from '@olden/contracts';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  /** The signed-in user, or null. */
  user: SessionUser | null;
  /** docs/product.md#sessions-and-tokens: true while the auth state or the token is being settled. */
  loading: boolean;
  /** Set when the session or token could not be fetched (network); `retry` tries again. */
  error: unknown;
  retry: () => void;
  createUser: (body: RegisterBody) => Promise<SessionUser>;
  /** Throws TwoFactorNeeded when the account has two-step sign-in on. */
  signIn: (body: LoginBody) => Promise<SessionUser>;
  /** Any other way in that ends with a session (the second step, a passkey): its user becomes the auth state. */
  signInWith: (getUser: () => Promise<SessionUser>) => Promise<SessionUser>;
  /** Resolves with the user, or null when the person closed the popup. */
  googleSignIn: () => Promise<SessionUser | null>;
  logOut: () => Promise<void>;
  /**
   * Reads the session again after the account changed on the server (profile saved, email verified, a session
   * ended): the same person is updated in place without a new token; a session that ended signs out.
   */
  refreshUser: () => Promise<void>;
}

/** The password was right, and the account asks for its second step with this challenge. */
export class TwoFactorNeeded extends Error {
  constructor(readonly challenge: string) {
    super('Enter the code from your authenticator app');
    this.name = 'TwoFactorNeeded';
  }
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
