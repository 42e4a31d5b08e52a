import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuyerProductSchema,
  CreateBuyerRequestBody,
  DeletedResponse,
  IdParams,
  InsertedResponse,
  ListBuyerRequestsQuery,
} from '@olden/contracts';
import { sendPage } from '../../lib/pagination.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { type BuyerRequestsService, toBuyerProduct } from './service.ts';

export const buyerRequestsRoutes: FastifyPluginAsyncZod<{ buyerRequests: BuyerRequestsService }> = async (
  app,
  { buyerRequests },
) => {
  app.post('/buyerProduct', {
    config: { auth: 'user' },
    schema: {
      tags: ['buy requests'],
      summary: 'Ask to buy a listing (adds it to the caller’s cart, status Pending)',
      body: CreateBuyerRequestBody,
      response: { 200: InsertedResponse, ...errorResponses(400, 401, 404, 409, 413, 429) },
    },
    handler: (request) => buyerRequests.create(request.user!, request.body),
  });

  app.get('/buyerProduct', {
    config: { auth: 'user' },
    schema: {
      tags: ['buy requests'],
      summary: 'The cart (?buyerEmail=) or the requests to a seller (?email=): that user or an admin',
      querystring: ListBuyerRequestsQuery,
      response: { 200: z.array(BuyerProductSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      sendPage(request, reply, await buyerRequests.list(request.user!, request.query)).map(toBuyerProduct),
  });

  app.delete('/buyerProduct/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['buy requests'],
      summary: 'Cancel (buyer), hand over (seller) or remove (admin) a buy request',
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: (request) => buyerRequests.remove(request.user!, request.params.id),
  });
};
