// Passkeys (WebAuthn, @simplewebauthn/server): registered from the profile, listed and removed there, and a sign-in
// of their own that counts as two factors (user verification required). The relying party is PUBLIC_URL's host.
import type * as WebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyInfo } from '@olden/contracts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { type AppContext, enforceAddressBudget, enforceBudget } from '../../lib/context.ts';
import { AppError, badRequest, notFound, unauthenticated } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RecordAccountEvent } from '../../lib/security-log.ts';
import type { AuthService } from '../auth/service.ts';
import type { UsersService } from '../users/service.ts';
import { createPasskeysRepository, deletePasskeysIn, type PasskeyRow } from './repository.ts';

/**
 * @simplewebauthn/server (with the X.509 and ASN.1 parsers it loads) is imported on the first passkey call, not at
 * start-up, where it was a tenth of the process's time to its first answer (docs/decisions/013, 034).
 */
let webauthnModule: Promise<typeof WebAuthn> | undefined;
const webauthn = () => (webauthnModule ??= import('@simplewebauthn/server'));

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const PASSKEY_BUDGETS = {
  /** Sign-in ceremonies per address (each writes a challenge). */
  loginPerIp: { max: 60, windowMs: FIFTEEN_MINUTES },
  registerPerUser: { max: 20, windowMs: 60 * 60 * 1000 },
} as const;
const MAX_PASSKEYS = 20;

const toInfo = (row: PasskeyRow): PasskeyInfo => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});
const transportsOf = (row: PasskeyRow) => (row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined);
const refused = () => new AppError('INVALID_CREDENTIALS', 'This passkey could not sign you in');

export function createPasskeysService(ctx: AppContext, deps: { users: UsersService; auth: AuthService; recordEvent?: RecordAccountEvent }) {
  const repo = createPasskeysRepository(ctx.db);
  const { users, auth } = deps;
  const recordEvent: RecordAccountEvent = deps.recordEvent ?? (async () => {});
  const origin = new URL(ctx.config.publicUrl).origin;
  const rpID = new URL(ctx.config.publicUrl).hostname;

  async function newChallenge(purpose: 'register' | 'login', userId: string | null, challenge: string): Promise<string> {
    const id = newId();
    const now = new Date();
    await repo.insertChallenge({ id, userId, purpose, challenge, expiresAt: new Date(now.getTime() + Math.round(ctx.config.PASSKEY_CHALLENGE_MINUTES * 60_000)) }, now);
    return id;
  }

  return {
    list: async (caller: AuthUser) => (await repo.ofUser(caller.id)).map(toInfo),

    async registrationOptions(caller: AuthUser) {
      const { max, windowMs } = PASSKEY_BUDGETS.registerPerUser;
      await enforceBudget(ctx, 'passkey-register', caller.id, max, windowMs);
      const existing = await repo.ofUser(caller.id);
      if (existing.length >= MAX_PASSKEYS) throw badRequest(`At most ${MAX_PASSKEYS} passkeys`);
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: 'Olden Goods',
        rpID,
        userName: caller.email,
        userDisplayName: caller.name,
        userID: new TextEncoder().encode(caller.id),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return { challengeId: await newChallenge('register', caller.id, options.challenge), options: options as unknown as { challenge: string } & Record<string, unknown> };
    },

    async register(caller: AuthUser, body: { challengeId: string; name?: string; response: unknown }): Promise<PasskeyInfo> {
      const expectedChallenge = await repo.takeChallenge(body.challengeId, 'register', caller.id, new Date());
      if (!expectedChallenge) throw badRequest('The passkey set-up expired: start again');
      let verification;
      try {
        verification = await (await webauthn()).verifyRegistrationResponse({
          response: body.response as RegistrationResponseJSON,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch {
        throw badRequest('The passkey could not be verified');
      }
      if (!verification.verified || !verification.registrationInfo) throw badRequest('The passkey could not be verified');
      const { credential } = verification.registrationInfo;
      if (await repo.find(credential.id)) throw new AppError('CONFLICT', 'This passkey is already registered');
      const row = await repo.insert({
        id: credential.id,
        userId: caller.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: body.name?.trim() || 'Passkey',
      });
      await recordEvent(caller.id, 'auth.passkey.added', caller.ip);
      return toInfo(row);
    },

    async remove(caller: AuthUser, id: string): Promise<number> {
      if ((await repo.deleteOwn(caller.id, id)) === 0) throw notFound('Passkey');
      await recordEvent(caller.id, 'auth.passkey.removed', caller.ip);
      return 1;
    },

    /** The sign-in's options: any passkey of this site (discoverable credentials: no email asked). */
    async loginOptions(ip: string) {
      const { max, windowMs } = PASSKEY_BUDGETS.loginPerIp;
      await enforceAddressBudget(ctx, 'passkey-login-ip', ip, max, windowMs);
      const options = await (await webauthn()).generateAuthenticationOptions({ rpID, userVerification: 'required' });
      return { challengeId: await newChallenge('login', null, options.challenge), options: options as unknown as { challenge: string } & Record<string, unknown> };
    },

    /** A verified assertion (user verified: two factors) starts a session for the passkey's account. */
    async login(body: { challengeId: string; response: unknown }, ip: string, userAgent?: string) {
      const { max, windowMs } = PASSKEY_BUDGETS.loginPerIp;
      await enforceAddressBudget(ctx, 'passkey-login-ip', ip, max, windowMs);
      const expectedChallenge = await repo.takeChallenge(body.challengeId, 'login', null, new Date());
      if (!expectedChallenge) throw unauthenticated('The passkey sign-in expired: start again');
      const response = body.response as AuthenticationResponseJSON;
      const row = await repo.find(response.id);
      if (!row) throw refused();
      let verification;
      try {
        verification = await (await webauthn()).verifyAuthenticationResponse({
          response,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: { id: row.id, publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')), counter: row.counter, transports: transportsOf(row) },
          requireUserVerification: true,
        });
      } catch {
        throw refused();
      }
      if (!verification.verified || !(await repo.used(row.id, verification.authenticationInfo.newCounter))) throw refused();
      const user = await users.findById(row.userId);
      if (!user || user.deletedAt) throw refused();
      const started = await auth.startSession(user, userAgent);
      await recordEvent(user.id, 'auth.login.passkey', ip);
      return { user, ...started };
    },

    accountPart(): AccountPart {
      return {
        module: 'passkeys',
        tables: ['passkeys', 'passkey_challenges'],
        notExported: { passkey_challenges: 'sign-ins and set-ups in flight, minutes each (PASSKEY_CHALLENGE_MINUTES)' },
        order: 90,
        onDelete: (tx, userId) => deletePasskeysIn(tx, userId),
        exportFor: async (userId) => ({ passkeys: (await repo.ofUser(userId)).map(toInfo) }),
      };
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
