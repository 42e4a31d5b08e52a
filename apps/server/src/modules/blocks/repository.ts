// All SQL of blocks (the user_blocks table). The blocked list reads the users table for names and photos: a read
// model, as the module recipe allows (docs/modules.md).
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userBlocks, users } from '../../db/schema.ts';

export interface BlockedUserRow {
  /** The blocked user's id (the list's cursor names it). */
  id: string;
  name: string;
  photoUrl: string;
  createdAt: Date;
}

/** Either user of the pair blocked the other. */
const between = (a: string, b: string) =>
  or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)));

/**
 * Serialises everything that may start between two users (a block, a buy request) for the rest of the transaction
 * `tx`, whichever of the two comes first: a block never misses a request sent while it commits. The key is the pair
 * in a fixed order, so A-B and B-A take the same lock.
 */
export async function lockPair(tx: Db, a: string, b: string): Promise<void> {
  const [first, second] = a < b ? [a, b] : [b, a];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`og-block:${first}:${second}`}, 0))`);
}

/** Whether either of the two blocked the other, read on `db` (a transaction, or the pool). */
export async function blockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(userBlocks).where(between(a, b)).limit(1);
  return row !== undefined;
}

/** Every block `userId` made or was the target of (an account's deletion, in its transaction `tx`). */
export async function deleteBlocksOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
}

export function createBlocksRepository(db: Db) {
  return {
    /** Runs `work` in one transaction; `tx` is handed to the other module's part of it (its requests). */
    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Db)),

    /** Inserts the block (in `tx`, after lockPair); answers when it was made, also when it existed already. */
    async insert(tx: Db, blockerId: string, blockedId: string): Promise<{ createdAt: Date; isNew: boolean }> {
      const [inserted] = await tx
        .insert(userBlocks)
        .values({ blockerId, blockedId })
        .onConflictDoNothing()
        .returning({ createdAt: userBlocks.createdAt });
      if (inserted) return { createdAt: inserted.createdAt, isNew: true };
      const [existing] = await tx
        .select({ createdAt: userBlocks.createdAt })
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
      return { createdAt: existing!.createdAt, isNew: false };
    },

    async countBy(tx: Db, blockerId: string): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(userBlocks).where(eq(userBlocks.blockerId, blockerId));
      return Number(row?.n ?? 0);
    },

    async delete(blockerId: string, blockedId: string): Promise<number> {
      const rows = await db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
        .returning({ id: userBlocks.blockedId });
      return rows.length;
    },

    /** The users `blockerId` blocked, newest block first; keyset on (created_at, blocked id). */
    async list(blockerId: string, limit: number, after?: [string, string]): Promise<BlockedUserRow[]> {
      const conditions = [eq(userBlocks.blockerId, blockerId)];
      if (after) conditions.push(sql`(${userBlocks.createdAt}, ${userBlocks.blockedId}) < (${after[0]}::timestamptz, ${after[1]})`);
      return db
        .select({ id: userBlocks.blockedId, name: users.name, photoUrl: users.photoUrl, createdAt: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(and(...conditions))
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
        .limit(limit);
    },

    /** Everyone `userId` blocked or was blocked by: whose listings `userId` does not see. */
    async hiddenFor(userId: string): Promise<string[]> {
      const result = await db.execute<{ id: string }>(sql`
        select blocked_id as id from ${userBlocks} where blocker_id = ${userId}
        union
        select blocker_id as id from ${userBlocks} where blocked_id = ${userId}`);
      return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    },

    blockedBetween: (a: string, b: string) => blockedBetween(db, a, b),
  };
}
export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
