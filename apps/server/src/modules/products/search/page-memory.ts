// Page memory: a search's first page remembered a few seconds as ids and ranks, its listings read afresh per request.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import { type ListedProduct, productColumns, type ProductRow } from '../rows.ts';
import type { SearchFilter } from './tier-page.ts';

/**
 * A search's first page (relevance order, no cursor, not one seller's list) is remembered this long in process,
 * as its listings' ids and ranks (buyers repeat the same searches; a page costs a few milliseconds of GIN and heap
 * reads, its ids one primary-key read). The listings themselves are read afresh on every request, so a price, a
 * status or a name is never older than the request; a sold or deleted one makes the page be searched again. What can
 * be up to this old is which listings the page holds: one created, renamed or repriced by another process since may
 * be missing, or still shown though it no longer matches (this process's own writes forget every page at once).
 */
export const SEARCH_PAGE_TTL_MS = 5000;
const SEARCH_PAGE_CACHE_MAX = 1000;

export function createPageMemory(db: Db, search: (filter: SearchFilter) => Promise<ListedProduct[]>, options: { ttlMs: number; now: () => number }) {
  const { ttlMs, now: clock } = options;
  /**
   * First search pages: the ids and ranks, once the search that found them is done; `at` is when that search started;
   * `refreshing` while it is searched again in the background.
   */
  const searchPages = new Map<string, { at: number; page: Promise<{ id: string; rank: number }[]>; refreshing?: boolean }>();

  /** Listings by id, still on sale (a remembered page's rows, read afresh). */
  const onSaleByIds = db
    .select(productColumns)
    .from(products)
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')})`, ne(products.status, 'sold'), eq(products.moderation, 'visible')))
    .prepare('products_on_sale_by_ids');

  return {
    /** A search's first page, its ids remembered for the memory's time (see SEARCH_PAGE_TTL_MS). */
    async firstPage(filter: SearchFilter): Promise<ListedProduct[]> {
      const key = JSON.stringify([
        filter.search.q,
        filter.search.alternatives ?? null,
        filter.category ?? null,
        filter.minCents ?? null,
        filter.maxCents ?? null,
        filter.near ?? null,
        filter.limit,
      ]);
      const now = clock();
      const remembered = searchPages.get(key);
      const idsOf = (rows: ListedProduct[]) => rows.map((row) => ({ id: row.id, rank: row.rank! }));
      if (remembered && now - remembered.at < ttlMs) {
        // Past 60% of its time, a page in use is searched again in the background while it still serves, so steady
        // traffic never waits for a search (when one expired, every request for it waited for the next search).
        if (now - remembered.at >= ttlMs * 0.6 && !remembered.refreshing) {
          remembered.refreshing = true;
          search(filter).then(
            (rows) => {
              // Forgotten meanwhile (a listing write) or replaced: this search may predate the change.
              if (searchPages.get(key) !== remembered) return;
              searchPages.delete(key);
              searchPages.set(key, { at: now, page: Promise.resolve(idsOf(rows)) });
            },
            () => {
              remembered.refreshing = false;
            },
          );
        }
        const entries = await remembered.page.catch(() => undefined);
        if (entries?.length === 0) return [];
        if (entries) {
          const rows = (await onSaleByIds.execute({ ids: entries.map((e) => e.id) })) as ProductRow[];
          if (rows.length === entries.length) {
            const byId = new Map(rows.map((row) => [row.id, row]));
            return entries.map(({ id, rank }) => ({ ...byId.get(id)!, rank }));
          }
          // One was sold or deleted meanwhile: the page is searched again (below).
        }
      }
      const found = search(filter);
      const page = found.then(idsOf);
      page.catch(() => {}); // a failed search is answered by `found`; the next request searches again
      if (searchPages.size >= SEARCH_PAGE_CACHE_MAX) searchPages.delete(searchPages.keys().next().value!);
      searchPages.delete(key);
      searchPages.set(key, { at: now, page });
      return found;
    },

    /** A listing was written through this process: any page may now hold too much or too little. */
    forget(): void {
      searchPages.clear();
    },
  };
}
