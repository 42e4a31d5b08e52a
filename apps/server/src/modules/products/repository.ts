// All SQL for listings but search's: CRUD and filtered keyset lists (browsing, and a search sorted by price). Search's
// own order, relevance, is read by search/ (docs/decisions/012-search-at-a-million.md).
import { eq, type SQL, sql } from 'drizzle-orm';
import { PAGE_LIMIT_DEFAULT } from '@olden/contracts';
import { type Db, type RawSelect, rawPreparedSelect } from '../../db/client.ts';
import { products, userRatings } from '../../db/schema.ts';
import { type ListFilter, listShape } from './list-shape.ts';
import { type DistanceAfter, type DistancedProduct, type DistanceFilter, distancePage } from './near.ts';
import { type ListedProduct, type NewProductRow, type ProductChanges, productColumns, type ProductRow } from './rows.ts';
import { matchOf } from './search/match.ts';
import { createStatementRunner } from './search/statements.ts';


/**
 * An account's deletion (lib/account-lifecycle.ts): its listings, locked in id order then deleted on the deletion's
 * transaction `tx`, each followed by what deleting a listing does to its requests (`also`, the OnListingDeleted hook).
 */
export async function deleteListingsOfSeller<T>(tx: Db, sellerId: string, also: (tx: Db, id: string) => Promise<T>): Promise<{ rows: ProductRow[]; also: T[] }> {
  const locked = await tx.select({ id: products.id }).from(products).where(eq(products.sellerId, sellerId)).orderBy(products.id).for('update');
  const rows: ProductRow[] = [];
  const done: T[] = [];
  for (const { id } of locked) {
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning(productColumns);
    if (!row) continue;
    rows.push(row);
    done.push(await also(tx, id));
  }
  return { rows, also: done };
}

/** An email change, on its transaction `tx`: the seller's listings carry the new address (the wire's `email`). */
export async function setSellerEmailIn(tx: Db, sellerId: string, email: string): Promise<void> {
  await tx.update(products).set({ sellerEmail: email }).where(eq(products.sellerId, sellerId));
}

/** A seller's listings, oldest first (their data export). */
export async function listingsOfSeller(db: Db, sellerId: string): Promise<ProductRow[]> {
  return db.select(productColumns).from(products).where(eq(products.sellerId, sellerId)).orderBy(products.createdAt, products.id);
}

export type { ListFilter, NearFilter } from './list-shape.ts';
export type { DistanceAfter, DistancedProduct } from './near.ts';
export type { ListedProduct, NewProductRow, ProductChanges, ProductRow } from './rows.ts';

/**
 * Locks the stored images `imageIds` inside the listing's transaction `tx` and answers the ids no longer stored:
 * the images module's (ImagesService.lockIn), so a listing write and an image's release never miss each other.
 */
type LockImages = (tx: Db, imageIds: string[]) => Promise<string[]>;

/** The stored images a write names, and how to lock them. */
interface NamedImages {
  ids: string[];
  lock: LockImages;
}

async function lockNamed(tx: Db, named: NamedImages | undefined): Promise<string[]> {
  return named && named.ids.length > 0 ? named.lock(tx, named.ids) : [];
}

/** What a list reads: every column but the tsvectors, and no rank (relevance pages add theirs). */
const listSelection = { ...productColumns, rank: sql<number | null>`null::float8` };
/**
 * What a browse page (no q) reads: what its reply and cursor need, nothing more, and its seller's running rating
 * sums (the reviews module's user_ratings, joined in: a read model, as the reports' previews read listings). In the
 * page's one statement, not a second query per page: at 1,000,000 listings the second round trip had halved the
 * first page's throughput against the Express yardstick (issue 29).
 */
const { updatedAt: _updatedAt, ...browseColumns } = listSelection;
const browseSelection = { ...browseColumns, sellerSum: userRatings.sellerSum, sellerCount: userRatings.sellerCount };

/** A listing's copy of its place. */
export type PlaceColumns = Pick<NewProductRow, 'placeId' | 'placeName' | 'placeCountryCode' | 'placeLat' | 'placeLng'>;

export interface ProductsRepositoryOptions {
  /**
   * Called once a write that may move a listing into or out of a search is done (or failed); `names`: a listing's
   * name may have come or gone. Search forgets what it remembered (SearchEngine.listingsChanged).
   */
  onWrite?: (change: { names: boolean }) => void;
}

