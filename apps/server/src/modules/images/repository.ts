import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';

export type ImageRow = typeof images.$inferSelect;

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
    async delete(id: string): Promise<number> {
      const rows = await db.delete(images).where(eq(images.id, id)).returning({ id: images.id });
      return rows.length;
    },
  };
}
