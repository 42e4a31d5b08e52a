// All SQL of stored images. To tell whether an image is still shown it reads the other modules' image columns
// (listings, profiles, categories, buy requests): a read model, the one place that knows them; it writes only images.
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import { IMAGE_WIDTHS, STORED_IMAGE_PREFIX, storedImageUrl } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import type { PhotoHashes } from '../../lib/dhash.ts';
import { buyerRequests, categories, images, products, users } from '../../db/schema.ts';

export type ImageRow = typeof images.$inferSelect;

/**
 * Locks the stored images a listing names (FOR SHARE) inside the listing's transaction `tx`, so releasing
 * an image (which locks it FOR UPDATE, then looks for references) waits for that write and then sees
 * it. Answers the ids that are no longer stored.
 */
export async function lockStoredImages(tx: Db, imageIds: string[]): Promise<string[]> {
  if (imageIds.length === 0) return [];
  const rows = await tx.select({ id: images.id }).from(images).where(inArray(images.id, imageIds)).for('share');
  const found = new Set(rows.map((r) => r.id));
  return imageIds.filter((id) => !found.has(id));
}

/** Every URL a stored image is known by (one per width): a listing may name any of them. */
const urlsOf = (ids: string[]) => ids.flatMap((id) => IMAGE_WIDTHS.map((w) => storedImageUrl(id, w)));

/**
 * The ids among `ids` that something still shows: a listing's image1..4, a user's photo, a category's
 * picture, or a buy request's image1 (a closed trade keeps its picture). This is the one place that
 * knows which columns hold image URLs; each is indexed (migration 0005) but the categories' image, whose few rows
 * are read whole.
 */
async function referencedIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const urls = urlsOf(ids);
  const found = await db.execute(sql`
    select u from (
      select ${products.image1} as u from ${products} where ${inArray(products.image1, urls)}
      union select ${products.image2} from ${products} where ${inArray(products.image2, urls)}
      union select ${products.image3} from ${products} where ${inArray(products.image3, urls)}
      union select ${products.image4} from ${products} where ${inArray(products.image4, urls)}
      union select ${users.photoUrl} from ${users} where ${inArray(users.photoUrl, urls)}
      union select ${categories.image} from ${categories} where ${inArray(categories.image, urls)}
      union select ${buyerRequests.image1} from ${buyerRequests} where ${inArray(buyerRequests.image1, urls)}
    ) refs`);
  const rows = (found as unknown as { rows: { u: string }[] }).rows;
  const shown = new Set(rows.map((r) => r.u));
  return new Set(ids.filter((id) => IMAGE_WIDTHS.some((w) => shown.has(storedImageUrl(id, w)))));
}

/** SQL: nothing shows the image of this row (the same columns as referencedIds, one index lookup each). */
function unreferenced(): SQL {
  const urls = sql`array[${sql.join(
    IMAGE_WIDTHS.map((w) => sql`${STORED_IMAGE_PREFIX}::text || ${images.id} || ${`-${w}.webp`}::text`),
    sql`, `,
  )}]`;
  const columns = [
    [products, products.image1],
    [products, products.image2],
    [products, products.image3],
    [products, products.image4],
    [users, users.photoUrl],
    [categories, categories.image],
    [buyerRequests, buyerRequests.image1],
  ] as const;
  return sql.join(
    columns.map(([table, column]) => sql`not exists (select 1 from ${table} where ${column} = any(${urls}))`),
    sql` and `,
  );
}

/** An account's deletion, on its transaction `tx`: the user's uploads become unowned; answers their ids. */
export async function disownImagesOf(tx: Db, ownerId: string): Promise<string[]> {
  const rows = await tx.update(images).set({ ownerId: null }).where(eq(images.ownerId, ownerId)).returning({ id: images.id });
  return rows.map((r) => r.id);
}

/** A user's uploads, oldest first (their data export). */
export async function imagesOf(db: Db, ownerId: string): Promise<ImageRow[]> {
  return db.select().from(images).where(eq(images.ownerId, ownerId)).orderBy(images.createdAt, images.id);
}

