import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeletedResponse, PasskeyIdParams, PasskeyInfo, PasskeyLoginBody, PasskeyOptionsResponse, RegisterPasskeyBody, SessionResponse } from '@olden/contracts';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { AppError } from '../../lib/errors.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { type AuthService, SESSION_COOKIE, toSessionUser } from '../auth/service.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import type { PasskeysService } from './service.ts';

export const passkeysRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeysService; auth: AuthService; config: Config }> = async (
  app,
  { passkeys, auth, config },
) => {
  app.get('/auth/passkeys', {
    config: { auth: 'user' },
    schema: { tags: ['auth'], summary: "The caller's passkeys", response: { 200: z.array(PasskeyInfo), ...errorResponses(401) } },
    handler: (request) => passkeys.list(request.user!),
  });

  app.post('/auth/passkeys/register/options', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Start registering a passkey: WebAuthn creation options (single use, PASSKEY_CHALLENGE_MINUTES: 5 by default)',
      response: { 200: PasskeyOptionsResponse, ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => reply.header('Cache-Control', 'no-store').send(await passkeys.registrationOptions(request.user!)),
  });

  app.post('/auth/passkeys/register', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: "Register a passkey with the authenticator's answer to the options",
      body: RegisterPasskeyBody,
      response: { 200: PasskeyInfo, ...errorResponses(400, 401, 409) },
    },
    handler: (request) => passkeys.register(request.user!, request.body),
  });

  app.delete('/auth/passkeys/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: "Remove one of the caller's passkeys (anyone else's: 404)",
      params: PasskeyIdParams,
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ acknowledged: true, deletedCount: await passkeys.remove(request.user!, request.params.id) }),
  });

  app.post('/auth/passkeys/login/options', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Start a passkey sign-in: WebAuthn request options (single use, PASSKEY_CHALLENGE_MINUTES: 5 by default)',
      response: { 200: PasskeyOptionsResponse, ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => reply.header('Cache-Control', 'no-store').send(await passkeys.loginOptions(request.ip)),
  });

  app.post('/auth/passkeys/login', {
    config: { auth: 'public', cookie: { sets: true } },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a passkey (counts as two factors)',
      body: PasskeyLoginBody,
      response: { 200: z.object({ user: SessionResponse.shape.user.unwrap() }), ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      let done: Awaited<ReturnType<PasskeysService['login']>>;
      try {
        done = await passkeys.login(request.body, request.ip, request.headers['user-agent']);
      } catch (error) {
        logSecurityEvent(request.log, 'auth.login.failure', { userId: null, ip: request.ip, method: 'passkey', reason: error instanceof AppError ? error.code : 'error' });
        throw error;
      }
      logSecurityEvent(request.log, 'auth.login.success', { userId: done.user.id, ip: request.ip, method: 'passkey' });
      await auth.replaceCookieSession(request.cookies[SESSION_COOKIE]);
      setSessionCookie(reply, config, done.cookieValue);
      return { user: toSessionUser(done.user, config) };
    },
  });
};
