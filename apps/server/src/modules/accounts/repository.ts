import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountTokens, emailChanges } from '../../db/schema.ts';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** Unused, unexpired, of this purpose, and the newest of its user's for that purpose. */
const usable = (tokenHash: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
    sql`NOT EXISTS (SELECT 1 FROM account_tokens newer WHERE newer.user_id = ${accountTokens.userId}
      AND newer.purpose = ${accountTokens.purpose} AND newer.created_at > ${accountTokens.createdAt})`,
  );

export function createAccountTokensRepository(db: Db) {
  return {
    /** Stores a new token; the user's older unused ones of the same purpose (and spent or expired ones) go. */
    async replace(row: typeof accountTokens.$inferInsert, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(accountTokens)
          .where(
            and(
              eq(accountTokens.userId, row.userId),
              eq(accountTokens.purpose, row.purpose),
              or(isNull(accountTokens.usedAt), lte(accountTokens.expiresAt, now)),
            ),
          );
        await tx.insert(accountTokens).values(row);
      });
    },

    /** The account a token would prove, without spending it (a link opened where it cannot be used stays usable). */
    async peek(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<{ userId: string; email: string } | undefined> {
      const [row] = await db
        .select({ userId: accountTokens.userId, email: accountTokens.email })
        .from(accountTokens)
        .where(usable(tokenHash, purpose, now))
        .limit(1);
      return row;
    },

    /**
     * Spends a token in one statement, so two uses at once cannot both win: only an unused, unexpired token
     * of this purpose with no newer one of the same purpose (two requests racing past `replace`).
     */
    async consume(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<{ userId: string; email: string } | undefined> {
      const [row] = await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(usable(tokenHash, purpose, now))
        .returning({ userId: accountTokens.userId, email: accountTokens.email });
      return row;
    },

    /** Unused tokens of a user (a password set by reset or change voids pending reset links). */
    async deleteUnused(userId: string, purpose: TokenPurpose): Promise<void> {
      await db
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    },
  };
}
export type AccountTokensRepository = ReturnType<typeof createAccountTokensRepository>;

/** Pending email changes: the newest unused, unexpired one of its user is the only usable one. */
const usableChange = (tokenHash: string, now: Date) =>
  and(
    eq(emailChanges.tokenHash, tokenHash),
    isNull(emailChanges.usedAt),
    gt(emailChanges.expiresAt, now),
    sql`NOT EXISTS (SELECT 1 FROM email_changes newer WHERE newer.user_id = ${emailChanges.userId} AND newer.created_at > ${emailChanges.createdAt})`,
  );

export function createEmailChangesRepository(db: Db) {
  return {
    /** A new pending change; the user's older unused ones stop working (they are deleted). */
    async replace(row: typeof emailChanges.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(emailChanges).where(and(eq(emailChanges.userId, row.userId), isNull(emailChanges.usedAt)));
        await tx.insert(emailChanges).values(row);
      });
    },
    /** Who a link belongs to, without spending it. */
    async peek(tokenHash: string, now: Date) {
      const [row] = await db.select().from(emailChanges).where(usableChange(tokenHash, now)).limit(1);
      return row;
    },
    /** Spends a link on the confirmation's transaction `tx`, in one statement (two uses at once: one wins). */
    async consumeIn(tx: Db, tokenHash: string, now: Date) {
      const [row] = await tx.update(emailChanges).set({ usedAt: now }).where(usableChange(tokenHash, now)).returning();
      return row;
    },
    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Db)),
  };
}

/** An account's deletion, on its transaction `tx`: its mailed links (and pending email changes) go. */
export async function deleteAccountTokensIn(tx: Db, userId: string): Promise<void> {
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
}
