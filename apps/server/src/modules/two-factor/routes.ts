import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountMessageResponse,
  LoginTwoFactorBody,
  SessionResponse,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@olden/contracts';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { AppError } from '../../lib/errors.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { type AuthService, SESSION_COOKIE, toSessionUser } from '../auth/service.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import type { TwoFactorService } from './service.ts';

export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService; auth: AuthService; config: Config }> = async (
  app,
  { twoFactor, auth, config },
) => {
  const noStore = { 'Cache-Control': 'no-store' };

  app.get('/auth/2fa', {
    config: { auth: 'user' },
    schema: { tags: ['auth'], summary: "Whether the caller's two-step sign-in is on", response: { 200: TwoFactorStatus, ...errorResponses(401) } },
    handler: (request) => twoFactor.status(request.user!),
  });

  app.post('/auth/2fa/setup', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Start two-step sign-in: a new TOTP secret as an otpauth:// URI and a QR code (nothing is on until /enable)',
      // 409: two-step sign-in is already on.
      response: { 200: TwoFactorSetupResponse, ...errorResponses(400, 401, 409) },
    },
    handler: async (request, reply) => reply.headers(noStore).send(await twoFactor.setup(request.user!)),
  });

  app.post('/auth/2fa/enable', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Turn two-step sign-in on with a first code; answers 10 single-use recovery codes, shown only now',
      body: TwoFactorEnableBody,
      response: { 200: TwoFactorEnableResponse, ...errorResponses(400, 401, 409) },
    },
    handler: async (request, reply) => reply.headers(noStore).send(await twoFactor.enable(request.user!, request.body.code)),
  });

  app.post('/auth/2fa/disable', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Turn two-step sign-in off with the password and a current code',
      body: TwoFactorDisableBody,
      response: { 200: AccountMessageResponse, ...errorResponses(400, 401, 429) },
    },
    handler: (request) => twoFactor.disable(request.user!, request.body),
  });

  app.post('/auth/login/2fa', {
    config: { auth: 'public', cookie: { sets: true } },
    schema: {
      tags: ['auth'],
      summary: 'Finish a password sign-in with its challenge and a code or a recovery code',
      description: 'The challenge lives TWO_FACTOR_CHALLENGE_MINUTES (5 by default), is single use and takes 5 tries; a code is accepted once (401 INVALID_CODE).',
      body: LoginTwoFactorBody,
      response: { 200: z.object({ user: SessionResponse.shape.user.unwrap() }), ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      let done: Awaited<ReturnType<TwoFactorService['completeLogin']>>;
      try {
        done = await twoFactor.completeLogin(request.body, request.ip, request.headers['user-agent']);
      } catch (error) {
        logSecurityEvent(request.log, 'auth.login.failure', { userId: null, ip: request.ip, method: 'second-factor', reason: error instanceof AppError ? error.code : 'error' });
        throw error;
      }
      logSecurityEvent(request.log, 'auth.login.success', { userId: done.user.id, ip: request.ip, method: done.method });
      await auth.replaceCookieSession(request.cookies[SESSION_COOKIE]);
      setSessionCookie(reply, config, done.cookieValue);
      return { user: toSessionUser(done.user, config) };
    },
  });
};
