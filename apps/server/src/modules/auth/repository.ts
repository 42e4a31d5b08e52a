import { and, eq, gt, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export function createSessionsRepository(db: Db) {
  /** The live session (with its user) that `which` picks. */
  async function findLive(which: SQL, now: Date) {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(which, gt(sessions.expiresAt, now)))
      .limit(1);
    return row;
  }

  return {
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    /** By the hash of the cookie secret. */
    findLiveByTokenHash: (tokenHash: string, now: Date) => findLive(eq(sessions.tokenHash, tokenHash), now),
    /** By session id (what an access token names). */
    findLiveById: (id: string, now: Date) => findLive(eq(sessions.id, id), now),
    async deleteById(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteByTokenHash(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
    async deleteForUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteExpiredForUser(userId: string, now: Date): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lte(sessions.expiresAt, now));
    },
    async deleteForUserExcept(userId: string, keepId: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
    },
  };
}
