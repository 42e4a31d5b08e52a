// The provider's claims turned into the identity the auth service signs in: a verified email is required.
import { DEFAULT_AVATAR_URL, Email } from '@olden/contracts';
import type { OidcIdentity } from '../service.ts';
import { OIDC_MESSAGES, signInRefused } from './failures.ts';

const MAX_NAME_LENGTH = 100;
const MAX_PICTURE_LENGTH = 2048;

/** Only an https picture without credentials is shown; anything else becomes the default avatar. */
function httpsPicture(picture: unknown): string {
  if (typeof picture !== 'string' || picture.length > MAX_PICTURE_LENGTH) return DEFAULT_AVATAR_URL;
  try {
    const url = new URL(picture);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : DEFAULT_AVATAR_URL;
  } catch {
    return DEFAULT_AVATAR_URL;
  }
}

export function identityFrom(issuer: string, claims: Record<string, unknown>): OidcIdentity {
  if (typeof claims.sub !== 'string' || !claims.sub) throw signInRefused(OIDC_MESSAGES.failed);
  const email = Email.safeParse(claims.email);
  if (!email.success) throw signInRefused(OIDC_MESSAGES.noEmail);
  if (claims.email_verified !== true) throw signInRefused(OIDC_MESSAGES.unverified);
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, MAX_NAME_LENGTH) : '';
  return {
    subject: `${issuer} ${claims.sub}`,
    email: email.data,
    name: name || email.data.split('@')[0]!,
    photoURL: httpsPicture(claims.picture),
  };
}
