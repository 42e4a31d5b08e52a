import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, ListingStatsQuery, ListingStatsResponse, ProductStatsSchema } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ReachService } from './service.ts';

export const reachRoutes: FastifyPluginAsyncZod<{ reach: ReachService }> = async (app, { reach }) => {
  app.get('/products/:id/stats', {
    config: { auth: 'user' },
    schema: {
      tags: ['products'],
      summary: 'A listing’s views per day for the last 30 days, its saves and open requests (its seller or an admin)',
      params: IdParams,
      response: { 200: ProductStatsSchema, ...errorResponses(401, 403, 404) },
    },
    handler: (request) => reach.stats(request.user!, request.params.id),
  });

  app.get('/listingStats', {
    config: { auth: 'user' },
    schema: {
      tags: ['products'],
      summary: 'Total views and saves of several listings (the caller’s own; an admin’s any); other ids are left out',
      querystring: ListingStatsQuery,
      response: { 200: ListingStatsResponse, ...errorResponses(400, 401) },
    },
    handler: (request) => reach.listingStats(request.user!, request.query.ids),
  });
};
