// Passwords people pick most often and those seen in breaches (zxcvbn-ts's list of ~49,000), refused for
// new passwords on top of the spec's rules. Loaded on first use: most processes never set a password.
import { ACCOUNT_MESSAGES } from '@olden/contracts';
import { AppError } from './errors.ts';

let list: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  list ??= import('@zxcvbn-ts/language-common').then((m) => {
    // A CommonJS package: Node may hand its exports over as named ones or only as the default.
    const dictionary = m.dictionary ?? (m as unknown as { default: typeof m }).default.dictionary;
    return new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  });
  return list;
}

/** Case-insensitive: "Password1!" is as guessable as "password1!". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Throws COMMON_PASSWORD (400) naming the body field, as a validation error would. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('COMMON_PASSWORD', ACCOUNT_MESSAGES.commonPassword, {
      details: [{ path: field, message: ACCOUNT_MESSAGES.commonPassword }],
    });
  }
}
