// The account flows' copy, shared by server replies and web pages (zod-free).

export const ACCOUNT_MESSAGES = {
  /** The same answer whether or not the account exists, so the form cannot probe addresses. */
  resetRequested: 'If an account exists, we sent a link',
  passwordReset: 'Your password was changed. Sign in with the new one.',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  otherSessionsEnded: 'Signed out everywhere else',
  verificationSent: 'We sent a new link to your email',
  alreadyVerified: 'Your email is already verified',
  noPasswordYet: 'Your account has no password yet: use "Forgot password?" on the sign-in page to set one',
  invalidToken: 'This link is not valid any more: it was already used, has expired, or was replaced by a newer one',
  signInToVerify:
    'Sign in to the account this link was sent for, then open the link again. Not your account, or no password you know? Reset the password: that proves the address and signs everyone else out.',
  wrongCurrentPassword: 'Your current password is not correct',
  currentPasswordRequired: 'This Current Password field is required',
  commonPassword: 'This password is too common: a well-known password or word stays one with digits, symbols or look-alike letters added',
  guessablePassword: 'This password is too easy to guess: avoid names, dates, repeats and keyboard patterns, or make it longer',
} as const;

/** How long mailed links stay valid. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** Sessions end after this long without use, and this long after sign-in at most. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
