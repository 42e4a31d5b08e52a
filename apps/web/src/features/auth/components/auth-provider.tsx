// The auth state machine (docs/product.md#sessions-and-tokens): loading flag, token on sign-in, token removed on sign-out.
import type { LoginBody, RegisterBody, SessionUser } from '@olden/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, onAuthFailure, TOKEN_KEY } from '@/lib/api-client';
import { getSession } from '../api/get-session';
import { login } from '../api/login';
import { logout } from '../api/logout';
import { register } from '../api/register';
import { requestToken } from '../api/request-token';
import { runGooglePopup } from '../lib/google-popup';
import { takeEarlySession } from '../lib/early-session';
import { markSessionEnded } from '../lib/session-ended';
import { AuthContext, type AuthContextValue, TwoFactorNeeded } from './auth-context';

/** Tokens live one hour; take a fresh one well before that. */
export const TOKEN_REFRESH_MS = 50 * 60 * 1000;

/** Everything but the public catalogue belongs to the signed-in user and goes when they do. */
const isPrivateQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== 'categories' && query.queryKey[0] !== 'products';

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage disabled (private mode): requests still carry the session cookie.
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A session already checked before the first render (main.tsx, on a page painted for a signed-in person) is the
  // first state: no second check, no loader over the painted page.
  const [early] = useState(takeEarlySession);
  const [user, setUser] = useState<SessionUser | null>(early?.user ?? null);
  const [loading, setLoading] = useState(!early);
  const [error, setError] = useState<unknown>(null);
  // Each auth-state change gets a number so a slow token reply for an old state is ignored.
  const generation = useRef(0);
  const userRef = useRef<SessionUser | null>(null);
  userRef.current = user;

  /** The "auth state changed" observer of the spec. */
  const applyAuthState = useCallback(async (next: SessionUser | null) => {
    const current = ++generation.current;
    setUser(next);
    setError(null);
    if (!next) {
      storeToken(null);
      setLoading(false);
      return;
    }
    try {
      const data = await requestToken(next.email);
      if (current !== generation.current) return;
      if (data?.token) {
        storeToken(data.token);
        setLoading(false);
      }
      // docs/product.md#sessions-and-tokens: a reply without a token leaves loading set.
    } catch (err) {
      if (current === generation.current) setError(err);
    }
  }, []);

  const loadSession = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const { user: sessionUser } = await getSession();
      await applyAuthState(sessionUser);
    } catch (err) {
      setError(err);
    }
  }, [applyAuthState]);

  useEffect(() => {
    if (!early) void loadSession();
  }, [early, loadSession]);

  // Keep the bearer token fresh while signed in.
  useEffect(() => {
    if (!user || loading) return;
    const id = window.setInterval(() => {
      requestToken(user.email)
        .then((data) => data?.token && storeToken(data.token))
        .catch(() => undefined);
    }, TOKEN_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [user, loading]);

  // docs/product.md#sessions-and-tokens: 401/403 from any request logs the user out (the router then goes to /login).
  useEffect(
    () =>
      onAuthFailure(() => {
        // Only a person who was signed in has a session to lose; the login page tells them it ended.
        if (userRef.current) markSessionEnded();
        generation.current++;
        storeToken(null);
        setUser(null);
        setLoading(false);
        queryClient.removeQueries({ predicate: isPrivateQuery });
        logout().catch(() => undefined);
      }),
    [queryClient],
  );

  /** Sign-in, registration and Google all end the same way: the new user becomes the auth state. */
  const settleSignIn = useCallback(
    async <U extends SessionUser | null>(getUser: () => Promise<U>): Promise<U> => {
      setLoading(true);
      try {
        const signedIn = await getUser();
        await applyAuthState(signedIn);
        return signedIn;
      } catch (err) {
        setLoading(false);
        throw err;
      }
    },
    [applyAuthState],
  );

  const signIn = useCallback(
    async (body: LoginBody) =>
      settleSignIn(async () => {
        const answer = await login(body);
        // Two-step sign-in on: no session yet; the form asks for the code (docs/product.md#two-step-sign-in).
        if ('twoFactorRequired' in answer) throw new TwoFactorNeeded(answer.challenge);
        return answer.user;
      }),
    [settleSignIn],
  );
  const signInWith = useCallback((getUser: () => Promise<SessionUser>) => settleSignIn(getUser), [settleSignIn]);

  const createUser = useCallback(async (body: RegisterBody) => settleSignIn(async () => (await register(body)).user), [settleSignIn]);

  const googleSignIn = useCallback(async () => {
    const result = await runGooglePopup();
    if (!result) return null;
    if (!result.ok) throw new ApiError(401, result.message);
    return settleSignIn(async () => (await getSession()).user);
  }, [settleSignIn]);

  const logOut = useCallback(async () => {
    setLoading(true);
    try {
      await logout();
    } catch (err) {
      setLoading(false);
      throw err;
    }
    await applyAuthState(null);
    queryClient.removeQueries({ predicate: isPrivateQuery });
  }, [applyAuthState, queryClient]);

  const refreshUser = useCallback(async () => {
    const { user: next } = await getSession();
    if (next && userRef.current?._id === next._id) {
      // The same person: their token still holds, only what the session says about them changed.
      setUser(next);
      // Verifying an address listed in ADMIN_EMAILS makes an admin (docs/product.md#roles).
      void queryClient.invalidateQueries({ queryKey: ['users', 'admin'] });
      return;
    }
    await applyAuthState(next);
    if (!next) queryClient.removeQueries({ predicate: isPrivateQuery });
  }, [applyAuthState, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, error, retry: () => void loadSession(), createUser, signIn, signInWith, googleSignIn, logOut, refreshUser }),
    [user, loading, error, loadSession, createUser, signIn, signInWith, googleSignIn, logOut, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
