// The state cookie of a pending Google sign-in: state, nonce and PKCE verifier, signed (not a token
// anyone else accepts), short-lived, sent only to the Google routes and spent by the callback.
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Config } from '../../../config.ts';

export const OIDC_STATE_COOKIE = 'og_oidc';
export const OIDC_COOKIE_PATH = '/api/auth/google';
export const OIDC_STATE_TTL_SECONDS = 10 * 60;
const STATE_AUDIENCE = 'olden-goods-oidc-state';
const MAX_COOKIE_LENGTH = 4096;

const PendingSignIn = z.object({ state: z.string(), nonce: z.string(), verifier: z.string() });
export type PendingSignIn = z.infer<typeof PendingSignIn>;

export function createStateCookie(config: Config) {
  // A key of its own, derived from the app secret, so no access token can pass for a state cookie.
  const key = createHmac('sha256', config.jwtSecret).update('olden-goods/oidc-state-cookie').digest();
  const options = {
    path: OIDC_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };

  return {
    async set(reply: FastifyReply, pending: PendingSignIn): Promise<void> {
      const sealed = await new SignJWT(pending)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(STATE_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${OIDC_STATE_TTL_SECONDS}s`)
        .sign(key);
      reply.setCookie(OIDC_STATE_COOKIE, sealed, { ...options, maxAge: OIDC_STATE_TTL_SECONDS });
    },

    /** The pending sign-in this browser started, or undefined for a missing, forged, tampered or expired cookie. */
    async read(request: FastifyRequest): Promise<PendingSignIn | undefined> {
      const cookie = request.cookies[OIDC_STATE_COOKIE];
      if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return undefined;
      try {
        const { payload } = await jwtVerify(cookie, key, { algorithms: ['HS256'], audience: STATE_AUDIENCE });
        const parsed = PendingSignIn.safeParse(payload);
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },

    clear(reply: FastifyReply): void {
      reply.clearCookie(OIDC_STATE_COOKIE, options);
    },
  };
}
