// Search over PostgreSQL's full text (the database's own, PGlite or PostgreSQL): the dictionary for corrections, the
// relevance tiers, page memory. docs/decisions/012-search-at-a-million.md says how and why.
import type { Db } from '../../../db/client.ts';
import { distancePage } from '../near.ts';
import { createDictionary } from './dictionary.ts';
import type { SearchEngine } from './engine.ts';
import { createPageMemory, SEARCH_PAGE_TTL_MS } from './page-memory.ts';
import { createStatementRunner } from './statements.ts';
import { hasSearchOperators, queryWords } from './terms.ts';
import { createRelevancePages, type SearchFilter, type TierOptions } from './tier-page.ts';

export interface FullTextSearchOptions extends TierOptions {
  /** SEARCH_PAGE_TTL_MS (0: every search runs its queries). */
  searchPageTtlMs?: number;
  /** Milliseconds now (tests move it). */
  now?: () => number;
}

export function createFullTextSearch(db: Db, options: FullTextSearchOptions = {}): SearchEngine {
  const dictionary = createDictionary(db);
  const run = createStatementRunner(db);
  const relevancePage = createRelevancePages(dictionary, options);
  const searchPageTtlMs = options.searchPageTtlMs ?? SEARCH_PAGE_TTL_MS;
  const search = (filter: SearchFilter) => relevancePage(filter, run);
  const memory = createPageMemory(db, search, { ttlMs: searchPageTtlMs, now: options.now ?? Date.now });

  return {
    async terms(q) {
      const words = queryWords(q);
      if (words.length === 0) return undefined;
      const corrections = hasSearchOperators(q) ? new Map<string, string[]>() : await dictionary.corrections(words);
      if (corrections.size === 0) return { q };
      return { q, alternatives: words.map((w) => [w, ...(corrections.get(w) ?? [])]) };
    },

    search({ terms, ...filters }, after, limit) {
      const filter: SearchFilter = { ...filters, search: terms, sort: 'relevance', after, limit };
      // Page memory is shared by every viewer: a list filtered for one viewer (their blocks) is never remembered nor served from it.
      const remember = searchPageTtlMs > 0 && !after && filters.sellerEmail === undefined && filters.hiddenSellers === undefined;
      return remember ? memory.firstPage(filter) : search(filter);
    },

    // Nearest first: the same statement as a page without words (near.ts), with the words' match.
    nearest({ terms, ...filters }, after, limit) {
      return distancePage(run, { ...filters, search: terms, limit }, after);
    },

    listingsChanged({ names }) {
      if (names) dictionary.namesChanged();
      // Any edit may move a listing into or out of a search (its price, category or words).
      memory.forget();
    },
  };
}
