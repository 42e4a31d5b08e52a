// The thread calls (GET, POST /api/buyerProduct/:id/messages) and the badges (GET /api/me/summary).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, ListMessagesQuery, MessageSchema, PostMessageBody, SummarySchema } from '@olden/contracts';
import { sendPage } from '../../lib/pagination.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { MessagesService } from './service.ts';

export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, { messages }) => {
  app.get('/buyerProduct/:id/messages', {
    config: { auth: 'user' },
    schema: {
      tags: ['messages'],
      summary: "A buy request's thread, oldest first (its buyer, its seller, or an admin); a party's read marks it read",
      params: IdParams,
      querystring: ListMessagesQuery,
      response: { 200: z.array(MessageSchema), ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return sendPage(request, reply, await messages.list(request.user!, request.params.id, request.query));
    },
  });

  app.post('/buyerProduct/:id/messages', {
    config: { auth: 'user' },
    schema: {
      tags: ['messages'],
      summary: "Write in a buy request's thread (its buyer or its seller; 409 once the request is closed)",
      params: IdParams,
      body: PostMessageBody,
      // 200 with the stored message (as the other calls of the spec answer a write with 200).
      response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
    },
    handler: (request) => messages.post(request.user!, request.params.id, request.body),
  });

  app.get('/me/summary', {
    config: { auth: 'user' },
    schema: {
      tags: ['messages'],
      summary: "The caller's badges: open requests as buyer (cart) and as seller, unread messages",
      response: { 200: SummarySchema, ...errorResponses(401) },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return messages.summary(request.user!.id);
    },
  });
};
