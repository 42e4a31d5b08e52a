import { z } from 'zod';
import { displayName, Email, imageUrlInput } from './common.ts';
import { messages } from './messages.ts';

const m = messages.register;
export const PASSWORD_PATTERN = /^(?=.*[0-9])(?=.*[!@#$%^&*])[a-zA-Z0-9!@#$%^&*]{6,16}$/;

export const Password = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(6, m.passwordMin)
  .max(16, m.passwordPattern)
  .regex(PASSWORD_PATTERN, m.passwordPattern);

export const RegisterBody = z.object({
  name: displayName(m.nameRequired),
  photoURL: imageUrlInput('photoURL', messages.urlInvalid, m.photoURLRequired),
  email: Email,
  password: Password,
});
export type RegisterBody = z.input<typeof RegisterBody>;

export const LoginBody = z.object({
  email: Email,
  // Login only checks presence: an old password that predates a rule must still sign in.
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(200),
});
export type LoginBody = z.input<typeof LoginBody>;

export const JwtBody = z.object({ email: Email });
export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const SessionUser = z.object({
  _id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  admin: z.boolean(),
  emailVerified: z.boolean(),
  /** Mail about buy requests and messages (PATCH /api/users/me {notifyByEmail}). */
  notifyByEmail: z.boolean(),
  /** Saved-search alert mails in one daily digest rather than as they come (PATCH /api/users/me {savedSearchDigest}). */
  savedSearchDigest: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;
export const SessionResponse = z.object({ user: SessionUser.nullable() });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** Avatar for accounts whose identity provider gave no https picture (a neutral silhouette, no personal data). */
export const DEFAULT_AVATAR_URL = 'https://www.gravatar.com/avatar/?d=mp&s=200';

/** A parameter the provider sends once; sent twice (an array) it counts as absent, and the handler answers its 400 page. */
const once = z.unknown().transform((v) => (typeof v === 'string' ? v : undefined)).optional();

/** GET /api/auth/google/callback: whatever the provider sends back; the handler checks it and answers a page. */
export const OidcCallbackQuery = z.looseObject({
  code: once,
  state: once,
  error: once,
  error_description: once,
});
