// The session checked before React's first render, on a page the server painted for a signed-in person (the
// timeline): React's first render is then the page itself, not the route guard's "Checking your session" over the
// painted page (docs/decisions/014-timeline-first-page.md). The same two requests the auth provider would make.
import type { SessionUser } from '@olden/contracts';
import { TOKEN_KEY } from '@/lib/api-client';
import { getSession } from '../api/get-session';
import { requestToken } from '../api/request-token';

export interface EarlySession {
  user: SessionUser;
  token: string;
}

let early: EarlySession | undefined;

/**
 * Asks who the session belongs to and takes their token. Anything but a signed-in user with a token (a visitor, a
 * reply without a token, an error) leaves nothing behind: the auth provider then checks as it always does.
 */
export async function startEarlySession(): Promise<EarlySession | undefined> {
  try {
    const { user } = await getSession();
    if (!user) return undefined;
    const data = await requestToken(user.email);
    if (!data?.token) return undefined;
    try {
      localStorage.setItem(TOKEN_KEY, data.token);
    } catch {
      // Storage disabled (private mode): requests still carry the session cookie.
    }
    early = { user, token: data.token };
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
