// Accounts you can prove, recover and control: email verification, password reset, password change.
// Every mailed secret is single use and checked against the account's current email.
import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, type ChangeEmailBody, type ChangePasswordBody, sameEmail } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import { newId } from '../../lib/ids.ts';
import { PG_UNIQUE_VIOLATION, pgCode } from '../../lib/pg-errors.ts';
import type { RecordAccountEvent } from '../../lib/security-log.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { type AppContext, claimAttempt, enforceAddressBudget, enforceBudget, rateLimited } from '../../lib/context.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AuthService } from '../auth/service.ts';
import type { UsersService } from '../users/service.ts';
import { type AccountMail, hashToken } from './mails.ts';
import { createAccountTokensRepository, createEmailChangesRepository, deleteAccountTokensIn } from './repository.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export const ACCOUNT_BUDGETS = {
  /** Fresh verification links a signed-in user may ask for. */
  verifySendPerUser: { max: 5, windowMs: ONE_HOUR },
  /** Reset requests: per address (unknown ones too, so the budget says nothing about who exists) and per IP. */
  resetPerEmail: { max: 5, windowMs: ONE_HOUR },
  resetPerIp: { max: 20, windowMs: ONE_HOUR },
  /** Links spent from one IP: tokens cannot be guessed, but each try costs a hash and a write. */
  tokenPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  /** Wrong current passwords on the change form: a stolen session must not become a password oracle. */
  failedChangePerUser: { max: 5, windowMs: FIFTEEN_MINUTES },
  /** Email changes asked for: each mails two addresses. */
  emailChangePerUser: { max: 5, windowMs: ONE_HOUR },
} as const;

/** What else moves with an account's email, in the change's transaction (the listings' seller email: products). */
export type OnEmailChanged = (tx: Db, userId: string, email: string) => Promise<void>;

const invalidToken = () => new AppError('INVALID_TOKEN', ACCOUNT_MESSAGES.invalidToken);

