// Two-step sign-in (docs/product.md#two-step-sign-in): TOTP (RFC 6238, otpauth) with ten single-use recovery codes,
// and the sign-in challenge a password sign-in answers when it is on (TWO_FACTOR_CHALLENGE_MINUTES, single use, 5 tries).
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { ACCOUNT_MESSAGES, type TwoFactorSetupResponse, type TwoFactorStatus } from '@olden/contracts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { type AppContext, enforceAddressBudget } from '../../lib/context.ts';
import { AppError, conflict, unauthenticated } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RecordAccountEvent } from '../../lib/security-log.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { UserRow } from '../users/repository.ts';
import type { UsersService } from '../users/service.ts';
import { createTwoFactorRepository, deleteTwoFactorIn } from './repository.ts';

const PERIOD_SECONDS = 30;
/** Codes of the step before and after now are accepted too (a phone's clock a little off), never further. */
const DRIFT_STEPS = 1;
const RECOVERY_CODES = 10;
const ISSUER = 'Olden Goods';
/** Second-factor sign-ins per address (each challenge has its own 5 tries besides). */
export const TWO_FACTOR_LOGIN_PER_IP = { max: 30, windowMs: 15 * 60 * 1000 };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 16 base32 characters (80 random bits), shown as xxxx-xxxx-xxxx-xxxx. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}
/** As stored: the code without dashes, upper case (the contract's RecoveryCode normalises what is typed alike). */
const recoveryHash = (code: string) => sha256(code.replace(/-/g, '').toUpperCase());

const totpFor = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** The step a code was made for, within the allowed drift of `now`; undefined when it is no code of this secret. */
export function stepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

const wrongCode = (path = 'code') => new AppError('VALIDATION', ACCOUNT_MESSAGES.wrongCode, { details: [{ path, message: ACCOUNT_MESSAGES.wrongCode }] });
const invalidCode = () => new AppError('INVALID_CODE', ACCOUNT_MESSAGES.wrongCode);

/**
 * What the password sign-in asks (auth service): whether the account has two-step sign-in on, and a challenge to
 * answer instead of a session. Built before the auth service, which the rest of this module needs.
 */
export function createTwoFactorGate(ctx: AppContext) {
  const repo = createTwoFactorRepository(ctx.db);
  return {
    async isOn(userId: string): Promise<boolean> {
      return Boolean((await repo.find(userId))?.enabledAt);
    },
    /** The secret the client answers with (only its hash is stored). `passwordHash`: the one the first step checked. */
    async openChallenge(user: UserRow, passwordHash: string, userAgent = ''): Promise<string> {
      const now = new Date();
      await repo.deleteEndedChallenges(user.id, now);
      const secret = randomBytes(32).toString('base64url');
      await repo.insertChallenge({
        id: newId(),
        userId: user.id,
        tokenHash: sha256(secret),
        passwordHash,
        userAgent: userAgent.slice(0, 300),
        expiresAt: new Date(now.getTime() + Math.round(ctx.config.TWO_FACTOR_CHALLENGE_MINUTES * 60_000)),
      });
      return secret;
    },
  };
}
export type TwoFactorGate = ReturnType<typeof createTwoFactorGate>;

