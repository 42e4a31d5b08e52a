// Accounts you can prove, recover and control: email verification, password reset and change,
// profile update, and the list of one's own sessions.
import { z } from 'zod';
import { displayName, Email, imageUrlInput } from './common.ts';
import { Password } from './auth.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { messages } from './messages.ts';

/** Mailed secrets are 32 random bytes in base64url (43 characters); anything much longer is not one. */
export const AccountToken = z
  .string({ error: 'The link is incomplete: open it again from the mail' })
  .trim()
  .min(1, 'The link is incomplete: open it again from the mail')
  .max(200, 'The link is not valid');

export const VerifyEmailBody = z.object({ token: AccountToken });
export type VerifyEmailBody = z.input<typeof VerifyEmailBody>;
export const VerifyEmailResponse = z.object({ emailVerified: z.literal(true) });

export const PasswordResetBody = z.object({ email: Email });
export type PasswordResetBody = z.input<typeof PasswordResetBody>;

export const PasswordResetConfirmBody = z.object({ token: AccountToken, password: Password });
export type PasswordResetConfirmBody = z.input<typeof PasswordResetConfirmBody>;

export const ChangePasswordBody = z.object({
  // Only presence: a current password that predates a rule must still be accepted.
  currentPassword: z.string({ error: ACCOUNT_MESSAGES.currentPasswordRequired }).min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(200),
  newPassword: Password,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** PATCH /api/users/me: the profile update (name, photo, mail choices), same rules as registration; at least one field. */
export const UpdateProfileBody = z
  .object({
    /** false: no mail about requests and messages (account mails still go). */
    notifyByEmail: z.boolean({ error: 'notifyByEmail must be true or false' }).optional(),
    /** true: saved-search alert mails in one daily digest, instant searches too (the live notice still comes at once). */
    savedSearchDigest: z.boolean({ error: 'savedSearchDigest must be true or false' }).optional(),
    name: displayName(messages.register.nameRequired).optional(),
    photoURL: imageUrlInput('photoURL', messages.urlInvalid, messages.register.photoURLRequired).optional(),
  })
  .refine((b) => b.name !== undefined || b.photoURL !== undefined || b.notifyByEmail !== undefined || b.savedSearchDigest !== undefined, {
    message: 'Send a name, a photoURL, notifyByEmail or savedSearchDigest to change',
  })
  .meta({ minProperties: 1 });
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;

/** One of the caller's sessions (GET /api/auth/sessions). */
export const SessionInfo = z.object({
  _id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** What the account calls answer with a sentence to show (reset request, password set, sessions ended). */
export const AccountMessageResponse = z.object({ message: z.string() });
export type AccountMessageResponse = z.infer<typeof AccountMessageResponse>;
