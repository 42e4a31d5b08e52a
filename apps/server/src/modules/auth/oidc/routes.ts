// Google (or any OpenID Connect issuer) sign-in: authorization code flow with PKCE, finished in a popup
// whose tiny page tells the opener window how it went.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OidcCallbackQuery } from '@olden/contracts';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../lib/errors.ts';
import { logSecurityEvent } from '../../../lib/security-log.ts';
import { errorBody } from '../../../lib/error-responses.ts';
import { errorResponses } from '../../../lib/error-responses.ts';
import { type AuthService, SESSION_COOKIE } from '../service.ts';
import { setSessionCookie } from '../session-cookie.ts';
import { identityFrom } from './claims.ts';
import { createOidcClient } from './client.ts';
import { OIDC_MESSAGES, popupStatus, signInRefused, signInUnavailable } from './failures.ts';
import { describePopupPage, sendPopupPage } from './popup-page.ts';
import { createStateCookie } from './state-cookie.ts';

/** A browser navigating the popup gets a page that reports back; API clients get the JSON error body. */
function sendStartFailure(request: FastifyRequest, reply: FastifyReply, failure: AppError) {
  if ((request.headers.accept ?? '').includes('text/html')) {
    return sendPopupPage(reply, failure.statusCode, { ok: false, message: failure.message });
  }
  return reply.status(failure.statusCode).send(errorBody(failure.statusCode, failure.message));
}

export const oidcRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (app, { auth, config }) => {
  const client = createOidcClient(config);
  const stateCookie = createStateCookie(config);

  app.get('/auth/providers', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], summary: 'Which sign-in providers are configured', response: { 200: z.object({ google: z.boolean() }) } },
    handler: async () => ({ google: client.isConfigured }),
  });

  app.get('/auth/google/start', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Start Google sign-in (open in a popup): redirects to the provider',
      response: { 302: z.null().describe('Redirect to the provider'), ...errorResponses(503) },
    },
    handler: async (request, reply) => {
      try {
        const { url, pending } = await client.authorizationUrl();
        await stateCookie.set(reply, pending);
        reply.header('Cache-Control', 'no-store');
        return reply.redirect(url.href, 302);
      } catch (error) {
        if (error instanceof AppError) return sendStartFailure(request, reply, error);
        throw error;
      }
    },
  });

  app.get('/auth/google/callback', {
    config: { auth: 'public', cookie: { sets: true } },
    schema: {
      produces: ['text/html'],
      tags: ['auth'],
      summary: 'Finish Google sign-in: a page that reports the outcome to the window that opened it',
      querystring: OidcCallbackQuery,
      response: {
        200: z.string().describe(describePopupPage('ok: true')),
        400: z.string().describe(describePopupPage('ok: false, message')),
        429: z.string().describe(describePopupPage('ok: false, message')),
        503: z.string().describe(describePopupPage('ok: false, message')),
      },
    },
    handler: async (request, reply) => {
      // Single use: whatever happens next, this browser's pending sign-in is over.
      stateCookie.clear(reply);
      try {
        if (!client.isConfigured) throw signInUnavailable(OIDC_MESSAGES.notConfigured);
        await auth.enforceOidcBudget(request.ip);

        const pending = await stateCookie.read(request);
        const { state, error, code } = request.query;
        if (!pending || state !== pending.state) throw signInRefused(OIDC_MESSAGES.expired);
        if (error) throw signInRefused(error === 'access_denied' ? OIDC_MESSAGES.cancelled : OIDC_MESSAGES.failed);
        if (!code) throw signInRefused(OIDC_MESSAGES.failed);

        const query = request.url.slice(request.url.indexOf('?'));
        const { issuer, claims } = await client.exchangeCode(query, pending, request.log);
        const { user, cookieValue } = await auth.signInWithOidc(identityFrom(issuer, claims), request.headers['user-agent']);
        logSecurityEvent(request.log, 'auth.login.success', { userId: user.id, ip: request.ip, target: user.email, method: 'google' });
        await auth.replaceCookieSession(request.cookies[SESSION_COOKIE]);
        setSessionCookie(reply, config, cookieValue);
        return sendPopupPage(reply, 200, { ok: true });
      } catch (failure) {
        logSecurityEvent(request.log, 'auth.login.failure', {
          userId: null,
          ip: request.ip,
          method: 'google',
          reason: failure instanceof AppError ? failure.code : 'error',
        });
        if (!(failure instanceof AppError)) throw failure;
        if (failure.extra.retryAfterSeconds) reply.header('Retry-After', String(failure.extra.retryAfterSeconds));
        return sendPopupPage(reply, popupStatus(failure), { ok: false, message: failure.message });
      }
    },
  });
};