export function createTwoFactorService(
  ctx: AppContext,
  deps: { users: UsersService; auth: AuthService; accounts: AccountsService; recordEvent?: RecordAccountEvent },
) {
  const repo = createTwoFactorRepository(ctx.db);
  const { users, auth, accounts } = deps;
  const recordEvent: RecordAccountEvent = deps.recordEvent ?? (async () => {});

  return {
    /** Whether the user has two-step sign-in on (REQUIRE_ADMIN_2FA's question). */
    isOn: async (userId: string) => Boolean((await repo.find(userId))?.enabledAt),

    async status(caller: AuthUser): Promise<TwoFactorStatus> {
      const row = await repo.find(caller.id);
      return { enabled: Boolean(row?.enabledAt), recoveryCodesLeft: row?.enabledAt ? await repo.recoveryCodesLeft(caller.id) : 0 };
    },

    /** POST /auth/2fa/setup: a new secret (replacing one never confirmed); 409 while two-step sign-in is on. */
    async setup(caller: AuthUser): Promise<TwoFactorSetupResponse> {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.putPending(caller.id, secret))) throw conflict('Two-step sign-in is already on: turn it off first');
      const uri = totpFor(secret, caller.email).toString();
      const svg = await (await import('qrcode')).default.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { uri, secret, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** POST /auth/2fa/enable: the first code proves the app has the secret; answers the recovery codes, shown once. */
    async enable(caller: AuthUser, code: string): Promise<{ recoveryCodes: string[] }> {
      const row = await repo.find(caller.id);
      if (!row) throw conflict('Start the set-up first');
      if (row.enabledAt) throw conflict('Two-step sign-in is already on');
      const step = stepOf(row.secret, code);
      if (step === undefined) throw wrongCode();
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      if (!(await repo.enable(caller.id, step, codes.map((c) => ({ id: newId(), codeHash: recoveryHash(c) }))))) throw wrongCode();
      await recordEvent(caller.id, 'auth.2fa.enabled', caller.ip);
      return { recoveryCodes: codes };
    },

    /** POST /auth/2fa/disable: the password and a current code. */
    async disable(caller: AuthUser, body: { password: string; code: string }): Promise<{ message: string }> {
      await accounts.checkPassword(caller, body.password);
      const row = await repo.find(caller.id);
      if (!row?.enabledAt) return { message: ACCOUNT_MESSAGES.twoFactorDisabled };
      const step = stepOf(row.secret, body.code);
      if (step === undefined || !(await repo.acceptStep(caller.id, step))) throw wrongCode();
      await repo.disable(caller.id);
      await recordEvent(caller.id, 'auth.2fa.disabled', caller.ip);
      return { message: ACCOUNT_MESSAGES.twoFactorDisabled };
    },

    /**
     * POST /auth/login/2fa: the challenge the password step answered, and a code (accepted once) or a recovery code
     * (single use). The session starts only while the password the first step checked is still the account's.
     */
    async completeLogin(body: { challenge: string; code?: string; recoveryCode?: string }, ip: string, userAgent?: string) {
      const { max, windowMs } = TWO_FACTOR_LOGIN_PER_IP;
      await enforceAddressBudget(ctx, 'login-2fa-ip', ip, max, windowMs);
      const challenge = await repo.claimTry(sha256(body.challenge), new Date());
      if (!challenge) throw invalidCode();
      const user = await users.findById(challenge.userId);
      const totp = await repo.find(challenge.userId);
      if (!user || !totp?.enabledAt) throw invalidCode();
      let method: 'totp' | 'recovery-code';
      if (body.code !== undefined) {
        const step = stepOf(totp.secret, body.code);
        if (step === undefined || !(await repo.acceptStep(user.id, step))) throw invalidCode();
        method = 'totp';
      } else {
        if (!body.recoveryCode || !(await repo.useRecoveryCode(user.id, recoveryHash(body.recoveryCode)))) throw invalidCode();
        method = 'recovery-code';
      }
      if (!(await repo.spendChallenge(challenge.id))) throw invalidCode();
      const started = await auth.startSession(user, userAgent ?? challenge.userAgent, challenge.passwordHash).catch(() => {
        throw unauthenticated('Your password changed: sign in again');
      });
      await recordEvent(user.id, method === 'totp' ? 'auth.login.2fa' : 'auth.login.recovery-code', ip);
      return { user, method, ...started };
    },

    /** Two-step sign-in's part of an account's deletion (nothing exported but whether it was on: secrets). */
    accountPart(): AccountPart {
      return {
        module: 'two-factor',
        tables: ['totp_secrets', 'recovery_codes', 'login_challenges'],
        order: 90,
        notExported: {
          totp_secrets: 'the TOTP secret (the export says whether two-step sign-in is on)',
          recovery_codes: 'hashes of one-time codes (the export counts those left)',
          login_challenges: 'sign-ins in flight, minutes each (TWO_FACTOR_CHALLENGE_MINUTES)',
        },
        onDelete: (tx, userId) => deleteTwoFactorIn(tx, userId),
        exportFor: async (userId) => {
          const row = await repo.find(userId);
          return {
            twoFactor: {
              enabled: Boolean(row?.enabledAt),
              enabledAt: row?.enabledAt?.toISOString() ?? null,
              recoveryCodesLeft: row?.enabledAt ? await repo.recoveryCodesLeft(userId) : 0,
            },
          };
        },
      };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
