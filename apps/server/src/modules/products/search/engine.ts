// The seam between listings and search: what the products module asks of a search engine. The one engine today is
// PostgreSQL's full text (full-text.ts); another could be tried behind this interface and the same suite
// (engine-suite.ts), see docs/decisions/012-search-at-a-million.md.
import type { NearFilter } from '../list-shape.ts';
import type { DistanceAfter, DistancedProduct } from '../near.ts';
import type { ListedProduct } from '../rows.ts';
import type { SearchTerms } from './terms.ts';

/** Which listings a search may find: its terms and the list's filters (sold listings only in a seller's own list). */
export interface SearchFilters {
  terms: SearchTerms;
  category?: string;
  /** One seller's listings: the only list that keeps sold ones. */
  sellerEmail?: string;
  minCents?: number;
  maxCents?: number;
  /** Sellers the viewer does not see (blocks); a search with them is never served from memory shared by viewers. */
  hiddenSellers?: string[];
  /** Within a radius of a place (listings without a place are never within). */
  near?: NearFilter;
}

/** Where the previous page ended in relevance order: its last listing's rank and id (rank.ts's cursor). */
export type SearchAfter = [rank: number, id: string];

export interface SearchEngine {
  /** What q searches for, with corrections for words no listing name contains; undefined for a q without words. */
  terms(q: string): Promise<SearchTerms | undefined>;
  /**
   * Up to `limit` listings after `after` in relevance order (docs/product.md#search-order), each with its rank; fewer
   * only at the end. The listings come as read with their ranks (an engine outside the database would give ids and
   * ranks, and have the rows read by id, as page memory does).
   */
  search(filters: SearchFilters, after: SearchAfter | undefined, limit: number): Promise<ListedProduct[]>;
  /**
   * Up to `limit` matching listings within `near` after `after`, nearest first (sort=distance with words; ties: one
   * place's listings by id), each with its distance in km; fewer only at the end. docs/product.md#near-me.
   */
  nearest(filters: SearchFilters & { near: NearFilter }, after: DistanceAfter | undefined, limit: number): Promise<DistancedProduct[]>;
  /** A listing was written (created, edited, sold or deleted); `names`: its name may have come or gone. */
  listingsChanged(change: { names: boolean }): void;
}
