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
  emailChangeSent: 'We sent a link to the new address: your email changes when you open it. Your current address was told.',
  emailChanged: 'Your email was changed. Your other sessions were signed out.',
  sameEmail: 'This is already your email',
  emailTaken: 'An account with this email already exists',
  accountDeleted: 'Your account was deleted',
  reauthRequired: 'Sign in again (within the last 10 minutes) to delete your account',
  twoFactorEnabled: 'Two-step sign-in is on',
  twoFactorDisabled: 'Two-step sign-in is off',
  wrongCode: 'This code is not correct, or was already used',
  twoFactorRequired: 'Turn on two-step sign-in (Profile) before using admin pages',
  guessablePassword: 'This password is too easy to guess: avoid names, dates, repeats and keyboard patterns, or make it longer',
} as const;

/** How long mailed links stay valid. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** Wrong codes one sign-in challenge takes before it is spent. */
export const LOGIN_CHALLENGE_TRIES = 5;
/** Sessions end after this long without use, and this long after sign-in at most. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
