import { createHash, randomBytes } from 'node:crypto';
import { type LoginBody, type RegisterBody, sameEmail, SESSION_MAX_MS, type SessionUser } from '@olden/contracts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import { addressKey } from '../../lib/client-address.ts';
import { type AppContext, claimAttempt, enforceAddressBudget, rateLimited } from '../../lib/context.ts';
import { AppError, conflict, unauthenticated } from '../../lib/errors.ts';
import { absoluteImageUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { AccountMail } from '../accounts/mails.ts';
import type { UserRow } from '../users/repository.ts';
import type { UsersService } from '../users/service.ts';
import type { TwoFactorGate } from '../two-factor/service.ts';
import type { RecordAccountEvent } from '../../lib/security-log.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSessionsRepository, deleteSessionsIn } from './repository.ts';
import { createTokenSigner } from './tokens.ts';

export const SESSION_COOKIE = 'og_session';
export const SESSION_TTL_MS = SESSION_MAX_MS;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const THIRTY_DAYS = 30 * 24 * ONE_HOUR;

/**
 * Wrong passwords are counted per (email, source address) and, more slowly, per email from everywhere,
 * so an attacker's failures cannot lock the owner out (docs/decisions/007-sign-in-lockout-per-address.md).
 */
export const AUTH_BUDGETS = {
  loginPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  /** Guessing from one address: the owner's own typos never come near it. */
  failedLoginPerAddress: { max: 10, windowMs: FIFTEEN_MINUTES },
  /** Guessing from many addresses: past it only addresses the account signed in from lately may try. */
  failedLoginPerEmail: { max: 100, windowMs: ONE_HOUR },
  /** How long an address the account signed in from stays "known" for the rule above. */
  knownAddressMs: THIRTY_DAYS,
  registerPerIp: { max: 10, windowMs: ONE_HOUR },
  /** Each callback costs calls to the provider; a person needs a handful. */
  oidcCallbackPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
} as const;

/** What the OpenID provider vouched for (email already checked verified and lower-cased). */
export interface OidcIdentity {
  /** Issuer-qualified subject, so a change of OIDC_ISSUER can never map one provider's user onto another's. */
  subject: string;
  email: string;
  name: string;
  photoURL: string;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Failed sign-ins per (email, source address), per email from everywhere, and the addresses an account signed in from. */
const failedFromSource = { name: 'login-fail-src', ...AUTH_BUDGETS.failedLoginPerAddress };
const failedForEmail = { name: 'login-fail', ...AUTH_BUDGETS.failedLoginPerEmail };
const sourceKey = (email: string, ip: string) => `${email}:${addressKey(ip)}`;
const KNOWN_SOURCE = 'login-known';

/** The signed-in person as the API answers them, the photo named where it is served (lib/image-urls.ts). */
export function toSessionUser(user: UserRow, urls: ImageUrlConfig): SessionUser {
  return {
    _id: user.id,
    email: user.email,
    displayName: user.name,
    photoURL: absoluteImageUrl(user.photoUrl, urls),
    admin: user.role === 'admin',
    emailVerified: user.emailVerified,
    notifyByEmail: user.notifyByEmail,
    savedSearchDigest: user.savedSearchDigest,
  };
}

function toAuthUser(user: UserRow, sessionId: string): AuthUser {
  return { id: user.id, email: user.email, name: user.name, photoURL: user.photoUrl, role: user.role, sessionId };
}

export function createAuthService(
  ctx: AppContext,
  deps: { users: UsersService; accountMail: AccountMail; secondFactor?: TwoFactorGate; recordEvent?: RecordAccountEvent },
) {
  const sessions = createSessionsRepository(ctx.db);
  const tokens = createTokenSigner(ctx.config.jwtSecret);
  const { users, accountMail } = deps;

  // Expired sessions are swept as new ones start: the user's own at once, everyone's at most hourly.
  let lastGlobalSweep = 0;
  async function sweepExpired(userId: string): Promise<void> {
    const now = new Date();
    await sessions.deleteExpiredForUser(userId, now);
    if (now.getTime() - lastGlobalSweep > ONE_HOUR) {
      lastGlobalSweep = now.getTime();
      await sessions.deleteExpired(now);
    }
  }

  /**
   * `userAgent`: the browser's own name for itself, shown in the list of sessions (truncated, never trusted).
   * `checkedPasswordHash`: the hash a password sign-in verified; the session starts only if it is still the
   * account's (else INVALID_CREDENTIALS, as for a wrong password).
   */
  async function startSession(user: UserRow, userAgent = '', checkedPasswordHash?: string): Promise<{ cookieValue: string; sessionId: string }> {
    await sweepExpired(user.id);
    const cookieValue = randomBytes(32).toString('base64url');
    const sessionId = newId();
    const row = {
      id: sessionId,
      tokenHash: hashSecret(cookieValue),
      userId: user.id,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      userAgent: userAgent.slice(0, 300),
    };
    if (checkedPasswordHash === undefined) await sessions.insert(row);
    else if (!(await sessions.insertIfPasswordIs(row, checkedPasswordHash))) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
    return { cookieValue, sessionId };
  }

  /** A fresh window each time: the address stays known for 30 days after the latest sign-in from it. */
  async function rememberSource(email: string, ip: string): Promise<void> {
    await ctx.limiter.remember(KNOWN_SOURCE, sourceKey(email, ip), AUTH_BUDGETS.knownAddressMs);
  }

  async function findOrLinkOidcUser(identity: OidcIdentity, attempt = 0): Promise<UserRow> {
    const bySubject = await users.findByOidcSubject(identity.subject);
    if (bySubject) {
      // The provider vouches for this address (claims.ts refuses unverified ones): proven, and ADMIN_EMAILS applies.
      if (!sameEmail(bySubject.email, identity.email)) return bySubject;
      return (await users.markEmailVerified(bySubject.id, bySubject.email)) ?? bySubject;
    }
    const byEmail = await users.findByEmail(identity.email);
    if (byEmail) {
      if (byEmail.oidcSubject && byEmail.oidcSubject !== identity.subject) {
        throw new AppError('IDENTITY_ALREADY_LINKED', 'This email is already linked to another Google account');
      }
      if (byEmail.emailVerified) {
        await users.linkOidcSubject(byEmail.id, identity.subject);
        return (await users.markEmailVerified(byEmail.id, byEmail.email)) ?? { ...byEmail, oidcSubject: identity.subject };
      }
      // Nobody ever proved this mailbox for the account, and whoever holds it just did: whoever registered
      // it (maybe to wait for its owner) loses the password and every session. Password first, so no new
      // session can start from it while the old ones end.
      const taken = await users.takeOverWithOidc(byEmail.id, identity.subject);
      await sessions.deleteForUser(byEmail.id);
      if (!taken) throw conflict('Sign-in raced with another one, please try again');
      ctx.log.info({ userId: byEmail.id }, 'Google proved an unverified account\'s email: its password and sessions were removed');
      return taken;
    }
    try {
      const { user, created } = await users.createAccount({
        email: identity.email,
        name: identity.name,
        photoURL: identity.photoURL,
        oidcSubject: identity.subject,
        emailVerified: true,
      });
      if (created) return user;
    } catch (error) {
      // Two callbacks for the same new subject at once: the loser's insert hits the unique subject.
      if (attempt > 0) throw error;
    }
    if (attempt > 0) throw conflict('Sign-in raced with another one, please try again');
    return findOrLinkOidcUser(identity, attempt + 1);
  }

  return {
    startSession,

    async register(body: RegisterBody & { email: string }, ip: string, userAgent?: string) {
      await enforceAddressBudget(ctx, 'register-ip', ip, AUTH_BUDGETS.registerPerIp.max, AUTH_BUDGETS.registerPerIp.windowMs);
      await refuseCommonPassword(body.password, 'password');
      const passwordHash = await hashPassword(body.password);
      const { user, created } = await users.createAccount({
        email: body.email,
        name: body.name,
        photoURL: body.photoURL,
        passwordHash,
      });
      if (!created) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
      // Signed in at once (the spec's flow); the mail goes after the reply, and a failure is only logged.
      accountMail.sendVerificationLater(user);
      return { user, ...(await startSession(user, userAgent)) };
    },

    async login(body: LoginBody & { email: string }, ip: string, userAgent?: string) {
      const { loginPerIp } = AUTH_BUDGETS;
      await enforceAddressBudget(ctx, 'login-ip', ip, loginPerIp.max, loginPerIp.windowMs);
      const tooMany = (resetMs: number) => rateLimited(resetMs, 'Too many failed sign-in attempts, please try again later');
      // Each attempt is counted as a failure before its password is checked, in one atomic step, and given back
      // if it succeeds: concurrent guesses cannot all read a count under the budget (decision 016).
      const source = sourceKey(body.email, ip);
      const fromHere = await claimAttempt(ctx, failedFromSource, source);
      if (!fromHere.allowed) throw tooMany(fromHere.resetMs);
      const everywhere = await claimAttempt(ctx, failedForEmail, body.email);
      // Guessing from many addresses: only an address this account signed in from lately may still try
      // (within its own per-address budget), so the owner's usual device keeps working.
      if (!everywhere.allowed && !(await ctx.limiter.remembers(KNOWN_SOURCE, source))) {
        await ctx.limiter.giveBack(failedFromSource, source);
        throw tooMany(everywhere.resetMs);
      }
      const user = await users.findByEmail(body.email);
      const ok = await verifyPassword(user?.passwordHash, body.password);
      // Same answer for an unknown email and a wrong password; the failure is already counted.
      if (!user || !ok) {
        if (user) await deps.recordEvent?.(user.id, 'auth.login.failure', ip);
        throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      }
      // The failures from everywhere stay (one success of the owner must not hand a distributed guesser a fresh
      // budget): only this attempt is given back.
      if (everywhere.allowed) await ctx.limiter.giveBack(failedForEmail, body.email);
      await ctx.limiter.reset(failedFromSource, source);
      await rememberSource(body.email, ip);
      // Two-step sign-in on: no session yet, a challenge for the second step (POST /auth/login/2fa).
      if (deps.secondFactor && (await deps.secondFactor.isOn(user.id))) {
        return { user, challenge: await deps.secondFactor.openChallenge(user, user.passwordHash!, userAgent) };
      }
      const started = await startSession(user, userAgent, user.passwordHash!);
      await deps.recordEvent?.(user.id, 'auth.login.success', ip);
      return { user, ...started };
    },

    async logout(cookieValue: string | undefined, bearerSessionId: string | undefined): Promise<void> {
      if (cookieValue) await sessions.deleteByTokenHash(hashSecret(cookieValue));
      if (bearerSessionId) await sessions.deleteById(bearerSessionId);
    },

    /** A browser that signs in again drops the session its old cookie named, rather than orphan it for 30 days. */
    async replaceCookieSession(previousCookieValue: string | undefined): Promise<void> {
      if (previousCookieValue && previousCookieValue.length <= 200) {
        await sessions.deleteByTokenHash(hashSecret(previousCookieValue));
      }
    },

    async sessionFromCookie(cookieValue: string | undefined) {
      if (!cookieValue || cookieValue.length > 200) return undefined;
      return sessions.findLiveByTokenHash(hashSecret(cookieValue), new Date());
    },

    /** The user of the live session a cookie names, as services see callers (the server-rendered timeline's viewer). */
    async sessionUser(cookieValue: string | undefined): Promise<AuthUser | undefined> {
      const found = await this.sessionFromCookie(cookieValue);
      return found ? toAuthUser(found.user, found.session.id) : undefined;
    },

    /** POST /jwt: a token only for the session's own email, never for a bare email. */
    async issueToken(cookieValue: string | undefined, email: string): Promise<string> {
      const found = await this.sessionFromCookie(cookieValue);
      if (!found) throw unauthenticated('No active session');
      if (!sameEmail(found.user.email, email)) throw new AppError('EMAIL_MISMATCH', 'The email does not match your session');
      return tokens.sign({ sub: found.user.id, sid: found.session.id, email: found.user.email });
    },

    /** For tests and the CLI: a token for an already started session. */
    signToken: (user: UserRow, sessionId: string) => tokens.sign({ sub: user.id, sid: sessionId, email: user.email }),

    /** The auth guard's verifier: a valid signature is not enough, the session must still be live. */
    async verifyAccessToken(token: string): Promise<AuthUser | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const found = await sessions.findLiveById(claims.sid, new Date());
      if (!found || found.user.id !== claims.sub) return null;
      return toAuthUser(found.user, found.session.id);
    },

    async enforceOidcBudget(ip: string): Promise<void> {
      const { max, windowMs } = AUTH_BUDGETS.oidcCallbackPerIp;
      await enforceAddressBudget(ctx, 'oidc-ip', ip, max, windowMs);
    },

    /**
     * Google sign-in: the account with this subject, else the account with this (verified) email,
     * which gets linked, else a new account. Name and photo are only used for a new account.
     */
    async signInWithOidc(identity: OidcIdentity, userAgent?: string) {
      const user = await findOrLinkOidcUser(identity);
      return { user, ...(await startSession(user, userAgent)) };
    },

    endAllSessions: (userId: string) => sessions.deleteForUser(userId),
    purgeExpiredSessions: () => sessions.deleteExpired(new Date()),

    /** A password change: every session of the user but the one that made it. */
    endOtherSessions: (userId: string, keepSessionId: string) => sessions.deleteForUserExcept(userId, keepSessionId),
    /**
     * A reset proved the mailbox: the failures from everywhere no longer hold the account back, and the address
     * the reset came from is the owner's (its failures are cleared, and it counts as known). Other addresses'
     * counts stay: a guesser must not get a fresh budget because the owner reset their password.
     */
    async clearFailedLogins(email: string, ip?: string): Promise<void> {
      await ctx.limiter.reset(failedForEmail, email);
      if (ip === undefined) return;
      await ctx.limiter.reset(failedFromSource, sourceKey(email, ip));
      await rememberSource(email, ip);
    },

    /** When the session signed in (a Google-only account's deletion needs a recent sign-in). */
    async sessionStartedAt(sessionId: string): Promise<Date | undefined> {
      return (await sessions.findById(sessionId))?.createdAt;
    },

    /** Sessions' part of an account's deletion (every one ends) and export. */
    accountPart(): AccountPart {
      return {
        module: 'auth',
        tables: ['sessions'],
        order: 90,
        onDelete: (tx, userId) => deleteSessionsIn(tx, userId),
        exportFor: async (userId) => ({
          sessions: (await sessions.listForUser(userId)).map((s) => ({
            _id: s.id,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
            userAgent: s.userAgent,
          })),
        }),
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
