import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, AccountMessageResponse, ChangeEmailBody, ConfirmEmailBody, ConfirmEmailResponse, DeleteAccountBody } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import { toSessionUser } from '../auth/service.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AccountService } from './service.ts';
import type { ImageUrlConfig } from '../../lib/image-urls.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; accounts: AccountsService; urls: ImageUrlConfig }> = async (
  app,
  { account, accounts, urls },
) => {
  app.delete('/users/me', {
    config: { auth: 'user' },
    schema: {
      tags: ['users'],
      summary: "Delete the caller's own account; every session ends",
      description:
        'Listings are deleted as their seller deletes them, open requests cancelled, uploads released; threads stay readable ' +
        'for the other party, naming the user "Deleted user". The email is free at once. A password account sends its ' +
        'password; an account without one needs a sign-in within REAUTH_MINUTES, 10 by default (403 REAUTH_REQUIRED). 409: an ADMIN_EMAILS ' +
        'admin (PROTECTED_ADMIN) or the last admin (LAST_ADMIN).',
      body: DeleteAccountBody.nullish(),
      response: { 200: AccountMessageResponse, ...errorResponses(400, 401, 403, 409, 429) },
    },
    handler: async (request) => {
      await account.deleteOwn(request.user!, request.body?.password);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  });

  app.get('/users/me/export', {
    config: { auth: 'user' },
    schema: {
      tags: ['users'],
      summary: "Download the caller's data as one JSON file (one per hour)",
      description:
        'The profile, listings, buy requests both ways, messages, uploads, sessions and security events (and every other ' +
        "module's part); other users by name only.",
      response: { 200: z.looseObject({ exportedAt: z.string() }), ...errorResponses(401, 429) },
    },
    handler: async (request, reply) => {
      const data = await account.exportOwn(request.user!);
      reply.header('Cache-Control', 'no-store');
      reply.header('Content-Disposition', `attachment; filename="olden-goods-data-${new Date().toISOString().slice(0, 10)}.json"`);
      return data;
    },
  });

  app.post('/users/me/email', {
    config: { auth: 'user' },
    schema: {
      tags: ['users'],
      summary: 'Change the sign-in email: mails a confirmation link to the new address and a notice to the old one',
      description: 'Nothing changes until the link is used (POST /api/users/me/email/confirm). An address in use is answered the same way.',
      body: ChangeEmailBody,
      response: { 202: AccountMessageResponse, ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => reply.status(202).send(await accounts.requestEmailChange(request.user!, request.body)),
  });

  app.post('/users/me/email/confirm', {
    config: { auth: 'user' },
    schema: {
      tags: ['users'],
      summary: 'Confirm an email change with the token from the mailed link; the other sessions end',
      description:
        'Signed in to the account the link was made for (409 SIGN_IN_TO_VERIFY otherwise); EMAIL_CHANGE_HOURS (24 h by default), single use, the newest ' +
        'one, while the account still has the address it was asked from (400 INVALID_TOKEN). 409 EMAIL_TAKEN: the address ' +
        'was registered meanwhile.',
      body: ConfirmEmailBody,
      response: { 200: ConfirmEmailResponse, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => {
      const row = await accounts.confirmEmailChange(request.user!, request.body.token, request.ip);
      return { message: ACCOUNT_MESSAGES.emailChanged, user: toSessionUser(row, urls) };
    },
  });
};
