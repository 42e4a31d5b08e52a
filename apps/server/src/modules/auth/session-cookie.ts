// The session cookie every sign-in sets (password or Google) and logout clears.
// Path=/ so the page requests carry it too: the server can paint a signed-in page's first screen (the
// timeline, decision 014). It stays httpOnly and SameSite=Lax; no page answers differently to it without
// `Cache-Control: private, no-store`. Until 2026-11 the cookie was Path=/api: every sign-in and sign-out also
// expires that one, so a browser never holds two session cookies (the more specific path would win on /api).
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './service.ts';

export const SESSION_COOKIE_PATH = '/';
const LEGACY_SESSION_COOKIE_PATH = '/api';

export function setSessionCookie(reply: FastifyReply, config: Config, value: string): void {
  reply.setCookie(SESSION_COOKIE, value, {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  reply.clearCookie(SESSION_COOKIE, { path: LEGACY_SESSION_COOKIE_PATH });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
  reply.clearCookie(SESSION_COOKIE, { path: LEGACY_SESSION_COOKIE_PATH });
}
