// All SQL of two-step sign-in: TOTP secrets, recovery codes, and password sign-ins waiting for their second factor.
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { LOGIN_CHALLENGE_TRIES } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import { loginChallenges, recoveryCodes, totpSecrets } from '../../db/schema.ts';

export type TotpRow = typeof totpSecrets.$inferSelect;
export type ChallengeRow = typeof loginChallenges.$inferSelect;

export function createTwoFactorRepository(db: Db) {
  return {
    async find(userId: string): Promise<TotpRow | undefined> {
      const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
      return row;
    },
    /** A new secret waiting for its first code; false when two-step sign-in is already on (the secret stays). */
    async putPending(userId: string, secret: string): Promise<boolean> {
      const rows = await db
        .insert(totpSecrets)
        .values({ userId, secret })
        .onConflictDoUpdate({ target: totpSecrets.userId, set: { secret, lastStep: 0, createdAt: sql`now()` }, setWhere: isNull(totpSecrets.enabledAt) })
        .returning({ userId: totpSecrets.userId });
      return rows.length === 1;
    },
    /** Turns it on with the code of `step`, and stores the recovery codes' hashes, in one transaction. */
    async enable(userId: string, step: number, codeHashes: { id: string; codeHash: string }[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(totpSecrets)
          .set({ enabledAt: sql`now()`, lastStep: step })
          .where(and(eq(totpSecrets.userId, userId), isNull(totpSecrets.enabledAt), lt(totpSecrets.lastStep, step)))
          .returning({ userId: totpSecrets.userId });
        if (rows.length === 0) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((c) => ({ ...c, userId })));
        return true;
      });
    },
    /** A code is accepted once: only a step after the last accepted one moves it (two uses at once: one wins). */
    async acceptStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(totpSecrets)
        .set({ lastStep: step })
        .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.enabledAt), lt(totpSecrets.lastStep, step)))
        .returning({ userId: totpSecrets.userId });
      return rows.length === 1;
    },
    async disable(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
      });
    },
    /** Spends a recovery code (single use, in one statement). */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },
    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
    async insertChallenge(row: typeof loginChallenges.$inferInsert): Promise<void> {
      await db.insert(loginChallenges).values(row);
    },
    /**
     * Counts one try against a live challenge before its code is checked, in one statement, so concurrent guesses
     * cannot pass a count read under the budget; undefined when it is unknown, spent, expired or out of tries.
     */
    async claimTry(tokenHash: string, now: Date): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .update(loginChallenges)
        .set({ failures: sql`${loginChallenges.failures} + 1` })
        .where(
          and(
            eq(loginChallenges.tokenHash, tokenHash),
            isNull(loginChallenges.usedAt),
            gt(loginChallenges.expiresAt, now),
            lt(loginChallenges.failures, LOGIN_CHALLENGE_TRIES),
          ),
        )
        .returning();
      return row;
    },
    /** Spends a challenge: single use. */
    async spendChallenge(id: string): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      return rows.length === 1;
    },
    /** Spent and expired challenges go as new ones come. */
    async deleteEndedChallenges(userId: string, now: Date): Promise<void> {
      await db.delete(loginChallenges).where(and(eq(loginChallenges.userId, userId), sql`(${loginChallenges.usedAt} is not null or ${loginChallenges.expiresAt} <= ${now.toISOString()}::timestamptz)`));
    },
  };
}

/** An account's deletion, on its transaction `tx`. */
export async function deleteTwoFactorIn(tx: Db, userId: string): Promise<void> {
  await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}
