// All SQL of stolen-photo detection: the photos each listing shows, indexed by hash band (listing_photos), and the
// matches found (photo_matches). It writes only those two tables; the backfill reads the listings' photo columns
// (products, a read model) to index listings stored before hashes existed.
import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingPhotos, photoMatches, products } from '../../db/schema.ts';
import { bandsOf, candidateBands, type PhotoHashes } from '../../lib/dhash.ts';

export interface IndexedPhoto {
  imageId: string;
  hash: bigint;
  uploadedAt: Date;
}

export interface NearCopy {
  productId: string;
  imageId: string;
  /** Bits between the photo (or its mirror image) and this stored photo. */
  distance: number;
  /** Nearer to the photo's mirror image than to the photo. */
  mirrored: boolean;
}

export interface NearCopyQuery {
  hashes: PhotoHashes;
  bits: number;
  /** Only other sellers' photos uploaded before this. */
  sellerId: string;
  before: Date;
  limit: number;
}

export type PhotoMatchRow = typeof photoMatches.$inferSelect;

/** A parameter PostgreSQL and PGlite both read as int[]. */
const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;
const bigintParam = (value: bigint) => sql`${value.toString()}::bigint`;

/** SQL: the Hamming distance between the hash column and `value`. */
const distanceTo = (value: bigint) => sql`bit_count((${listingPhotos.hash} # ${bigintParam(value)})::bit(64))`;

function otherSellersBefore(query: NearCopyQuery): SQL {
  return and(sql`${listingPhotos.sellerId} <> ${query.sellerId}`, sql`${listingPhotos.uploadedAt} < ${query.before.toISOString()}::timestamptz`)!;
}

function nearestQuery(db: Db, query: NearCopyQuery, candidates: SQL | undefined) {
  const direct = distanceTo(query.hashes.hash);
  const mirrored = distanceTo(query.hashes.mirror);
  return db
    .select({
      productId: listingPhotos.productId,
      imageId: listingPhotos.imageId,
      direct: sql<number>`${direct}`.mapWith(Number),
      mirrored: sql<number>`${mirrored}`.mapWith(Number),
    })
    .from(listingPhotos)
    .where(and(candidates, otherSellersBefore(query), sql`least(${direct}, ${mirrored}) <= ${query.bits}`))
    .orderBy(sql`least(${direct}, ${mirrored})`, asc(listingPhotos.productId), asc(listingPhotos.imageId))
    .limit(query.limit);
}

async function nearest(db: Db, query: NearCopyQuery, candidates: SQL | undefined): Promise<NearCopy[]> {
  const rows = await nearestQuery(db, query, candidates);
  return rows.map((r) => ({
    productId: r.productId,
    imageId: r.imageId,
    distance: Math.min(r.direct, r.mirrored),
    mirrored: r.mirrored < r.direct,
  }));
}

/** SQL: the stored hashes that share a candidate value in one of the four bands (each band's index looked up). */
function bandCandidates(query: NearCopyQuery): SQL {
  const [b0, b1, b2, b3] = candidateBands([query.hashes.hash, query.hashes.mirror], query.bits);
  return or(
    sql`${listingPhotos.band0} = any(${intArray(b0)})`,
    sql`${listingPhotos.band1} = any(${intArray(b1)})`,
    sql`${listingPhotos.band2} = any(${intArray(b2)})`,
    sql`${listingPhotos.band3} = any(${intArray(b3)})`,
  )!;
}

export function createPhotoMatchesRepository(db: Db) {
  return {
    /** Forgets every indexed photo of a seller (their account is being deleted), in the deletion's transaction. */
    async forgetSeller(tx: Db, sellerId: string): Promise<void> {
      await tx.delete(listingPhotos).where(sql`${listingPhotos.sellerId} = ${sellerId}`);
    },

    /** Makes the listing's indexed photos exactly these (dropped ones go, new ones come; kept ones keep their row). */
    async setListingPhotos(productId: string, sellerId: string, photos: IndexedPhoto[]): Promise<void> {
      await db.transaction(async (tx) => {
        const ids = photos.map((p) => p.imageId);
        await tx
          .delete(listingPhotos)
          .where(and(eq(listingPhotos.productId, productId), ids.length > 0 ? notInArray(listingPhotos.imageId, ids) : undefined));
        if (photos.length === 0) return;
        await tx
          .insert(listingPhotos)
          .values(
            photos.map((p) => {
              const [band0, band1, band2, band3] = bandsOf(p.hash);
              return { productId, imageId: p.imageId, sellerId, hash: p.hash, band0, band1, band2, band3, uploadedAt: p.uploadedAt };
            }),
          )
          .onConflictDoNothing();
      });
    },

    /**
     * Other sellers' earlier photos within `bits` of the photo or of its mirror image, nearest first: multi-index
     * hashing, a lookup of each band's candidate values in its index, then the exact distance of those candidates.
     */
    nearCopies: (query: NearCopyQuery): Promise<NearCopy[]> => nearest(db, query, bandCandidates(query)),

    /** nearCopies (or the scan) run under EXPLAIN ANALYZE: its plan, and its planning and execution time in the database. */
    async explainNearCopies(query: NearCopyQuery, how: 'index' | 'scan' = 'index'): Promise<{ plan: string[]; ms: number }> {
      const statement = nearestQuery(db, query, how === 'index' ? bandCandidates(query) : undefined);
      const result = await db.execute(sql`explain (analyze, costs off) ${statement}`);
      const plan = (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']);
      const time = (label: string) => Number(/([\d.]+) ms/.exec(plan.find((l) => l.startsWith(label)) ?? '')?.[1] ?? Number.NaN);
      return { plan, ms: time('Planning Time') + time('Execution Time') };
    },

    /** The same answer from a scan of every hash (what the index must agree with; the benchmark's yardstick). */
    nearCopiesByScan: (query: NearCopyQuery): Promise<NearCopy[]> => nearest(db, query, undefined),

    /**
     * Stores the matches in `tx` and answers those that are new (a pair already stored, from an earlier edit, is
     * not reported again).
     */
    async insertMatches(tx: Db, rows: (typeof photoMatches.$inferInsert)[]): Promise<PhotoMatchRow[]> {
      if (rows.length === 0) return [];
      return tx.insert(photoMatches).values(rows).onConflictDoNothing().returning();
    },

    /** The stored matches of these listings (as the copy), oldest first. */
    async matchesOf(productIds: string[]): Promise<PhotoMatchRow[]> {
      if (productIds.length === 0) return [];
      return db
        .select()
        .from(photoMatches)
        .where(inArray(photoMatches.productId, productIds))
        .orderBy(asc(photoMatches.createdAt), asc(photoMatches.id));
    },

    /** One page of every listing's seller and photo columns, oldest first, after the keyset `after`. */
    async listingsPage(after: { createdAt: Date; id: string } | undefined, limit: number) {
      return db
        .select({
          id: products.id,
          sellerId: products.sellerId,
          createdAt: products.createdAt,
          image1: products.image1,
          image2: products.image2,
          image3: products.image3,
          image4: products.image4,
        })
        .from(products)
        .where(after ? sql`(${products.createdAt}, ${products.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined)
        .orderBy(asc(products.createdAt), asc(products.id))
        .limit(limit);
    },

    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Db)),
  };
}
export type PhotoMatchesRepository = ReturnType<typeof createPhotoMatchesRepository>;
