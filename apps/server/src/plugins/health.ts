// What a balancer and a container runtime ask: is the process alive, and can it serve (the database answers)?
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, ping } from '../db/client.ts';
import { errorResponses } from '../lib/error-responses.ts';

const Ok = z.object({ ok: z.literal(true) });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Liveness never touches the database: a restart does not bring PostgreSQL back, so restarting every process
  // while it is away (which /api/health would ask for) only adds start-ups to the outage (docs/deploy.md).
  app.get('/live', {
    config: { auth: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness: the process answers (never touches the database; restart it when this fails)',
      response: { 200: Ok },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const };
    },
  });

  // Readiness: 503 with Retry-After (through the error handler) while the database cannot be reached.
  app.get('/health', {
    config: { auth: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Readiness: the database answers (take the process out of the balancer on 503)',
      response: { 200: Ok, ...errorResponses(503) },
    },
    handler: async (_request, reply) => {
      await ping(db);
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const };
    },
  });
};
