// The dictionary of listing-name words (search_words, kept by a trigger, docs/decisions/004): corrections for misspelt
// words, and how many names hold a word; both remembered in process for a while.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { searchWords } from '../../../db/schema.ts';

/** Corrections tried per misspelt word (dictionary words with pg_trgm similarity >= 0.3, the `%` default). */
const MAX_CORRECTIONS = 3;
/**
 * A word's corrections are kept this long in process (most searches repeat words, and asking the dictionary cost a
 * round trip per search). A write through this process that may change names clears them at once; another
 * process's new word is learnt within this time.
 */
export const CORRECTIONS_TTL_MS = 30_000;
const CORRECTIONS_CACHE_MAX = 5000;
/** Words of q that are looked up for corrections; a longer q still searches in full text. */
const MAX_TYPO_WORDS = 6;

/**
 * For each word that is not in the dictionary, its closest dictionary words (pg_trgm similarity over a small table, so
 * it stays fast however many listings exist). Unexecuted, so the benchmark can EXPLAIN it; undefined when no word is
 * worth correcting.
 */
export function buildCorrectionsQuery(words: string[]): SQL | undefined {
  const candidates = [...new Set(words)].filter((w) => w.length >= 3 && w.length <= 40).slice(0, MAX_TYPO_WORDS);
  if (candidates.length === 0) return undefined;
  return sql`
      select q.w as word, s.word as alternative
      from (values ${sql.join(candidates.map((w) => sql`(${w}::text)`), sql`, `)}) as q(w)
      cross join lateral (
        select d.word from ${searchWords} d where d.word % q.w
        order by similarity(d.word, q.w) desc, d.word limit ${MAX_CORRECTIONS}
      ) s
      -- Known words and stop words ("with" is not a typo for "withers") are never widened.
      where not exists (select 1 from ${searchWords} e where e.word = q.w)
        and numnode(plainto_tsquery('english', q.w)) > 0`;
}

export function createDictionary(db: Db) {
  /** Per word: its corrections (none for a known word), and when they were read. */
  const correctionCache = new Map<string, { alternatives: string[]; at: number }>();
  const nameCounts = new Map<string, { refs: number; at: number }>();
  let listingCount = { n: 0, at: -Infinity };

  return {
    /** Each word's corrections, for the words that have some (a known word has none). */
    async corrections(words: string[]): Promise<Map<string, string[]>> {
      const now = Date.now();
      const found = new Map<string, string[]>();
      const unknown: string[] = [];
      for (const word of new Set(words)) {
        const cached = correctionCache.get(word);
        if (cached && now - cached.at < CORRECTIONS_TTL_MS) {
          if (cached.alternatives.length > 0) found.set(word, cached.alternatives);
        } else unknown.push(word);
      }
      const query = buildCorrectionsQuery(unknown);
      if (!query) return found;
      const { rows } = (await db.execute(query)) as unknown as { rows: { word: string; alternative: string }[] };
      const fresh = new Map<string, string[]>(unknown.map((w) => [w, []]));
      for (const row of rows) fresh.get(row.word)?.push(row.alternative);
      for (const [word, alternatives] of fresh) {
        if (correctionCache.size >= CORRECTIONS_CACHE_MAX) correctionCache.delete(correctionCache.keys().next().value!);
        correctionCache.set(word, { alternatives, at: now });
        if (alternatives.length > 0) found.set(word, alternatives);
      }
      return found;
    },

    /**
     * At most how many listing names hold every group's word (one of its spellings), and how many listings there are:
     * the dictionary's counts (search_words.refs, kept by a trigger) and the planner's row count, remembered per word
     * for CORRECTIONS_TTL_MS. Only an estimate, to choose how a name tier is read; every way gives the same page.
     */
    async namesHolding(groups: string[][]): Promise<{ atMost: number; listings: number }> {
      const now = Date.now();
      const words = [...new Set(groups.flat())];
      const unknown = words.filter((w) => !(now - (nameCounts.get(w)?.at ?? -Infinity) < CORRECTIONS_TTL_MS));
      if (unknown.length > 0 || !(now - listingCount.at < CORRECTIONS_TTL_MS)) {
        // Per word its count; then one row without a word: how many listings there are.
        const { rows } = (await db.execute(sql`
          select q.w as word, coalesce(s.refs, 0)::float8 as n
          from unnest(${sql.param(unknown)}::text[]) as q(w) left join ${searchWords} s on s.word = q.w
          union all select null, greatest(reltuples, 0)::float8 from pg_class where oid = 'products'::regclass`)) as unknown as {
          rows: { word: string | null; n: number }[];
        };
        for (const row of rows) {
          if (row.word === null) listingCount = { n: Number(row.n), at: now };
          else {
            if (nameCounts.size >= CORRECTIONS_CACHE_MAX) nameCounts.delete(nameCounts.keys().next().value!);
            nameCounts.set(row.word, { refs: Number(row.n), at: now });
          }
        }
      }
      const perGroup = groups.map((spellings) => spellings.reduce((sum, w) => sum + (nameCounts.get(w)?.refs ?? 0), 0));
      return { atMost: Math.min(...perGroup), listings: listingCount.n };
    },

    /**
     * A listing was created, deleted or renamed: the dictionary may have gained or lost a word, so corrections are
     * asked afresh. Other edits (price, descriptions, status) leave them: clearing on every write made a busy site
     * ask the dictionary on nearly every search.
     */
    namesChanged(): void {
      correctionCache.clear();
    },
  };
}
export type Dictionary = ReturnType<typeof createDictionary>;
