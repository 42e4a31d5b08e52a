import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuyerProductSchema,
  CreateBuyerRequestBody,
  DeletedResponse,
  IdParams,
  InsertedResponse,
  ListBuyerRequestsQuery,
  UpdateBuyerRequestBody,
} from '@olden/contracts';
import { sendPage } from '../../lib/pagination.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ImageUrlConfig } from '../../lib/image-urls.ts';
import { type BuyerRequestsService, toBuyerProduct } from './service.ts';

export const buyerRequestsRoutes: FastifyPluginAsyncZod<{ buyerRequests: BuyerRequestsService; urls: ImageUrlConfig }> = async (
  app,
  { buyerRequests, urls },
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
      description:
        '?status=open (the default): Pending and Accepted, newest first; ?status=closed: Declined, Cancelled and Completed, ' +
        'newest change first. Keyset pages (X-Next-Cursor). Each row carries the caller’s unreadMessages (0 when not a party).',
      querystring: ListBuyerRequestsQuery,
      response: { 200: z.array(BuyerProductSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      sendPage(request, reply, await buyerRequests.list(request.user!, request.query)).map((row) => toBuyerProduct(row, urls)),
  });

  app.get('/buyerProduct/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['buy requests'],
      summary: 'One buy request, for its buyer, its seller or an admin (anyone else: 404)',
      params: IdParams,
      response: { 200: BuyerProductSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => toBuyerProduct(await buyerRequests.get(request.user!, request.params.id), urls),
  });

  app.patch('/buyerProduct/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['buy requests'],
      summary: 'Accept or decline a buy request (its seller or an admin); answers the updated request',
      description:
        'Accepting reserves the listing; declining an accepted request makes the listing available again. ' +
        '409 REQUEST_CLOSED: the request is not Pending (Accepted) or not open (Declined); ' +
        '409 LISTING_UNAVAILABLE: accepting while the listing is reserved for another request, sold or removed. ' +
        '429: past 300 decisions an hour per user.',
      params: IdParams,
      body: UpdateBuyerRequestBody,
      response: { 200: BuyerProductSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) => toBuyerProduct(await buyerRequests.decide(request.user!, request.params.id, request.body.status), urls),
  });

  app.delete('/buyerProduct/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['buy requests'],
      summary: 'Cancel (buyer) or hand over (seller, or an admin as the seller) a buy request',
      description:
        'The buyer: the request becomes Cancelled (the listing available again if it was reserved for it). ' +
        'The seller or an admin: the handover, the request becomes Completed (a Pending one is accepted on the way), ' +
        'the listing sold, and every other open request on it Declined. deletedCount is 1: the request left the open lists. ' +
        'A closed request: 404, as deleting twice. 409 LISTING_UNAVAILABLE: handing over a Pending request while the ' +
        'listing is reserved for another one or sold.',
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: (request) => buyerRequests.remove(request.user!, request.params.id),
  });
};
