import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JwtBody, LoginBody, RegisterBody, SessionResponse, TokenResponse, TwoFactorChallengeResponse } from '@olden/contracts';
import { bearerToken } from '../../lib/auth-user.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { type AuthService, SESSION_COOKIE, toSessionUser } from './service.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (
  app,
  { auth, config },
) => {
  const UserResponse = z.object({ user: SessionResponse.shape.user.unwrap() });

  app.post('/auth/register', {
    config: { auth: 'public', cookie: { sets: true } },
    schema: {
      tags: ['auth'],
      summary: 'Create an account and sign in',
      body: RegisterBody,
      response: { 201: UserResponse, ...errorResponses(400, 409, 429) },
    },
    handler: async (request, reply) => {
      const { user, cookieValue } = await auth.register(request.body, request.ip, request.headers['user-agent']);
      await auth.replaceCookieSession(request.cookies[SESSION_COOKIE]);
      setSessionCookie(reply, config, cookieValue);
      return reply.status(201).send({ user: toSessionUser(user, config) });
    },
  });

  app.post('/auth/login', {
    config: { auth: 'public', cookie: { sets: true } },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      body: LoginBody,
      description: 'With two-step sign-in on, no session: 200 {twoFactorRequired: true, challenge} for POST /api/auth/login/2fa.',
      response: { 200: z.union([UserResponse, TwoFactorChallengeResponse]), ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      const attempt = { ip: request.ip, target: request.body.email, method: 'password' };
      let signedIn: Awaited<ReturnType<AuthService['login']>>;
      try {
        signedIn = await auth.login(request.body, request.ip, request.headers['user-agent']);
      } catch (error) {
        logSecurityEvent(request.log, 'auth.login.failure', { userId: null, ...attempt, reason: error instanceof AppError ? error.code : 'error' });
        throw error;
      }
      if ('challenge' in signedIn && signedIn.challenge !== undefined) {
        logSecurityEvent(request.log, 'auth.login.challenge', { userId: signedIn.user.id, ...attempt });
        reply.header('Cache-Control', 'no-store');
        return { twoFactorRequired: true as const, challenge: signedIn.challenge };
      }
      const { user, cookieValue } = signedIn;
      logSecurityEvent(request.log, 'auth.login.success', { userId: user.id, ...attempt });
      await auth.replaceCookieSession(request.cookies[SESSION_COOKIE]);
      setSessionCookie(reply, config, cookieValue);
      return { user: toSessionUser(user, config) };
    },
  });

  app.post('/auth/logout', {
    // Public, not 'optional': the web client sends its stored token with every call, and a stale one
    // must not turn logout into a 401 that leaves the cookie session alive.
    config: { auth: 'public', cookie: { sets: true } },
    schema: {
      tags: ['auth'],
      summary: 'End the session; its tokens stop working at once',
      // 400: a body that is not valid JSON (logout reads none, but Fastify parses what is sent).
      response: { 204: z.null(), ...errorResponses(400) },
    },
    handler: async (request, reply) => {
      const bearer = bearerToken(request.headers.authorization);
      const tokenUser = bearer ? await auth.verifyAccessToken(bearer) : null;
      await auth.logout(request.cookies[SESSION_COOKIE], tokenUser?.sessionId);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  });

  app.get('/auth/session', {
    config: { auth: 'public', cookie: { reads: 'optional' } },
    schema: { tags: ['auth'], summary: 'The signed-in user, if any (the auth state)', response: { 200: SessionResponse } },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const found = await auth.sessionFromCookie(request.cookies[SESSION_COOKIE]);
      return { user: found ? toSessionUser(found.user, config) : null };
    },
  });

  app.post('/jwt', {
    config: { auth: 'public', cookie: { reads: 'required' } },
    schema: {
      tags: ['auth'],
      summary: "An access token for the session's own email",
      description: 'Exchanges the session cookie for a short-lived bearer token (Authorization: Bearer ...) for the other calls.',
      body: JwtBody,
      response: { 200: TokenResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { token: await auth.issueToken(request.cookies[SESSION_COOKIE], request.body.email) };
    },
  });
};
