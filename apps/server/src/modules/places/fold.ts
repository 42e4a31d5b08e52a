// How a place name is compared: accents, case and punctuation folded away ("São Paulo" and "sao  paulo" are both
// "sao paulo"), so autocomplete and the resolution of free text read names the way people type them.

/** Letters that carry no combining mark to strip but have a usual ASCII spelling. */
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };

export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (c) => SPECIAL[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A folded prefix as a LIKE pattern (folded text holds letters, digits and single spaces only: nothing to escape). */
export const prefixPattern = (folded: string) => `${folded}%`;
