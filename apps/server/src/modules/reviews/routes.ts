import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateReviewBody,
  DeletedResponse,
  IdParams,
  ListReviewsQuery,
  ProfileSchema,
  CreateReviewResponse,
  PublicReviewSchema,
  ReplyReviewBody,
  ReviewSchema,
} from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import { notFound } from '../../lib/errors.ts';
import type { ImageUrlConfig } from '../../lib/image-urls.ts';
import { sendPage } from '../../lib/pagination.ts';
import { type ReviewsService, toPublicReview } from './service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; urls: ImageUrlConfig }> = async (app, { reviews, urls }) => {
  app.post('/buyerProduct/:id/review', {
    config: { auth: 'user' },
    schema: {
      tags: ['reviews'],
      summary: 'Review the other party of a completed trade (its buyer or its seller, once each, within the review window)',
      description:
        'Double-blind: the review is pending (seen by its author only) until both parties reviewed or the window ' +
        '(REVIEW_WINDOW_HOURS after the handover) closed, then published. 404: not a party; 409 NOT_COMPLETED, ' +
        'ALREADY_REVIEWED, REVIEW_WINDOW_CLOSED; 429 past 60 reviews and replies an hour.',
      params: IdParams,
      body: CreateReviewBody,
      response: { 201: CreateReviewResponse, ...errorResponses(400, 401, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      const review = await reviews.create(request.user!, request.params.id, request.body);
      return reply.status(201).send({ review });
    },
  });

  app.post('/reviews/:id/reply', {
    config: { auth: 'user' },
    schema: {
      tags: ['reviews'],
      summary: 'Answer a published review of the caller, once',
      description: '403 NOT_YOURS: not the reviewed member; 404: unknown or not yet published; 409 ALREADY_REPLIED.',
      params: IdParams,
      body: ReplyReviewBody,
      response: { 200: ReviewSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: (request) => reviews.reply(request.user!, request.params.id, request.body.text),
  });

  app.delete('/reviews/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: ['reviews'],
      summary: 'Remove a review (admins); a published one leaves the reviewed member’s rating',
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: (request) => reviews.remove(request.user!, request.params.id),
  });

  app.get('/users/:id/reviews', {
    config: { auth: 'public' },
    schema: {
      tags: ['reviews'],
      summary: 'A member’s published reviews as a seller (default) or a buyer, newest first (keyset pages)',
      description: 'An unknown member has no reviews (an empty page). 404 only for a path that names no member at all (`/users/./reviews` is `/users/reviews`).',
      params: IdParams,
      querystring: ListReviewsQuery,
      response: { 200: z.array(PublicReviewSchema), ...errorResponses(400, 404) },
    },
    handler: async (request, reply) => sendPage(request, reply, await reviews.list(request.params.id, request.query)).map((row) => toPublicReview(row, urls)),
  });

  app.get('/users/:id/profile', {
    config: { auth: 'public' },
    schema: {
      tags: ['reviews'],
      summary: 'A member’s public profile: listings, ratings as seller and buyer, response rate and time',
      description: 'No email or phone. 404 for an unknown or banned member.',
      params: IdParams,
      response: { 200: ProfileSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const profile = await reviews.profile(request.params.id);
      if (!profile) throw notFound('Member');
      return profile;
    },
  });
};
