// What a q searches for, read from its text alone (no database): its words, and whether it uses web-search syntax.

/**
 * What q searches for: its full text (websearch syntax), and, when some words are not in the dictionary
 * of name words, each word OR its closest dictionary words, all words required ("vintge lamp" ->
 * (vintge | vintage) & lamp).
 */
export interface SearchTerms {
  q: string;
  /** Per query word, the word and its corrections; absent when no word needed correcting. */
  alternatives?: string[][];
}

/** Query words for typo matching: letters and digits only, so punctuation never reaches pg_trgm. */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 20);
}

/** Quotes, `-word` and `or` are web-search syntax: such a q is taken literally, without corrections or word pairs. */
export const hasSearchOperators = (q: string) => /"|(^|\s)-\S|(^|\s)or(\s|$)/i.test(q);

/** A web-search q with a negated word ("lamp -brass"): a name match must also hold for the descriptions. */
export const hasNegation = (q: string) => /(^|\s)-\S/.test(q);
