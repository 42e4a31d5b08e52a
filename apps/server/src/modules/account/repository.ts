// All SQL of the account module: the security events kept about an account for its owner.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { securityEvents } from '../../db/schema.ts';

export function createSecurityEventsRepository(db: Db) {
  return {
    async insert(row: typeof securityEvents.$inferInsert): Promise<void> {
      await db.insert(securityEvents).values(row);
    },
    /** Oldest first (the export). */
    async ofUser(userId: string) {
      return db.select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(asc(securityEvents.createdAt), asc(securityEvents.id));
    },
  };
}

/** An account's deletion, on its transaction `tx`. */
export async function deleteSecurityEventsIn(tx: Db, userId: string): Promise<void> {
  await tx.delete(securityEvents).where(eq(securityEvents.userId, userId));
}
