import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountMessageResponse,
  ChangePasswordBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '@olden/contracts';
import { bearerToken } from '../../lib/auth-user.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { type AuthService, SESSION_COOKIE } from '../auth/service.ts';
import type { AccountsService } from './service.ts';

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; auth: AuthService }> = async (app, { accounts, auth }) => {
  app.post('/auth/verify-email', {
    // Public: the link may be opened in a browser that is signed in as someone else, or not at all; a stale
    // token must answer what the link is worth, never a 401.
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Prove the email with the token from the verification mail, signed in to its account',
      description:
        'The token works once, within 24 hours, and only the newest one sent; 400 INVALID_TOKEN otherwise. ' +
        'Only a caller signed in to the account (session cookie or access token) proves it: anyone else gets ' +
        '409 SIGN_IN_TO_VERIFY, nothing changes and the link stays usable.',
      body: VerifyEmailBody,
      response: { 200: VerifyEmailResponse, ...errorResponses(400, 409, 429) },
    },
    handler: async (request) => {
      const bearer = bearerToken(request.headers.authorization);
      const [bySession, byToken] = await Promise.all([
        auth.sessionFromCookie(request.cookies[SESSION_COOKIE]),
        bearer ? auth.verifyAccessToken(bearer) : null,
      ]);
      const holderIds = [bySession?.user.id, byToken?.id].filter((id): id is string => id !== undefined);
      await accounts.verifyEmail(request.body.token, request.ip, holderIds);
      return { emailVerified: true as const };
    },
  });

  app.post('/auth/verify-email/send', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Mail a fresh verification link to the caller (the older one stops working)',
      description: 'Already verified: 200 with a message saying so, and no mail.',
      response: { 200: AccountMessageResponse, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => accounts.resendVerification(request.user!),
  });

  app.post('/auth/password-reset', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Mail a password reset link, if an account has this email',
      description: 'The same 202 whether or not the account exists. The link works once, within 30 minutes.',
      body: PasswordResetBody,
      response: { 202: AccountMessageResponse, ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => reply.status(202).send(await accounts.requestPasswordReset(request.body.email, request.ip)),
  });

  app.post('/auth/password-reset/confirm', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the token from the reset mail; every session of the account ends',
      body: PasswordResetConfirmBody,
      response: { 200: AccountMessageResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => accounts.confirmPasswordReset(request.body.token, request.body.password, request.ip),
  });

  app.post('/auth/password', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: "Change the caller's password; the caller's other sessions end, this one stays",
      body: ChangePasswordBody,
      response: { 200: AccountMessageResponse, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => accounts.changePassword(request.user!, request.body),
  });
};
