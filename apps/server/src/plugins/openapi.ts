// OpenAPI 3 generated from the zod schemas, served at /api/openapi.json with Swagger UI at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AuthLevel } from './auth.ts';
import { type CookieUse, documentPathOf, finishDocument } from './openapi-document.ts';

export interface ApiRoute {
  method: string;
  url: string;
  auth: AuthLevel | undefined;
  hidden: boolean;
  cookie: CookieUse | undefined;
  uploadField: string | undefined;
}

const catalogues = new WeakMap<FastifyInstance, ApiRoute[]>();

/** Every /api route registered on the app, as the docs test checks them against /api/openapi.json. */
export function apiRoutesOf(app: FastifyInstance): ApiRoute[] {
  return catalogues.get(app) ?? [];
}

/** Where a route pattern (/api/images/:file) is in /api/openapi.json. */
export function openApiPathOf(app: FastifyInstance, url: string): string {
  return documentPathOf(url, apiRoutesOf(app).filter((r) => !r.hidden).map((r) => r.url));
}

/** OpenAPI's way to say who may call: public routes need nothing, optional ones take a token if given. */
const SECURITY: Record<AuthLevel, Record<string, string[]>[] | undefined> = {
  public: [],
  optional: [{}, { bearer: [] }],
  user: undefined, // the document's default: bearer
  admin: undefined,
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const catalogue: ApiRoute[] = [];
  catalogues.set(app, catalogue);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const auth = route.config?.auth;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean(route.schema?.hide) || route.url.startsWith('/api/docs');
    const cookie = route.config?.cookie;
    const uploadField = route.config?.uploadField;
    for (const method of methods) catalogue.push({ method, url: route.url, auth, hidden, cookie, uploadField });
    const security = auth ? SECURITY[auth] : undefined;
    if (route.schema && security) (route.schema as { security?: unknown }).security = security;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Olden Goods API',
        version: '1.0.0',
        description:
          'Marketplace for second-hand and antique goods. Errors share one body: {statusCode, error, message, details?}. ' +
          'Lists take limit and cursor; the next page comes in the X-Next-Cursor and Link headers.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      finishDocument(jsonSchemaTransformObject(document) as Parameters<typeof finishDocument>[0], catalogue.filter((r) => !r.hidden)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
