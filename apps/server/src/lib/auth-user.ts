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

/** Self or admin (the contracts' isSelfOrAdmin, enforced): for lists and profiles keyed by an email. */
export function assertSelfOrAdmin(user: AuthUser | null, email: string): void {
  if (!user) throw unauthenticated();
  if (!isSelfOrAdmin(user, email)) throw notYours();
}
