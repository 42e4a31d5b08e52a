// Security events as structured log lines: who (user id), from where (source address), what, and on
// what. One shape so an operator can alert on `event`; never a password, token or cookie in them.
import type { FastifyBaseLogger } from 'fastify';

export type SecurityEventName =
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.login.challenge'
  | 'auth.denied'
  | 'admin.user.promote'
  | 'admin.user.demote'
  | 'admin.user.ban'
  | 'admin.product.delete'
  | 'admin.review.delete'
  | 'admin.request.decide'
  | 'admin.request.handover'
  | 'admin.image.delete';

export interface SecurityEventFields {
  /** The acting user; null when nobody is signed in (a failed sign-in, an anonymous 401). */
  userId: string | null;
  /** The client address as the proxy settings resolve it (request.ip). */
  ip?: string;
  /** What was acted on: a user, listing or image id, or an email for a failed sign-in. */
  target?: string;
  [key: string]: unknown;
}

export function logSecurityEvent(log: FastifyBaseLogger, event: SecurityEventName, fields: SecurityEventFields): void {
  log.info({ security: true, event, ...fields }, event);
}

/**
 * Keeps a security event about an account for its owner (their data export): the account module's, handed to the
 * services that change how an account signs in. Never a secret in `event`.
 */
export type RecordAccountEvent = (userId: string, event: string, ip?: string) => Promise<void>;
