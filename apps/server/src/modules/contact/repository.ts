import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export function createContactRepository(db: Db) {
  return {
    async insert(row: typeof contactMessages.$inferInsert): Promise<void> {
      await db.insert(contactMessages).values(row);
    },
    async markMailed(id: string, at: Date): Promise<void> {
      await db.update(contactMessages).set({ mailedAt: at }).where(eq(contactMessages.id, id));
    },
  };
}
