import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export function createSessionsRepository(db: Db) {
  return {
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    /** A live session with its user, by the hash of the cookie secret. */
    async findLiveByTokenHash(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },
    /** A live session with its user, by session id (what an access token names). */
    async findLiveById(id: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },
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
  };
}