export function createAccountsService(
  ctx: AppContext,
  deps: {
    users: UsersService;
    auth: AuthService;
    accountMail: AccountMail;
    mailer: Mailer;
    onEmailChanged?: OnEmailChanged[];
    recordEvent?: RecordAccountEvent;
  },
) {
  const tokens = createAccountTokensRepository(ctx.db);
  const changes = createEmailChangesRepository(ctx.db);
  const { users, auth, accountMail, mailer } = deps;
  const recordEvent: RecordAccountEvent = deps.recordEvent ?? (async () => {});

  /** Wrong current passwords per user: one budget for the change form, account deletion and email change. */
  const failures = { name: 'password-change-fail', ...ACCOUNT_BUDGETS.failedChangePerUser };

  /**
   * The current password, counted against the password change's budget (a stolen session is no oracle): counted as a
   * failure before it is checked (atomically, so concurrent guesses cannot all pass a count read under the budget)
   * and given back when it was right. `field` names the body field a refusal points at.
   */
  async function checkPassword(caller: AuthUser, password: string, field = 'password') {
    const attempt = await claimAttempt(ctx, failures, caller.id);
    if (!attempt.allowed) throw rateLimited(attempt.resetMs, 'Too many wrong passwords, please try again later');
    const row = await users.findById(caller.id);
    if (!row?.passwordHash) await ctx.limiter.giveBack(failures, caller.id);
    if (!row) throw unauthenticated();
    if (!row.passwordHash) {
      throw new AppError('VALIDATION', ACCOUNT_MESSAGES.noPasswordYet, { details: [{ path: field, message: ACCOUNT_MESSAGES.noPasswordYet }] });
    }
    if (!(await verifyPassword(row.passwordHash, password))) {
      throw new AppError('WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongCurrentPassword, {
        details: [{ path: field, message: ACCOUNT_MESSAGES.wrongCurrentPassword }],
      });
    }
    await ctx.limiter.giveBack(failures, caller.id);
    return row;
  }

  async function spend(token: string, purpose: 'verify_email' | 'password_reset', ip: string) {
    const { max, windowMs } = ACCOUNT_BUDGETS.tokenPerIp;
    await enforceAddressBudget(ctx, 'account-token-ip', ip, max, windowMs);
    const spent = await tokens.consume(hashToken(token), purpose, new Date());
    if (!spent) throw invalidToken();
    return spent;
  }

  return {
    /**
     * POST /auth/verify-email: proves the email the link was sent to, if the account still has it, and only for
     * a caller signed in to that account (`holderIds`: the users the caller's cookie and token name). Whoever
     * registered an address may not own it: the owner's click elsewhere must not hand them a proven account
     * (and ADMIN_EMAILS). Opened anywhere else it changes nothing and the link stays usable; the owner who
     * cannot sign in resets the password, which proves the address and ends every session
     * (docs/product.md#verify-email).
     */
    async verifyEmail(token: string, ip: string, holderIds: readonly string[]): Promise<void> {
      const { max, windowMs } = ACCOUNT_BUDGETS.tokenPerIp;
      await enforceAddressBudget(ctx, 'account-token-ip', ip, max, windowMs);
      const pending = await tokens.peek(hashToken(token), 'verify_email', new Date());
      if (!pending) throw invalidToken();
      if (!holderIds.includes(pending.userId)) throw new AppError('SIGN_IN_TO_VERIFY', ACCOUNT_MESSAGES.signInToVerify);
      const spent = await tokens.consume(hashToken(token), 'verify_email', new Date());
      if (!spent || spent.userId !== pending.userId) throw invalidToken();
      if (!(await users.markEmailVerified(spent.userId, spent.email))) throw invalidToken();
    },

    /** POST /auth/verify-email/send: a fresh link (the older one stops working); nothing to send when already verified. */
    async resendVerification(caller: AuthUser): Promise<{ message: string }> {
      const { max, windowMs } = ACCOUNT_BUDGETS.verifySendPerUser;
      await enforceBudget(ctx, 'verify-send', caller.id, max, windowMs);
      const row = await users.findById(caller.id);
      if (!row) throw unauthenticated();
      if (row.emailVerified) return { message: ACCOUNT_MESSAGES.alreadyVerified };
      accountMail.sendVerificationLater(row);
      return { message: ACCOUNT_MESSAGES.verificationSent };
    },

    /**
     * POST /auth/password-reset: the same answer, as fast, whether or not the account exists; looking the
     * account up and mailing it happen after the reply.
     */
    async requestPasswordReset(email: string, ip: string): Promise<{ message: string }> {
      const { resetPerIp, resetPerEmail } = ACCOUNT_BUDGETS;
      await enforceAddressBudget(ctx, 'reset-ip', ip, resetPerIp.max, resetPerIp.windowMs);
      await enforceBudget(ctx, 'reset-email', email, resetPerEmail.max, resetPerEmail.windowMs);
      mailer.inBackground('password reset mail', async () => {
        const user = await users.findByEmail(email);
        if (user) await accountMail.sendPasswordReset(user);
      });
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },

    /** POST /auth/password-reset/confirm: a new password, every session ends, and the email counts as proven. */
    async confirmPasswordReset(token: string, password: string, ip: string): Promise<{ message: string }> {
      // Checked before the link is spent, so a refused password leaves the link usable.
      await refuseCommonPassword(password, 'password');
      const spent = await spend(token, 'password_reset', ip);
      const user = await users.findById(spent.userId);
      if (!user || user.email !== spent.email) throw invalidToken();
      await users.setPasswordHash(user.id, await hashPassword(password));
      await auth.endAllSessions(user.id);
      await users.markEmailVerified(user.id, user.email);
      await auth.clearFailedLogins(user.email, ip);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },

    /** POST /auth/password: needs the current password; every other session of the caller ends. */
    async changePassword(caller: AuthUser, body: ChangePasswordBody): Promise<{ message: string }> {
      const row = await checkPassword(caller, body.currentPassword, 'currentPassword');
      await refuseCommonPassword(body.newPassword, 'newPassword');
      await users.setPasswordHash(row.id, await hashPassword(body.newPassword));
      await auth.endOtherSessions(row.id, caller.sessionId);
      // A reset link mailed before the change must not undo it.
      await tokens.deleteUnused(row.id, 'password_reset');
      await ctx.limiter.reset(failures, caller.id);
      await recordEvent(row.id, 'account.password.changed', caller.ip);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },

    checkPassword,

    /**
     * POST /users/me/email: mails a link to the new address and a notice to the old one; nothing changes yet. An address
     * another account has is answered the same way (the link's use says 409 EMAIL_TAKEN), so the form probes nothing.
     */
    async requestEmailChange(caller: AuthUser, body: ChangeEmailBody & { newEmail: string }): Promise<{ message: string }> {
      const { max, windowMs } = ACCOUNT_BUDGETS.emailChangePerUser;
      await enforceBudget(ctx, 'email-change', caller.id, max, windowMs);
      const row = await checkPassword(caller, body.password);
      if (sameEmail(row.email, body.newEmail)) {
        throw new AppError('VALIDATION', ACCOUNT_MESSAGES.sameEmail, { details: [{ path: 'newEmail', message: ACCOUNT_MESSAGES.sameEmail }] });
      }
      const token = randomBytes(32).toString('base64url');
      await changes.replace({
        id: newId(),
        userId: row.id,
        tokenHash: hashToken(token),
        oldEmail: row.email,
        newEmail: body.newEmail,
        expiresAt: new Date(Date.now() + Math.round(ctx.config.EMAIL_CHANGE_HOURS * 3_600_000)),
      });
      accountMail.sendEmailChangeLater(row, body.newEmail, token);
      await recordEvent(row.id, 'account.email.change-requested', caller.ip);
      return { message: ACCOUNT_MESSAGES.emailChangeSent };
    },

    /**
     * POST /users/me/email/confirm: signed in to the account the link was made for; the link is the newest, unused,
     * within EMAIL_CHANGE_HOURS (24 by default), and the account still has the address it was asked from. The email (proven), the listings' seller
     * email and whatever else registered in `onEmailChanged` change in one transaction; the caller's other sessions end.
     */
    async confirmEmailChange(caller: AuthUser, token: string, ip: string) {
      const { max, windowMs } = ACCOUNT_BUDGETS.tokenPerIp;
      await enforceAddressBudget(ctx, 'account-token-ip', ip, max, windowMs);
      const pending = await changes.peek(hashToken(token), new Date());
      if (!pending) throw invalidToken();
      if (pending.userId !== caller.id) throw new AppError('SIGN_IN_TO_VERIFY', ACCOUNT_MESSAGES.signInToVerify);
      let changed;
      try {
        changed = await changes.transaction(async (tx) => {
          const spent = await changes.consumeIn(tx, hashToken(token), new Date());
          if (!spent || spent.userId !== caller.id) return undefined;
          const row = await users.setEmailIn(tx, spent.userId, spent.oldEmail, spent.newEmail);
          if (!row) return undefined;
          for (const hook of deps.onEmailChanged ?? []) await hook(tx, row.id, row.email);
          return row;
        });
      } catch (error) {
        // Registered by someone else since the link was sent.
        if (pgCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
        throw error;
      }
      if (!changed) throw invalidToken();
      await auth.endOtherSessions(changed.id, caller.sessionId);
      // Links mailed to the old address prove nothing about the new one.
      await tokens.deleteUnused(changed.id, 'verify_email');
      await tokens.deleteUnused(changed.id, 'password_reset');
      await recordEvent(changed.id, 'account.email.changed', ip);
      return (await users.promoteIfListed(changed)) ?? changed;
    },

    /** Mailed links' part of an account's deletion: they go (nothing of them is exported: secrets). */
    accountPart(): AccountPart {
      return {
        module: 'accounts',
        tables: ['account_tokens', 'email_changes'],
        notExported: { account_tokens: 'hashes of mailed one-time links', email_changes: 'hashes of mailed one-time links' },
        order: 90,
        onDelete: (tx, userId) => deleteAccountTokensIn(tx, userId),
      };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
