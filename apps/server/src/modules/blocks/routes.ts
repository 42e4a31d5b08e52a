// PUT, DELETE /api/blocks/:userId and GET /api/blocks (docs/product.md#blocking).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockedUserSchema, BlockParams, DeletedResponse, ListBlocksQuery } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPage } from '../../lib/pagination.ts';
import type { BlocksService } from './service.ts';

export const blocksRoutes: FastifyPluginAsyncZod<{ blocks: BlocksService }> = async (app, { blocks }) => {
  app.put('/blocks/:userId', {
    config: { auth: 'user' },
    schema: {
      tags: ['blocks'],
      summary: 'Block a user: neither can send the other a buy request or a message, nor sees the other’s listings',
      description:
        'Works both ways and is idempotent. Pending buy requests between the two are cancelled; accepted trades, history and ' +
        'reviews stay. The blocked user is not told. At most 1,000 blocks per user (409 BLOCK_LIMIT); yourself: 400 CANNOT_BLOCK_SELF.',
      params: BlockParams,
      response: { 200: BlockedUserSchema, ...errorResponses(400, 401, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return blocks.block(request.user!, request.params.userId);
    },
  });

  app.delete('/blocks/:userId', {
    config: { auth: 'user' },
    schema: {
      tags: ['blocks'],
      summary: 'Lift your block of a user (deletedCount 0 when there was none)',
      params: BlockParams,
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 404, 429) },
    },
    handler: (request) => blocks.unblock(request.user!, request.params.userId),
  });

  app.get('/blocks', {
    config: { auth: 'user' },
    schema: {
      tags: ['blocks'],
      summary: 'The users you blocked, newest first',
      querystring: ListBlocksQuery,
      response: { 200: z.array(BlockedUserSchema), ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return sendPage(request, reply, await blocks.list(request.user!, request.query));
    },
  });
};
