// Who is calling, as services see it: the auth guard (plugins/auth.ts) sets it on the request, modules read it.
import { isSelfOrAdmin } from '@olden/contracts';
import { notYours, unauthenticated } from './errors.ts';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  photoURL: string;
  role: 'user' | 'admin';
  sessionId: string;
  /** The address this request came from (request.ip), so a service can name it in a security event. */
  ip?: string;
}

/**
 * The access token of an `Authorization: Bearer ...` header, or undefined when the header is absent or not of that
 * form. One rule for the auth guard and for the public calls that also read a token (logout, verify-email).
 */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer ([A-Za-z0-9_\-.]{10,4096})$/.exec(header ?? '')?.[1];
}

/** Self or admin (the contracts' isSelfOrAdmin, enforced): for lists and profiles keyed by an email. */
export function assertSelfOrAdmin(user: AuthUser | null, email: string): void {
  if (!user) throw unauthenticated();
  if (!isSelfOrAdmin(user, email)) throw notYours();
}
