// The session cookie every sign-in sets (password or Google) and logout clears.
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './service.ts';

const SESSION_COOKIE_PATH = '/api';

export function setSessionCookie(reply: FastifyReply, config: Config, value: string): void {
  reply.setCookie(SESSION_COOKIE, value, {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
}
