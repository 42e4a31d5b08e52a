import { and, desc, eq, gt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { SESSION_IDLE_MS } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

/**
 * How stale last_seen_at may get before a use of the session writes it again: a page load makes several
 * calls, and each would otherwise be a write. The idle limit is days, so minutes of slack change nothing.
 */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_MS);
/** Live: before its hard limit, and used within the idle limit. */
const live = (now: Date) => and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince(now)));
/** Ended by either limit: what the sweeps delete. */
const ended = (now: Date) => or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince(now)));

/** An account's deletion, on its transaction `tx`: every session ends. */
export async function deleteSessionsIn(tx: Db, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export function createSessionsRepository(db: Db) {
  /** The live session (with its user) that `which` picks; a use of it moves last_seen_at (throttled). */
  async function findLive(which: SQL, now: Date) {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(which, live(now)))
      .limit(1);
    if (row && now.getTime() - row.session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      // Conditional, so concurrent requests of one page load write at most once between them.
      const stale = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS);
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(and(eq(sessions.id, row.session.id), lte(sessions.lastSeenAt, stale)));
      row.session.lastSeenAt = now;
    }
    return row;
  }

  return {
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    /**
     * A session for a password sign-in, only while the user still has the password hash the sign-in checked,
     * in one statement: a reset, change or Google takeover that landed during the check (and ended the
     * sessions) leaves nothing for it to revive. False when refused.
     */
    async insertIfPasswordIs(row: typeof sessions.$inferInsert & { userAgent: string }, checkedHash: string): Promise<boolean> {
      const result = await db.execute(sql`
        insert into ${sessions} (id, token_hash, user_id, expires_at, user_agent)
        select ${row.id}, ${row.tokenHash}, ${users.id}, ${row.expiresAt.toISOString()}::timestamptz, ${row.userAgent}
        from ${users} where ${users.id} = ${row.userId} and ${users.passwordHash} = ${checkedHash}
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length === 1;
    },
    /** By the hash of the cookie secret. */
    findLiveByTokenHash: (tokenHash: string, now: Date) => findLive(eq(sessions.tokenHash, tokenHash), now),
    /** By session id (what an access token names). */
    findLiveById: (id: string, now: Date) => findLive(eq(sessions.id, id), now),
    /** A user's live sessions, newest sign-in first. */
    async listLiveForUser(userId: string, now: Date) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), live(now)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id));
    },
    /** Every session of a user, live or not, newest first (their data export). */
    async listForUser(userId: string) {
      return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt), desc(sessions.id));
    },
    async findById(id: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row;
    },
    async deleteById(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    /** One session, only if it is this user's: how many went (0 or 1). */
    async deleteOwn(userId: string, id: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async deleteByTokenHash(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
    async deleteForUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    /** Every session of the user but `keepId`: how many went. */
    async deleteForUserExcept(userId: string, keepId: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async deleteExpiredForUser(userId: string, now: Date): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ended(now)));
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(ended(now));
    },
  };
}
