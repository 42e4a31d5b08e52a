// A new password (register, reset, change: docs/product.md#server-rules-accounts) passes the spec's
// composition rule first, which almost no entry of a common-password list meets as it is; people meet it
// by dressing a common word ("Password1!", "Summer2024!", "P@ssw0rd"). So the list is looked up with that
// dressing undone, and what is left is scored by zxcvbn-ts (whose list this is, ~49,000 entries) for the
// patterns a list misses (keyboard walks, dates, repeats). Loaded on first use: most processes never set a password.
import { ACCOUNT_MESSAGES } from '@olden/contracts';
import { AppError } from './errors.ts';

/** Words this project publishes or is named after: the first ones anyone tries against it (README demo accounts). */
const OWN_WORDS = ['olden', 'oldengoods', 'oldengood', 'admin', 'user', 'seller', 'admin@1234', 'user@1234', 'seller@1234'];
/** zxcvbn's scores run 0-4; below this (under about a million guesses) a password is refused. */
const MIN_SCORE = 2;
/** A stripped core shorter than this says nothing: "ab" is on no list but is no password either (zxcvbn judges it). */
const MIN_CORE = 3;

/** Look-alike characters, undone; 1 reads as l or i, so both spellings are tried. */
const SUBSTITUTIONS: Record<string, [string, string]> = {
  '@': ['a', 'a'],
  '4': ['a', 'a'],
  '0': ['o', 'o'],
  '1': ['l', 'i'],
  '!': ['i', 'i'],
  '|': ['l', 'l'],
  $: ['s', 's'],
  '5': ['s', 's'],
  '3': ['e', 'e'],
  '7': ['t', 't'],
  '+': ['t', 't'],
  '8': ['b', 'b'],
  '9': ['g', 'g'],
};

interface Checker {
  words: Set<string>;
  score: (password: string) => number;
}

let checker: Promise<Checker> | undefined;

function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([coreModule, commonModule]) => {
    // CommonJS packages: Node may hand their exports over as named ones or only as the default.
    const core = 'zxcvbn' in coreModule ? coreModule : (coreModule as { default: typeof coreModule }).default;
    const common = commonModule.dictionary ? commonModule : (commonModule as unknown as { default: typeof commonModule }).default;
    core.zxcvbnOptions.setOptions({
      dictionary: { ...common.dictionary, userInputs: OWN_WORDS },
      graphs: common.adjacencyGraphs,
    });
    const words = new Set([...common.dictionary.passwords.map((p) => p.toLowerCase()), ...OWN_WORDS]);
    return { words, score: (password: string) => core.zxcvbn(password).score };
  });
  return checker;
}

const isLetter = (c: string) => /\p{L}/u.test(c);

function unsubstitute(text: string, spelling: 0 | 1): string {
  let out = '';
  for (const c of text) out += SUBSTITUTIONS[c]?.[spelling] ?? c;
  return out;
}

/**
 * The spellings a password is looked up by, case-folded: as it is; cut anywhere within the digits and
 * symbols before its first letter and after its last ("Summer2024!" -> "summer", "@dmin1!" -> "@dmin");
 * each of those with look-alikes undone ("p@ssw0rd" -> "password"); and that with what is not a letter
 * removed ("pa55-word" -> "password").
 */
export function passwordVariants(password: string): Set<string> {
  // Accents go too: "Pässw0rd" is "password" to anyone guessing.
  const folded = [...password.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()];
  const variants = new Set<string>([folded.join('')]);
  const first = folded.findIndex(isLetter);
  if (first === -1) return variants;
  let last = folded.length - 1;
  while (!isLetter(folded[last]!)) last--;
  for (let start = 0; start <= first; start++) {
    for (let end = last + 1; end <= folded.length; end++) {
      const core = folded.slice(start, end).join('');
      for (const spelling of [0, 1] as const) {
        const plain = unsubstitute(core, spelling);
        for (const variant of [core, plain, [...plain].filter(isLetter).join('')]) {
          if ([...variant].length >= MIN_CORE) variants.add(variant);
        }
      }
    }
  }
  return variants;
}

export type PasswordWeakness = 'common' | 'guessable';

/** Why a new password is refused, or undefined when it may be used. */
export async function passwordWeakness(password: string): Promise<PasswordWeakness | undefined> {
  const { words, score } = await loadChecker();
  for (const variant of passwordVariants(password)) if (words.has(variant)) return 'common';
  return score(password) < MIN_SCORE ? 'guessable' : undefined;
}

/** A common password, however it is dressed ("Password1!" as "password"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await passwordWeakness(password)) === 'common';
}

/**
 * The one rule every new password passes (register, reset, change): throws COMMON_PASSWORD (400) naming
 * the body field, as a validation error would, with a message that says why.
 */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  const weakness = await passwordWeakness(password);
  if (!weakness) return;
  const message = weakness === 'common' ? ACCOUNT_MESSAGES.commonPassword : ACCOUNT_MESSAGES.guessablePassword;
  throw new AppError('COMMON_PASSWORD', message, { details: [{ path: field, message }] });
}
