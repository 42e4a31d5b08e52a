// Offers on a buy request (docs/product.md#offers): GET, POST /api/buyerProduct/:id/offers and PATCH .../offers/:offerId.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnswerOfferBody, BuyerProductSchema, IdParams, MakeOfferBody, OfferParams, OfferSchema } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ImageUrlConfig } from '../../lib/image-urls.ts';
import { toBuyerProduct } from '../buyer-requests/service.ts';
import type { OffersService } from './service.ts';

export const offersRoutes: FastifyPluginAsyncZod<{ offers: OffersService; urls: ImageUrlConfig }> = async (app, { offers, urls }) => {
  app.get('/buyerProduct/:id/offers', {
    config: { auth: 'user' },
    schema: {
      tags: ['offers'],
      summary: "A buy request's offers, oldest first (its buyer, its seller or an admin; anyone else 404)",
      description:
        'The web merges them with the thread’s messages by createdAt. An offer stored open reads `closed` once its request ' +
        'is no longer Pending and `expired` from its expiresAt on. A buyer makes at most 5 offers per request, so there is no paging.',
      params: IdParams,
      response: { 200: z.array(OfferSchema), ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return offers.list(request.user!, request.params.id);
    },
  });

  app.post('/buyerProduct/:id/offers', {
    config: { auth: 'user' },
    schema: {
      tags: ['offers'],
      summary: 'Offer a price on a Pending buy request (its buyer)',
      description:
        'The amount is in the listing’s currency, below its price (409 OFFER_TOO_HIGH) and at least the seller’s floor (409 ' +
        'OFFER_TOO_LOW; the floor is never told). 409 OFFERS_OFF: the listing takes no offers; OFFER_OPEN: an offer is open ' +
        '(answer it); REQUEST_CLOSED: the request is not Pending. 429 OFFER_LIMIT past 5 offers on the request, 429 past 20 ' +
        'offers a day. 403: the seller or an admin (the seller counters instead). The offer expires after OFFER_TTL_HOURS.',
      params: IdParams,
      body: MakeOfferBody,
      response: { 201: z.object({ offer: OfferSchema }), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
    },
    handler: async (request, reply) => {
      const offer = await offers.make(request.user!, request.params.id, request.body.amount);
      return reply.code(201).send({ offer });
    },
  });

  app.patch('/buyerProduct/:id/offers/:offerId', {
    config: { auth: 'user' },
    schema: {
      tags: ['offers'],
      summary: 'Accept, decline or counter the open offer (the party who did not make it)',
      description:
        'accept: the request becomes Accepted at the offer’s amount (agreedPrice), with every rule of an accept (409 ' +
        'LISTING_UNAVAILABLE). counter {amount}: a new open offer by the caller; the seller’s is above the offer and below the ' +
        'price, the buyer’s below the offer and at least the floor. 409 OFFER_CLOSED: expired, answered or its request ' +
        'closed. 403: the offer’s maker, or an admin. Answers the answered offer, the counter (or null) and the request.',
      params: OfferParams,
      body: AnswerOfferBody,
      response: {
        200: z.object({ offer: OfferSchema, counter: OfferSchema.nullable(), request: BuyerProductSchema }),
        ...errorResponses(400, 401, 403, 404, 409, 413, 429),
      },
    },
    handler: async (request) => {
      const { offer, counter, request: after } = await offers.answer(request.user!, request.params.id, request.params.offerId, request.body);
      return { offer, counter, request: toBuyerProduct(after, urls) };
    },
  });
};
