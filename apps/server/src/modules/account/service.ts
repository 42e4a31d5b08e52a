// Your account is yours (docs/product.md#your-account-is-yours): delete it, download its data, and the security events
// kept for that download. What each module keeps is its own part (lib/account-lifecycle.ts, wired in app.ts).
import { ACCOUNT_MESSAGES } from '@olden/contracts';
import type { AccountLifecycle, AccountPart } from '../../lib/account-lifecycle.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RecordAccountEvent } from '../../lib/security-log.ts';
import type { AccountMail } from '../accounts/mails.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { UsersService } from '../users/service.ts';
import { createSecurityEventsRepository, deleteSecurityEventsIn } from './repository.ts';

/** One export per ACCOUNT_EXPORT_MINUTES (an hour by default) per user. */
const EXPORTS_PER_WINDOW = 1;

/** The security events kept about an account (for its owner's export); a failure to keep one is logged, never thrown. */
export function createSecurityEvents(ctx: AppContext) {
  const repo = createSecurityEventsRepository(ctx.db);
  const record: RecordAccountEvent = async (userId, event, ip) => {
    try {
      await repo.insert({ id: newId(), userId, event, ip: ip ?? null });
    } catch (err) {
      ctx.log.error({ err, event }, 'security event not kept');
    }
  };
  return {
    record,
    accountPart(): AccountPart {
      return {
        module: 'account',
        tables: ['security_events'],
        order: 90,
        onDelete: (tx, userId) => deleteSecurityEventsIn(tx, userId),
        exportFor: async (userId) => ({
          securityEvents: (await repo.ofUser(userId)).map((e) => ({ _id: e.id, event: e.event, ip: e.ip, createdAt: e.createdAt.toISOString() })),
        }),
      };
    },
  };
}
export type SecurityEvents = ReturnType<typeof createSecurityEvents>;

export function createAccountService(
  ctx: AppContext,
  deps: { users: UsersService; auth: AuthService; accounts: AccountsService; accountMail: AccountMail; lifecycle: AccountLifecycle },
) {
  const { users, auth, accounts, accountMail, lifecycle } = deps;
  return {
    /**
     * DELETE /users/me: the password, or for an account without one (Google) a sign-in within the last REAUTH_MINUTES
     * (10 by default).
     * Every registered part runs in one transaction (any refusal rolls all of it back); every session ends; the old
     * address is told.
     */
    async deleteOwn(caller: AuthUser, password: string | undefined): Promise<void> {
      const row = await users.findById(caller.id);
      if (!row || row.deletedAt) throw unauthenticated();
      users.assertDeletable(row);
      if (row.passwordHash) {
        if (password === undefined) {
          throw new AppError('VALIDATION', 'Your password is required', { details: [{ path: 'password', message: 'Your password is required' }] });
        }
        await accounts.checkPassword(caller, password);
      } else {
        const since = await auth.sessionStartedAt(caller.sessionId);
        if (!since || Date.now() - since.getTime() > ctx.config.REAUTH_MINUTES * 60_000) throw new AppError('REAUTH_REQUIRED', ACCOUNT_MESSAGES.reauthRequired);
      }
      await lifecycle.deleteUser(ctx.db, row.id, ctx.log);
      accountMail.sendAccountDeletedLater(row);
    },

    /** GET /users/me/export: one per ACCOUNT_EXPORT_MINUTES per user. */
    async exportOwn(caller: AuthUser): Promise<{ exportedAt: string } & Record<string, unknown>> {
      await enforceBudget(ctx, 'account-export', caller.id, EXPORTS_PER_WINDOW, Math.round(ctx.config.ACCOUNT_EXPORT_MINUTES * 60_000));
      return { exportedAt: new Date().toISOString(), ...(await lifecycle.exportFor(caller.id)) };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
