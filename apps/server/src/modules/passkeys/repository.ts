// All SQL of passkeys: the credentials and the single-use WebAuthn challenges.
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

export function createPasskeysRepository(db: Db) {
  return {
    async insertChallenge(row: typeof passkeyChallenges.$inferInsert, now: Date): Promise<void> {
      // Expired ones go as new ones come.
      await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
      await db.insert(passkeyChallenges).values(row);
    },
    /** Spends a challenge (single use, in one statement): the one of this purpose and user, unexpired. */
    async takeChallenge(id: string, purpose: 'register' | 'login', userId: string | null, now: Date): Promise<string | undefined> {
      const [row] = await db
        .delete(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.id, id),
            eq(passkeyChallenges.purpose, purpose),
            userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
            gt(passkeyChallenges.expiresAt, now),
          ),
        )
        .returning({ challenge: passkeyChallenges.challenge });
      return row?.challenge;
    },
    async insert(row: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
      const [inserted] = await db.insert(passkeys).values(row).returning();
      return inserted!;
    },
    async find(id: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
      return row;
    },
    async ofUser(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },
    /** After a sign-in: the authenticator's counter, only forwards (a cloned key's older counter loses). */
    async used(id: string, counter: number): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter, lastUsedAt: sql`now()` })
        .where(and(eq(passkeys.id, id), sql`(${passkeys.counter} < ${counter} or (${passkeys.counter} = 0 and ${counter} = 0))`))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },
    async deleteOwn(userId: string, id: string): Promise<number> {
      const rows = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
      return rows.length;
    },
  };
}

/** An account's deletion, on its transaction `tx`. */
export async function deletePasskeysIn(tx: Db, userId: string): Promise<void> {
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
}