export function createProductsRepository(db: Db, options: ProductsRepositoryOptions = {}) {
  async function tellAfter<T>(write: PromiseLike<T>, changesNames: (result: T | undefined) => boolean = () => true): Promise<T> {
    let result: T | undefined;
    try {
      result = await write;
      return result;
    } finally {
      options.onWrite?.({ names: changesNames(result) });
    }
  }

  /**
   * The list query of a search in another order than relevance, unexecuted (the benchmark EXPLAINs exactly this):
   * one GIN lookup of its words, sorted as asked.
   */
  function buildListQuery(filter: ListFilter) {
    const { where, order } = listShape(filter, false, [], filter.search && matchOf(filter.search));
    return db.select(listSelection).from(products).where(where).orderBy(...order).limit(filter.limit);
  }

  /**
   * A browse page's query (no q): the list's shape, only the columns a page shows. Prepared (`asPlaceholders`), the
   * default page's LIMIT is written in: with `limit $n` PostgreSQL costs a generic plan as if a tenth of the table were
   * asked for, so it planned every execution afresh (0.1-1.2 ms of planning for a 0.05 ms query); with the number
   * written in it settles on the generic plan after five runs (decision 019). Other page sizes keep the placeholder,
   * so a caller cannot make a statement per size.
   */
  function buildBrowseQuery(filter: ListFilter, asPlaceholders = false) {
    const { where, order } = listShape(filter, asPlaceholders, []);
    const literalLimit = asPlaceholders && filter.limit === PAGE_LIMIT_DEFAULT + 1;
    return db
      .select(browseSelection)
      .from(products)
      .leftJoin(userRatings, eq(userRatings.userId, products.sellerId))
      .where(where)
      .orderBy(...order)
      .limit(
        literalLimit
          ? // drizzle writes an SQL chunk as it is (its own limit is always a parameter); an integer, never client text.
            (sql.raw(String(Math.trunc(filter.limit))) as unknown as ReturnType<typeof sql.placeholder>)
          : asPlaceholders
            ? sql.placeholder('limit')
            : filter.limit,
      );
  }

  /**
   * Browsing (no q) has at most 96 query shapes; each is prepared once per connection, which saves the
   * parse and plan on every page (search queries vary with their corrections and stay unprepared).
   */
  const prepared = new Map<string, ReturnType<ReturnType<typeof buildBrowseQuery>['prepare']>>();
  const rawLists = new Map<string, RawSelect<ListedProduct> | null>();
  function preparedList(filter: ListFilter) {
    const shape = [
      filter.sort,
      filter.category !== undefined ? 'c' : '',
      filter.sellerEmail !== undefined ? 'e' : '',
      filter.sellerId !== undefined ? 's' : '',
      filter.minCents !== undefined ? 'min' : '',
      filter.maxCents !== undefined ? 'max' : '',
      filter.hiddenSellers !== undefined ? 'hidden' : '',
      filter.near !== undefined ? 'near' : '',
      filter.after ? 'after' : '',
      // The default page has its own statements (buildBrowseQuery writes its LIMIT in).
      filter.limit === PAGE_LIMIT_DEFAULT + 1 ? 'page' : '',
    ].join('_');
    const values = {
      category: filter.category,
      sellerEmail: filter.sellerEmail,
      sellerId: filter.sellerId,
      minCents: filter.minCents,
      maxCents: filter.maxCents,
      hiddenSellers: filter.hiddenSellers?.join(','),
      nearLat: filter.near?.lat,
      nearLng: filter.near?.lng,
      nearKm: filter.near?.km,
      after0: filter.after?.[0],
      after1: filter.after?.[1],
      limit: filter.limit,
    };
    // On PostgreSQL the same statement runs straight on pg, its rows decoded without drizzle's mapper.
    let raw = rawLists.get(shape);
    if (raw === undefined) {
      raw = rawPreparedSelect<ListedProduct>(db, `products_list_raw_${shape}`, buildBrowseQuery(filter, true), browseSelection) ?? null;
      rawLists.set(shape, raw);
    }
    if (raw) return raw(values);
    let query = prepared.get(shape);
    if (!query) {
      query = buildBrowseQuery(filter, true).prepare(`products_list_${shape}`);
      prepared.set(shape, query);
    }
    return query.execute(values);
  }

  const runStatement = createStatementRunner(db);

  return {
    buildListQuery,
    buildBrowseQuery,

    /** A page nearest first without search words (near.ts; with words it is the search engine's: SearchEngine.nearest). */
    distanceList(filter: DistanceFilter & { search?: undefined }, after: DistanceAfter | undefined): Promise<DistancedProduct[]> {
      return distancePage(runStatement, filter, after);
    },

    /** Listings that have no place yet and a location text, for resolving them (the first start after the upgrade). */
    async unplaced(afterId: string, limit: number): Promise<{ id: string; uploaderLocation: string }[]> {
      return db
        .select({ id: products.id, uploaderLocation: products.uploaderLocation })
        .from(products)
        .where(sql`${products.placeId} is null and ${products.id} > ${afterId}`)
        .orderBy(products.id)
        .limit(limit);
    },

    /** Sets the place a listing's text was resolved to (its copy of the place's name, country and point). */
    async setPlace(id: string, place: PlaceColumns): Promise<void> {
      await tellAfter(db.update(products).set(place).where(sql`${products.id} = ${id} and ${products.placeId} is null`), () => false);
    },

    /** A page in newest or price order, browsing or searching (relevance is search's own: SearchEngine.search). */
    async list(filter: ListFilter): Promise<ListedProduct[]> {
      return filter.search ? buildListQuery(filter) : preparedList(filter);
    },

    /** The query a browse page or a search in another order runs, as it runs (the benchmark EXPLAINs it). */
    explainableQuery(filter: ListFilter): SQL {
      return filter.search ? buildListQuery(filter).getSQL() : buildBrowseQuery(filter).getSQL();
    },

    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
      return row;
    },

    /**
     * Inserts the listing; its name's words enter the dictionary by trigger. `images` (the stored
     * images it names) are locked first: when one has gone meanwhile, nothing is written and its id is
     * in `missing`.
     */
    async insert(row: NewProductRow, images?: NamedImages, alsoInTransaction?: (tx: Db, row: ProductRow) => Promise<void>): Promise<{ id?: string; missing: string[] }> {
      return tellAfter(db.transaction(async (tx) => {
        const missing = await lockNamed(tx as unknown as Db, images);
        if (missing.length > 0) return { missing };
        const [inserted] = await tx.insert(products).values(row).returning(productColumns);
        await alsoInTransaction?.(tx as unknown as Db, inserted!);
        return { id: inserted!.id, missing };
      }));
    },

    /** Replaces a listing's fields, answering the row as it was (undefined if it is gone). */
    async update(
      id: string,
      changes: ProductChanges,
      images?: NamedImages,
      alsoInTransaction?: (tx: Db, before: ProductRow, after: ProductRow) => Promise<void>,
    ): Promise<{ before?: ProductRow; missing: string[] }> {
      // A failed write (result undefined) counts as a rename: whether it renamed anything is unknown.
      const renamed = (result: { before?: ProductRow } | undefined) => result === undefined || (result.before !== undefined && result.before.name !== changes.name);
      return tellAfter(db.transaction(async (tx) => {
        const missing = await lockNamed(tx as unknown as Db, images);
        if (missing.length > 0) return { missing };
        const [before] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for('update');
        if (!before) return { missing };
        const [after] = await tx.update(products).set({ ...changes, updatedAt: sql`now()` }).where(eq(products.id, id)).returning(productColumns);
        await alsoInTransaction?.(tx as unknown as Db, before, after!);
        return { before, missing };
      }), renamed);
    },

    /**
     * Deletes a listing, answering the row as it was and what `alsoInTransaction` answered: what another module
     * does in the same transaction once the row is gone (the buy requests declining theirs: they are kept for
     * history, no foreign key cascades).
     */
    async delete<T>(id: string, alsoInTransaction?: (tx: Db, id: string) => Promise<T>): Promise<{ row?: ProductRow; also?: T }> {
      return tellAfter(db.transaction(async (tx) => {
        const [row] = await tx.delete(products).where(eq(products.id, id)).returning(productColumns);
        if (!row) return {};
        return { row, also: await alsoInTransaction?.(tx as unknown as Db, id) };
      }));
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
