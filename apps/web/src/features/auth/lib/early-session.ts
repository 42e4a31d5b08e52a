// The session checked before React's first render, on the pages behind the route guard: it starts while the
// route's code loads instead of after React has mounted, and React's first render is then the page (or the way to
// /login), never "Checking your session" first (docs/decisions/021-first-screens-from-the-components.md). The same requests the
// auth provider would make.
import type { SessionUser } from '@olden/contracts';
import { TOKEN_KEY } from '@/lib/api-client';
import { getSession } from '../api/get-session';
import { requestToken } from '../api/request-token';

/** A signed-in user with their token, or a visitor (user null). */
export interface EarlySession {
  user: SessionUser | null;
}

let early: EarlySession | undefined;

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage disabled (private mode): requests still carry the session cookie.
  }
}

/**
 * Asks who the session belongs to and, for a user, takes their token. A reply without a token or an error leaves
 * nothing behind: the auth provider then checks as it always does (and shows what the spec says for those).
 */
export async function startEarlySession(): Promise<EarlySession | undefined> {
  try {
    const { user } = await getSession();
    if (!user) {
      storeToken(null);
      early = { user: null };
      return early;
    }
    const data = await requestToken(user.email);
    if (!data?.token) return undefined;
    storeToken(data.token);
    early = { user };
    return early;
  } catch {
    return undefined;
  }
}

/** The early check's result for the auth provider's first state; read once. */
export function takeEarlySession(): EarlySession | undefined {
  const result = early;
  early = undefined;
  return result;
}

/** The pages behind the route guard (app/router.tsx: PrivateRoute), where the first render waits for the session. */
export const isGuardedPath = (pathname: string) => /^\/(?:timeline|productsCategory|dashboard)(?:\/|$)/.test(pathname);
