import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEventSchema, AuditQuery, StatsSchema } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPage } from '../../lib/pagination.ts';
import { type AuditService, toAuditEvent } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService; openReports: () => Promise<number> }> = async (app, { audit, openReports }) => {
  app.get('/admin/audit', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The audit log: admin actions and reports, newest first (admin)',
      description: 'Filters are exact: actor (a user id), action (e.g. admin.user.ban, report.resolve), target (an id). Keyset pages (X-Next-Cursor).',
      querystring: AuditQuery,
      response: { 200: z.array(AuditEventSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => sendPage(request, reply, await audit.list(request.query)).map(toAuditEvent),
  });

  app.get('/admin/stats', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The admin overview: new listings, buy requests, completed trades, new users and reports per day for the last 30 days (admin)',
      response: { 200: StatsSchema, ...errorResponses(401, 403) },
    },
    handler: () => audit.stats(openReports),
  });
};
