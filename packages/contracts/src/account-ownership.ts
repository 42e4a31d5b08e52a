// Your account is yours (issue 32): delete it, export it, change its email, second factors and passkeys.
import { z } from 'zod';
import { Email } from './common.ts';
import { AccountToken } from './accounts.ts';
import { SessionUser } from './auth.ts';

const presentPassword = z.string({ error: 'Your password is required' }).min(1, 'Your password is required').max(200);

/** DELETE /api/users/me: the password (a Google-only account sends none and needs a recent sign-in). */
export const DeleteAccountBody = z.object({ password: presentPassword.optional() });
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

/** POST /api/users/me/email */
export const ChangeEmailBody = z.object({ newEmail: Email, password: presentPassword });
export type ChangeEmailBody = z.input<typeof ChangeEmailBody>;
export const ConfirmEmailBody = z.object({ token: AccountToken });
export type ConfirmEmailBody = z.input<typeof ConfirmEmailBody>;
export const ConfirmEmailResponse = z.object({ message: z.string(), user: SessionUser });

/** Six digits from an authenticator app; spaces the app shows are forgiven. */
export const TotpCode = z
  .string({ error: 'Enter the 6-digit code' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'));
/** A recovery code as it was shown (xxxx-xxxx-xxxx-xxxx); case and dashes are forgiven. */
export const RecoveryCode = z
  .string({ error: 'Enter a recovery code' })
  .max(40, 'Enter a recovery code')
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{16}$/, 'Enter a recovery code'));

export const TwoFactorSetupResponse = z.object({
  /** otpauth://totp/... with the secret, for apps that take a link. */
  uri: z.string(),
  /** The same secret in base32, for typing it in. */
  secret: z.string(),
  /** A QR code of `uri`, as an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;
export const TwoFactorEnableBody = z.object({ code: TotpCode });
export const TwoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof TwoFactorEnableResponse>;
export const TwoFactorDisableBody = z.object({ password: presentPassword, code: TotpCode });
export const TwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /api/auth/login with two-step sign-in on: no session yet. */
export const TwoFactorChallengeResponse = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TwoFactorChallengeResponse = z.infer<typeof TwoFactorChallengeResponse>;
export const LoginTwoFactorBody = z
  .object({
    challenge: z.string({ error: 'The sign-in expired: start again' }).min(1).max(200),
    code: TotpCode.optional(),
    recoveryCode: RecoveryCode.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), { message: 'Send a code or a recovery code' });
export type LoginTwoFactorBody = z.input<typeof LoginTwoFactorBody>;

// --- Passkeys (WebAuthn): the browser's JSON, checked by @simplewebauthn/server. ---
/** A WebAuthn response as @simplewebauthn/browser sends it; its inside is verified, not parsed here. */
export const WebAuthnResponseJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
});
export const PasskeyOptionsResponse = z.object({ challengeId: z.string(), options: z.looseObject({ challenge: z.string() }) });
export const RegisterPasskeyBody = z.object({
  challengeId: z.string().min(1).max(64),
  name: z.string().trim().max(60).optional(),
  response: WebAuthnResponseJson,
});
export const PasskeyLoginBody = z.object({ challengeId: z.string().min(1).max(64), response: WebAuthnResponseJson });
export const PasskeyInfo = z.object({ _id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type PasskeyInfo = z.infer<typeof PasskeyInfo>;
export const PasskeyIdParams = z.object({ id: z.string().min(1).max(1024) });
