import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FavouriteIdsSchema, FavouriteSchema, FavouriteStateSchema, PageQuery, ProductIdParams } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ImageUrlConfig } from '../../lib/image-urls.ts';
import { sendPage } from '../../lib/pagination.ts';
import { type FavouritesService, toFavourite } from './service.ts';

export const favouritesRoutes: FastifyPluginAsyncZod<{ favourites: FavouritesService; urls: ImageUrlConfig }> = async (app, { favourites, urls }) => {
  app.get('/favourites', {
    config: { auth: 'user' },
    schema: {
      tags: ['favourites'],
      summary: 'The caller’s saved listings, newest saved first',
      description:
        'Keyset pages (X-Next-Cursor, Link rel="next"). Each names the listing as it is now, with its status; a deleted one ' +
        'stays, `deleted: true`, with the name and price it had.',
      querystring: z.strictObject(PageQuery),
      response: { 200: z.array(FavouriteSchema), ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => sendPage(request, reply, await favourites.list(request.user!, request.query)).map((row) => toFavourite(row, urls)),
  });

  app.get('/favourites/ids', {
    config: { auth: 'user' },
    schema: {
      tags: ['favourites'],
      summary: 'The ids of all the caller’s saved listings (to mark hearts)',
      response: { 200: FavouriteIdsSchema, ...errorResponses(401) },
    },
    handler: async (request) => ({ ids: await favourites.ids(request.user!) }),
  });

  app.put('/favourites/:productId', {
    config: { auth: 'user' },
    schema: {
      tags: ['favourites'],
      summary: 'Save a listing (idempotent)',
      description: 'Not one’s own listing (OWN_LISTING); at most FAVOURITES_MAX (1,000) per user (409 FAVOURITES_FULL).',
      params: ProductIdParams,
      response: { 200: FavouriteStateSchema, ...errorResponses(400, 401, 404, 409, 429) },
    },
    handler: (request) => favourites.save(request.user!, request.params.productId),
  });

  app.delete('/favourites/:productId', {
    config: { auth: 'user' },
    schema: {
      tags: ['favourites'],
      summary: 'Remove a listing from the caller’s favourites (idempotent)',
      params: ProductIdParams,
      response: { 200: FavouriteStateSchema, ...errorResponses(400, 401, 404, 429) },
    },
    handler: (request) => favourites.unsave(request.user!, request.params.productId),
  });
};
