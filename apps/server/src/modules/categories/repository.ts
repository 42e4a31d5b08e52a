import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

export function createCategoriesRepository(db: Db) {
  return {
    list: () => db.select().from(categories).orderBy(asc(categories.position)),
    async upsertMany(rows: (typeof categories.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(categories)
        .values(rows)
        .onConflictDoUpdate({
          target: categories.category,
          set: {
            title: sql`excluded.title`,
            categoryName: sql`excluded.category_name`,
            image: sql`excluded.image`,
            position: sql`excluded.position`,
          },
        });
    },
  };
}