export function createImagesRepository(db: Db) {
  return {
    async insert(row: typeof images.$inferInsert): Promise<void> {
      await db.insert(images).values(row);
    },

    async findById(id: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1);
      return row;
    },

    /** Which of these ids are stored. */
    async existingIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    /** The uploader of each of these ids that is stored (null: stored by the server itself, the demo seed). */
    async ownersOf(ids: string[]): Promise<Map<string, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: images.id, ownerId: images.ownerId }).from(images).where(inArray(images.id, ids));
      return new Map(rows.map((r) => [r.id, r.ownerId]));
    },

    /** The hashes of those of `ids` that are hashed, with their upload time. */
    async hashesOf(ids: string[]): Promise<Map<string, PhotoHashes & { uploadedAt: Date }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: images.id, hash: images.phash, mirror: images.phashMirror, uploadedAt: images.createdAt })
        .from(images)
        .where(and(inArray(images.id, ids), isNotNull(images.phash), isNotNull(images.phashMirror)));
      return new Map(rows.map((r) => [r.id, { hash: r.hash!, mirror: r.mirror!, uploadedAt: r.uploadedAt }]));
    },

    /** Up to `limit` ids of images without a hash, oldest first (the hash backfill's batches; failed ones come back). */
    async unhashed(limit: number, after = ''): Promise<string[]> {
      const rows = await db
        .select({ id: images.id })
        .from(images)
        .where(and(isNull(images.phash), sql`${images.id} > ${after}`))
        .orderBy(asc(images.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async setHashes(id: string, hashes: PhotoHashes): Promise<void> {
      await db.update(images).set({ phash: hashes.hash, phashMirror: hashes.mirror }).where(eq(images.id, id));
    },

    /** Bytes stored for one owner (all widths). */
    async bytesOf(ownerId: string): Promise<number> {
      const [row] = await db.select({ total: sum(images.bytes) }).from(images).where(eq(images.ownerId, ownerId));
      return Number(row?.total ?? 0);
    },

    referencedIds: (ids: string[]) => referencedIds(db, ids),

    /**
     * Deletes the rows of those candidates nothing shows, answering their ids (the caller removes the
     * files after the commit). Candidates are locked FOR UPDATE before the references are read, so a
     * listing being written with one of them (which locks it FOR SHARE) either commits first and is
     * seen, or finds it gone. SKIP LOCKED lets several processes sweep at once without waiting on or
     * deleting each other's rows. Candidates are the given ids, further limited by `where`.
     */
    async deleteUnreferenced(where: { ids?: string[]; ownerOrOlderThan?: { ownerId: string | null; before: Date }; olderThan?: Date; limit?: number }): Promise<string[]> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const conditions = [
          where.ids ? inArray(images.id, where.ids) : undefined,
          // The sweep looks only at images that look unused, so a batch is not filled with ones in use.
          where.olderThan ? and(lt(images.createdAt, where.olderThan), unreferenced()) : undefined,
          where.ownerOrOlderThan
            ? or(
                where.ownerOrOlderThan.ownerId ? eq(images.ownerId, where.ownerOrOlderThan.ownerId) : undefined,
                lt(images.createdAt, where.ownerOrOlderThan.before),
              )
            : undefined,
        ];
        let query = t.select({ id: images.id }).from(images).where(and(...conditions)).orderBy(images.createdAt).$dynamic();
        if (where.limit) query = query.limit(where.limit);
        const locked = (await query.for('update', { skipLocked: true })).map((r) => r.id);
        if (locked.length === 0) return [];
        const shown = await referencedIds(t, locked);
        const unused = locked.filter((id) => !shown.has(id));
        if (unused.length > 0) await t.delete(images).where(inArray(images.id, unused));
        return unused;
      });
    },

    /**
     * Deletes one image's row if nothing shows it: 'deleted', 'in-use', or 'gone' (unknown, or being
     * deleted by someone else right now). Locks as deleteUnreferenced does, waiting for the lock.
     */
    async deleteIfUnreferenced(id: string): Promise<'deleted' | 'in-use' | 'gone'> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const [row] = await t.select({ id: images.id }).from(images).where(eq(images.id, id)).for('update');
        if (!row) return 'gone';
        if ((await referencedIds(t, [id])).size > 0) return 'in-use';
        await t.delete(images).where(eq(images.id, id));
        return 'deleted';
      });
    },

    async delete(id: string): Promise<number> {
      const rows = await db.delete(images).where(eq(images.id, id)).returning({ id: images.id });
      return rows.length;
    },
  };
}
