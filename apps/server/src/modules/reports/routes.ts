import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateReportBody,
  CreateReportResponse,
  MyReportsQuery,
  OpenReportsCountSchema,
  QueueEntrySchema,
  ReportQueueQuery,
  ReportSchema,
  ResolveReportsBody,
  ResolveReportsResponse,
} from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPage } from '../../lib/pagination.ts';
import { type ReportsService, toReport } from './service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post('/reports', {
    config: { auth: 'user' },
    schema: {
      tags: ['reports'],
      summary: 'Report a listing, a user or a message of one of your threads',
      description:
        'One open report per reporter and target (409 ALREADY_REPORTED); reporting yourself or your own listing or message is 409 OWN_TARGET; ' +
        'an unknown target, or a message of a thread the caller is no party to, is 404. 20 reports a day per user (429).',
      body: CreateReportBody,
      response: { 201: CreateReportResponse, ...errorResponses(400, 401, 404, 409, 429) },
    },
    handler: async (request, reply) => reply.status(201).send({ report: await reports.create(request.user!, request.body) }),
  });

  app.get('/reports/mine', {
    config: { auth: 'user' },
    schema: {
      tags: ['reports'],
      summary: "The caller's reports and their outcome (open, action_taken, no_violation), newest first",
      querystring: MyReportsQuery,
      response: { 200: z.array(ReportSchema), ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => sendPage(request, reply, await reports.mine(request.user!, request.query)).map(toReport),
  });

  app.get('/admin/reports', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The moderation queue: one entry per reported target with its reports and a preview, oldest first (admin)',
      querystring: ReportQueueQuery,
      response: { 200: z.array(QueueEntrySchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => sendPage(request, reply, await reports.queue(request.query)),
  });

  app.get('/admin/reports/count', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'How many targets have open reports (the admin menu’s badge) (admin)',
      response: { 200: OpenReportsCountSchema, ...errorResponses(401, 403) },
    },
    handler: async () => ({ open: await reports.openCount() }),
  });

  app.post('/admin/reports/resolve', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Resolve every open report on one target: dismiss, remove_listing, warn_user or ban_user (admin)',
      description:
        'One transaction. 409 NOTHING_TO_RESOLVE when the target has no open report (another moderator resolved it first); ' +
        '400 ACTION_NOT_APPLICABLE for remove_listing on anything but a listing and remove_review on anything but a review; ban_user answers as DELETE /api/users/:id does (409 for an admin).',
      body: ResolveReportsBody,
      response: { 200: ResolveReportsResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: (request) => reports.resolve(request.user!, request.body),
  });
};
