// What Google sign-in tells the user when it cannot finish: the messages, and the AppErrors that carry them.
import { AppError } from '../../../lib/errors.ts';

export const OIDC_MESSAGES = {
  notConfigured: 'Google sign-in is not configured',
  unavailable: 'Google sign-in is unavailable right now: the sign-in provider could not be reached. Please try again later.',
  expired: 'This Google sign-in has expired or was started in another window. Please try again.',
  cancelled: 'Google sign-in was cancelled.',
  failed: 'Google sign-in did not complete. Please try again.',
  unverified: 'Your Google account email address is not verified.',
  noEmail: 'Google did not share an email address for this account.',
} as const;

/** The provider cannot be used now (not configured, or not reachable): 503, the user may retry later. */
export const signInUnavailable = (message: string = OIDC_MESSAGES.unavailable) => new AppError('UNAVAILABLE', message);

/** This attempt is over (stale state, cancelled, refused claims): 400, the user starts again. */
export const signInRefused = (message: string) => new AppError('VALIDATION', message);

/**
 * The status of the popup page that reports a failure: the budget's 429 and the provider's 503 as they
 * are, any other refusal (a linked email, a sign-in race) as the page's 400.
 */
export function popupStatus(failure: AppError): 400 | 429 | 503 {
  return failure.statusCode === 429 || failure.statusCode === 503 ? failure.statusCode : 400;
}
