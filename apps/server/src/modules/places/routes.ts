import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NearestPlaceQuery, PlaceSchema, PlacesQuery } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import { notFound } from '../../lib/errors.ts';
import type { PlacesService } from './service.ts';

export const placesRoutes: FastifyPluginAsyncZod<{ places: PlacesService }> = async (app, { places }) => {
  app.get('/places', {
    config: { auth: 'public' },
    schema: {
      tags: ['places'],
      summary: 'Autocomplete a place: up to 10 whose name starts with the words typed, most populous first',
      description: 'Accents and case aside ("zur" finds Zürich, "sao pa" São Paulo). q: 1 to 60 characters. Per-address budget (429 past it).',
      querystring: PlacesQuery,
      response: { 200: z.array(PlaceSchema), ...errorResponses(400, 429) },
    },
    handler: (request) => places.search(request.query.q, request.ip),
  });

  app.get('/places/nearest', {
    config: { auth: 'public' },
    schema: {
      tags: ['places'],
      summary: 'The place nearest a point (a browser’s “use my location”)',
      description: 'lat -90 to 90, lng -180 to 180; 404 only while the gazetteer is not loaded.',
      querystring: NearestPlaceQuery,
      response: { 200: PlaceSchema, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      const place = await places.nearest(request.query.lat, request.query.lng, request.ip);
      if (!place) throw notFound('Place');
      return place;
    },
  });
};
