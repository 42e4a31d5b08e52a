import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateSavedSearchBody,
  DeletedResponse,
  IdParams,
  SavedSearchReply,
  SavedSearchSchema,
  UnsubscribeQuery,
  UnsubscribeReply,
  UpdateSavedSearchBody,
} from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { SavedSearchesService } from './service.ts';

export const savedSearchesRoutes: FastifyPluginAsyncZod<{ savedSearches: SavedSearchesService }> = async (app, { savedSearches }) => {
  // RFC 8058: a mail client's one-click unsubscribe POSTs the form body "List-Unsubscribe=One-Click"; only the token
  // in the URL counts, so the body is read and ignored (this plugin's own parser, no other route takes forms).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

  app.post('/savedSearches', {
    config: { auth: 'user' },
    schema: {
      tags: ['savedSearches'],
      summary: 'Save the timeline’s filters as a search, with an alert (instant, daily or off)',
      description:
        '`filters` are the timeline’s URL filters, read by its one rule (parseTimelineFilters); none left: 400. The same filters ' +
        'twice: 409 ALREADY_SAVED; at most 50 per user: 409 SAVED_SEARCHES_FULL.',
      body: CreateSavedSearchBody,
      response: { 201: SavedSearchReply, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request, reply) => reply.code(201).send({ savedSearch: await savedSearches.create(request.user!, request.body) }),
  });

  app.get('/savedSearches', {
    config: { auth: 'user' },
    schema: {
      tags: ['savedSearches'],
      summary: 'The caller’s saved searches, newest first, each with newCount (listings since it was last opened, at most 99)',
      response: { 200: z.array(SavedSearchSchema), ...errorResponses(401) },
    },
    handler: (request) => savedSearches.list(request.user!),
  });

  app.patch('/savedSearches/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['savedSearches'],
      summary: 'Change a saved search’s alert',
      params: IdParams,
      body: UpdateSavedSearchBody,
      response: { 200: SavedSearchReply, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request) => ({ savedSearch: await savedSearches.update(request.user!, request.params.id, request.body) }),
  });

  app.delete('/savedSearches/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['savedSearches'],
      summary: 'Delete a saved search',
      params: IdParams,
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 404) },
    },
    handler: (request) => savedSearches.remove(request.user!, request.params.id),
  });

  app.post('/savedSearches/:id/seen', {
    config: { auth: 'user' },
    schema: {
      tags: ['savedSearches'],
      summary: 'Mark a saved search opened (its newCount starts again from now)',
      params: IdParams,
      response: { 200: SavedSearchReply, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ savedSearch: await savedSearches.seen(request.user!, request.params.id) }),
  });

  app.post('/savedSearches/unsubscribe', {
    config: { auth: 'public' },
    schema: {
      tags: ['savedSearches'],
      summary: 'One-click unsubscribe from an alert or digest mail (RFC 8058): turns that search’s alert off',
      description: 'The token is the mail’s signed link; a tampered, foreign or unknown one changes nothing (400 INVALID_TOKEN).',
      querystring: UnsubscribeQuery,
      response: { 200: UnsubscribeReply, ...errorResponses(400, 415) },
    },
    handler: (request) => savedSearches.unsubscribe(request.query.token),
  });
};
