import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * An account's deletion, first on its transaction `tx`: locks every admin row (in id order, as demote does, so the
 * last admin can never delete themselves while another demotes them) and the user's row; answers what refuses it.
 */
export async function lockForDeletion(
  tx: Db,
  userId: string,
  isProtected: (email: string) => boolean,
): Promise<'ok' | 'gone' | 'protected' | 'last-admin'> {
  const admins = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
  const [row] = await tx.select({ id: users.id, role: users.role, email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).for('update');
  if (!row || row.deletedAt) return 'gone';
  if (row.role !== 'admin') return 'ok';
  if (isProtected(row.email)) return 'protected';
  return admins.length < 2 ? 'last-admin' : 'ok';
}

/** The tombstone a deleted account leaves: its id, its creation date, and nothing of the person. */
export async function tombstone(tx: Db, userId: string, fields: { name: string; email: string; photoUrl: string }): Promise<void> {
  await tx
    .update(users)
    .set({ ...fields, passwordHash: null, oidcSubject: null, emailVerified: false, notifyByEmail: false, savedSearchDigest: false, role: 'user', deletedAt: new Date() })
    .where(eq(users.id, userId));
}

/** An email change on `tx`: only while the account still has `from`; the new address is proven by its link. */
export async function setEmail(tx: Db, id: string, from: string, to: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ email: to, emailVerified: true })
    .where(and(eq(users.id, id), eq(users.email, from), isNull(users.deletedAt)))
    .returning();
  return row;
}

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** The users of these ids that exist, in no particular order (one statement, for a job's batch). */
    async findByIds(ids: readonly string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, [...ids]));
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findByOidcSubject(subject: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
      return row;
    },
    /** Inserts unless the email exists; returns the row, and whether it was new. */
    async insertIfAbsent(row: NewUserRow): Promise<{ user: UserRow; created: boolean }> {
      const [inserted] = await db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning();
      if (inserted) return { user: inserted, created: true };
      const existing = await this.findByEmail(row.email);
      if (!existing) throw new Error('user vanished during insert');
      return { user: existing, created: false };
    },
    async update(id: string, patch: Partial<NewUserRow>): Promise<number> {
      const rows = await db.update(users).set(patch).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length;
    },
    async updateReturning(id: string, patch: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },
    async promote(id: string): Promise<number> {
      const rows = await db
        .update(users)
        .set({ role: 'admin' })
        .where(and(eq(users.id, id), eq(users.role, 'user')))
        .returning({ id: users.id });
      return rows.length;
    },
    /**
     * Takes the admin role from `id` on behalf of `callerId`, in one transaction that locks every admin row
     * first (in id order, so two of these never deadlock). Under READ COMMITTED two bare
     * `UPDATE ... WHERE (SELECT count(*) ...) >= 1` can both see two admins and leave none; here the
     * second waits for the first, then re-reads the admins as they are after it: the caller it demoted is
     * no admin any more, and the last admin is never demoted. `protect` is asked about the locked row.
     */
    async demote(
      callerId: string,
      id: string,
      isProtected: (email: string) => boolean,
    ): Promise<'demoted' | 'not-admin' | 'caller-not-admin' | 'protected' | 'last-admin'> {
      return db.transaction(async (tx) => {
        const admins = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.id))
          .for('update');
        if (!admins.some((a) => a.id === callerId)) return 'caller-not-admin';
        const target = admins.find((a) => a.id === id);
        if (!target) return 'not-admin';
        if (isProtected(target.email)) return 'protected';
        if (admins.length < 2) return 'last-admin';
        await tx.update(users).set({ role: 'user' }).where(eq(users.id, id));
        return 'demoted';
      });
    },
    async promoteByEmail(email: string, options: { verifiedOnly?: boolean } = {}): Promise<number> {
      const which = options.verifiedOnly ? and(eq(users.email, email), eq(users.emailVerified, true)) : eq(users.email, email);
      const rows = await db.update(users).set({ role: 'admin' }).where(which).returning({ id: users.id });
      return rows.length;
    },
    /** Only while the account still has this email. */
    async markEmailVerified(id: string, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ emailVerified: true })
        .where(and(eq(users.id, id), eq(users.email, email)))
        .returning();
      return row;
    },
    async delete(id: string): Promise<number> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length;
    },
    /** A ban: only while the row is no admin, so a promotion that lands first makes this delete nothing. */
    async deleteUnlessAdmin(id: string): Promise<number> {
      const rows = await db.delete(users).where(and(eq(users.id, id), eq(users.role, 'user'))).returning({ id: users.id });
      return rows.length;
    },
    /** Oldest first, keyset on (created_at, id). */
    async list(limit: number, after?: [string, string]): Promise<UserRow[]> {
      const where = after
        ? or(gt(users.createdAt, new Date(after[0])), and(eq(users.createdAt, new Date(after[0])), gt(users.id, after[1])))
        : undefined;
      // Deleted accounts' tombstones are nobody an admin can act on.
      return db.select().from(users).where(and(isNull(users.deletedAt), where)).orderBy(asc(users.createdAt), asc(users.id)).limit(limit);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
