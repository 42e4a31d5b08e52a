// An account's lifecycle across modules: deleting it (DELETE /api/users/me) and exporting it
// (GET /api/users/me/export). Each module that keeps something about a user registers one part here (wired in
// app.ts): the tables it answers for, what deleting the user does to them inside the one deletion transaction,
// and its section of the export. account-ownership.test.ts walks the schema: a table with a user column that no
// registered part names fails it, so a new module cannot forget the user's rights (docs/decisions/024).
import type { Db } from '../db/client.ts';

/** Work a part asks to run once the deletion committed (mails, files): never before, so a rollback tells nobody. */
export type AfterCommit = () => void | Promise<void>;

export interface AccountPart {
  /** The module, for logs and test messages. */
  module: string;
  /** SQL names of the tables this part answers for (every table holding a column that names a user). */
  tables: readonly string[];
  /**
   * Parts run in ascending `order` inside one transaction (default 50): listings (10) before buy requests (20),
   * so the lock order of the trade (the listing, then its requests) holds; the users row's tombstone last (100).
   */
  order?: number;
  /** Removes or anonymises this module's data about `userId` on the deletion transaction `tx`. */
  onDelete?: (tx: Db, userId: string) => Promise<AfterCommit | void>;
  /** Tables of `tables` whose rows the export leaves out on purpose, each with why (secrets, sign-ins in flight). */
  notExported?: Readonly<Record<string, string>>;
  /** This module's sections of the user's export; other users by name only. */
  exportFor?: (userId: string) => Promise<Record<string, unknown>>;
}

export function createAccountLifecycle() {
  const parts: AccountPart[] = [];
  const sorted = () => [...parts].sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
  return {
    register(part: AccountPart): void {
      parts.push(part);
    },
    parts: (): readonly AccountPart[] => sorted(),
    /** Every part's onDelete in one transaction; their after-commit work once it committed (a failure is logged). */
    async deleteUser(db: Db, userId: string, log: { error: (obj: object, msg: string) => void }): Promise<void> {
      const after: AfterCommit[] = [];
      await db.transaction(async (tx) => {
        for (const part of sorted()) {
          const then = await part.onDelete?.(tx as unknown as Db, userId);
          if (then) after.push(then);
        }
      });
      for (const then of after) {
        try {
          await then();
        } catch (err) {
          log.error({ err, userId }, 'account deletion: after-commit work failed');
        }
      }
    },
    /** The export: every part's sections, merged in part order. */
    async exportFor(userId: string): Promise<Record<string, unknown>> {
      const out: Record<string, unknown> = {};
      for (const part of sorted()) Object.assign(out, await part.exportFor?.(userId));
      return out;
    },
  };
}
export type AccountLifecycle = ReturnType<typeof createAccountLifecycle>;

/** How a deleted account's tombstone and the rows others keep name it. */
export const DELETED_USER_NAME = 'Deleted user';
/** A deleted account's email: unique, never deliverable (.invalid), so the real address is free at once. */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;
