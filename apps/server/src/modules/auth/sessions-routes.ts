// GET/DELETE /api/auth/sessions: the signed-in user's own sessions (docs/product.md "Sessions").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, AccountMessageResponse, DeletedResponse, IdParams, SessionInfo } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import { clearSessionCookie } from './session-cookie.ts';
import type { SessionsService } from './sessions-service.ts';

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  app.get('/auth/sessions', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: "The caller's live sessions, newest first; `current` marks the one this token belongs to",
      response: { 200: z.array(SessionInfo), ...errorResponses(401) },
    },
    // Private: plugins/security.ts sends it `Cache-Control: no-store`, as every authenticated answer.
    handler: (request) => sessions.list(request.user!),
  });

  app.delete('/auth/sessions/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: "End one of the caller's sessions (the current one too: that is a logout); another user's is 404",
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      const { current } = await sessions.end(request.user!, request.params.id);
      // The web's cookie names the session its tokens come from: ending that one signs this browser out.
      if (current) clearSessionCookie(reply);
      return { acknowledged: true, deletedCount: 1 };
    },
  });

  app.delete('/auth/sessions', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'End every session of the caller but the current one (sign out everywhere else)',
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: AccountMessageResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      await sessions.endOthers(request.user!);
      return { message: ACCOUNT_MESSAGES.otherSessionsEnded };
    },
  });
};
