// The docs cover the API: every /api route (whoever added it) is in /api/openapi.json with its
// responses, and what the route really answers to bad or unauthorised calls is among them.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../test/harness.ts';
import { apiRoutesOf, openApiPathOf } from './openapi.ts';

const getApp = useTestApp();

/** Event streams never end by themselves: the probe hangs up after this long. */
const STREAMS = new Set(['GET /api/events']);

/** Routes that are deliberately not documented operations. */
const UNDOCUMENTED = new Set(['GET /api/openapi.json']);

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { in: string }[];
  responses: Record<
    string,
    { content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown>; $ref?: string } }>; headers?: Record<string, unknown> }
  >;
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, unknown>> };
};

/** Where a route is documented: its template, or the one path it shares with a route that names its parameter otherwise. */
const toOpenApiPath = (url: string) => openApiPathOf(getApp().app, url);
const isErrorStatus = (s: string) => Number(s) >= 400;

type SchemaObject = { type?: string; properties?: Record<string, unknown>; $ref?: string };
/** A schema, or the component it names (the shared error body is one). */
function resolve(doc: Document, schema: SchemaObject | undefined): SchemaObject | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name ? (doc.components as { schemas?: Record<string, SchemaObject> }).schemas?.[name] : schema;
}

async function fetchDocument(): Promise<Document> {
  const res = await getApp().app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<Document>();
}

function documentedRoutes() {
  return apiRoutesOf(getApp().app).filter(
    (r) => r.method !== 'HEAD' && !r.hidden && !UNDOCUMENTED.has(`${r.method} ${r.url}`),
  );
}

/** A concrete URL for a route pattern: a well-formed id that names nothing, a plausible file or email. */
function sampleUrl(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    name === 'email' ? 'nobody%40example.com' : name === 'file' ? `${'0'.repeat(32)}-320.webp` : '0'.repeat(32),
  );
}

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toMatch(/^3\./);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('knows the routes (sanity check of the route catalogue)', () => {
    const keys = documentedRoutes().map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining(['POST /api/images', 'GET /api/images/:file', 'POST /api/contact', 'GET /api/category', 'GET /api/health', 'GET /api/live']),
    );
    expect(keys.length).toBeGreaterThanOrEqual(10);
  });

  it('documents every /api route with a summary, a tag, a success response and its error responses', async () => {
    const doc = await fetchDocument();
    const problems: string[] = [];
    for (const route of documentedRoutes()) {
      const key = `${route.method} ${route.url}`;
      const op = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${key}: missing from the document`);
        continue;
      }
      const statuses = Object.keys(op.responses ?? {});
      if (!op.summary) problems.push(`${key}: no summary`);
      if (!op.tags?.length) problems.push(`${key}: no tag`);
      if (!statuses.some((s) => /^[23]\d\d$/.test(s))) problems.push(`${key}: no success response`);
      if (!statuses.some(isErrorStatus) && route.auth !== 'public') problems.push(`${key}: no error response`);
      if ((route.auth === 'user' || route.auth === 'admin') && !statuses.includes('401')) problems.push(`${key}: 401 not documented`);
      if (route.auth === 'admin' && !statuses.includes('403')) problems.push(`${key}: 403 not documented`);
      // A public route that the session cookie signs in names the cookie instead (checked below).
      if (route.auth === 'public' && !route.cookie?.reads && op.security?.length !== 0) problems.push(`${key}: public route not marked security: []`);
      if (op.requestBody && !statuses.includes('400')) problems.push(`${key}: has a body but 400 is not documented`);
      if (op.parameters?.some((p) => p.in === 'query') && !statuses.includes('400')) {
        problems.push(`${key}: has a query but 400 is not documented`);
      }
      for (const s of statuses.filter(isErrorStatus)) {
        // JSON errors share the error body; a browser page (the sign-in callback) documents its own text.
        const content = resolve(doc, Object.values(op.responses[s]?.content ?? {})[0]?.schema);
        const isErrorBody = Boolean(content?.properties?.statusCode && content.properties.message);
        if (!isErrorBody && content?.type !== 'string') problems.push(`${key}: ${s} is neither the error body nor a page`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every status a route answers to anonymous, signed-in and admin calls with empty input is documented', async () => {
    const t = getApp();
    const doc = await fetchDocument();
    const problems: string[] = [];
    const callers: [string, () => Promise<TestUser | null>][] = [
      ['anonymous', async () => null],
      ['user', () => t.createUser()],
      ['admin', () => t.createUser({ role: 'admin' })],
    ];
    for (const route of documentedRoutes()) {
      const op = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) continue; // reported by the test above
      for (const [who, caller] of callers) {
        // A fresh caller per call: a logout or a ban in one probe must not change the next.
        const user = await caller();
        const hasBody = !['GET', 'DELETE'].includes(route.method);
        const res = await t.injectAs(user, {
          method: route.method as 'GET',
          url: sampleUrl(route.url),
          ...(hasBody ? { payload: {} } : {}),
          remoteAddress: `10.77.${problems.length % 250}.${Math.floor(Math.random() * 250) + 1}`,
          ...(STREAMS.has(`${route.method} ${route.url}`) ? { signal: AbortSignal.timeout(500) } : {}),
        });
        if (res.statusCode === 500) problems.push(`${route.method} ${route.url} as ${who}: 500 ${res.body}`);
        else if (!(String(res.statusCode) in op.responses)) {
          problems.push(`${route.method} ${route.url} as ${who}: answered ${res.statusCode}, documented ${Object.keys(op.responses).join(',')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('OpenAPI document: signing in, headers, bodies', () => {
  it('declares the session cookie and the bearer token, and which calls take the cookie', async () => {
    const doc = await fetchDocument();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'og_session' });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const security = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    expect(security('/api/jwt', 'post')).toEqual([{ session: [] }]);
    expect(security('/api/auth/session', 'get')).toEqual([{}, { session: [] }]);
    // The stream needs a sign-in: the cookie or a bearer token, never nothing.
    expect(security('/api/events', 'get')).toEqual([{ session: [] }, { bearer: [] }]);
  });

  it('sign-in answers document Set-Cookie; lists document X-Next-Cursor and Link', async () => {
    const doc = await fetchDocument();
    expect(doc.paths['/api/auth/login']!.post!.responses['200']!.headers).toHaveProperty('Set-Cookie');
    expect(doc.paths['/api/auth/register']!.post!.responses['201']!.headers).toHaveProperty('Set-Cookie');
    expect(doc.paths['/api/auth/google/callback']!.get!.responses['200']!.headers).toHaveProperty('Set-Cookie');
    for (const path of ['/api/products', '/api/buyerProduct', '/api/users']) {
      expect(Object.keys(doc.paths[path]!.get!.responses['200']!.headers ?? {}), path).toEqual(expect.arrayContaining(['X-Next-Cursor', 'Link']));
    }
  });

  it('answers without a body are documented without content; the Google callback is an HTML page', async () => {
    const doc = await fetchDocument();
    expect(doc.paths['/api/auth/logout']!.post!.responses['204']!.content).toBeUndefined();
    expect(doc.paths['/api/auth/google/start']!.get!.responses['302']!.content).toBeUndefined();
    expect(doc.paths['/api/auth/google/start']!.get!.responses['302']!.headers).toHaveProperty('Location');
    const image = doc.paths[toOpenApiPath('/api/images/:file')]!.get!;
    expect(image.responses['304']!.content).toBeUndefined();
    for (const [status, response] of Object.entries(doc.paths['/api/auth/google/callback']!.get!.responses)) {
      expect(Object.keys(response.content ?? {}), status).toEqual(['text/html']);
    }
  });

  it('request schemas carry their real rules: formats, patterns, bounds, at least one field', async () => {
    const doc = await fetchDocument();
    type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; anyOf?: Schema[] };
    const body = (path: string, method: string) =>
      (doc.paths[path]![method]!.requestBody as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema;
    const register = body('/api/auth/register', 'post');
    expect(register.properties!.email).toMatchObject({ format: 'email' });
    expect(register.properties!.photoURL).toMatchObject({ format: 'uri-reference' });
    expect(body('/api/users', 'post').properties!.email).toMatchObject({ format: 'email' });
    expect(body('/api/contact', 'post').properties!.email).toMatchObject({ format: 'email' });
    const product = body('/api/products', 'post').properties!;
    expect(product.image1).toMatchObject({ format: 'uri-reference' });
    expect(product.date).toMatchObject({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
    expect(product.price!.anyOf).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'number', minimum: 0.01 })]));
    expect(product.price!.anyOf).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'string', pattern: expect.any(String) })]));
    expect(product.age!.anyOf).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'integer', minimum: 0 })]));
    for (const phone of [product.uploaderPhone!, body('/api/buyerProduct', 'post').properties!.phoneNumber!, body('/api/contact', 'post').properties!.phone!]) {
      expect(phone.anyOf).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'string', pattern: '^[0-9+\\-() ]{5,20}$' })]));
    }
    expect(body('/api/users/me', 'patch')).toMatchObject({ minProperties: 1 });
  });

  it('JSON errors name one shared schema; every call documents 400 and 503, every call with an id 404', async () => {
    const doc = await fetchDocument();
    const components = doc.components as unknown as { schemas: Record<string, { properties: Record<string, unknown> }> };
    expect(Object.keys(components.schemas.ErrorBody!.properties)).toEqual(expect.arrayContaining(['statusCode', 'error', 'message', 'code', 'details']));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${path}`;
        expect(Object.keys(op.responses), where).toContain('503');
        expect(Object.keys(op.responses), where).toContain('400');
        if (path.includes('{')) expect(Object.keys(op.responses), where).toContain('404');
        for (const [status, response] of Object.entries(op.responses)) {
          const json = response.content?.['application/json'];
          if (Number(status) >= 400 && json) expect(json.schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        }
      }
    }
  });

  it('POST /api/images documents its multipart/form-data body', async () => {
    const doc = await fetchDocument();
    const body = doc.paths['/api/images']!.post!.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    expect(body.content['multipart/form-data']!.schema.properties.image).toEqual({ type: 'string', format: 'binary' });
  });

  it('no two paths differ only in their parameters’ names, and every call keeps its URL', async () => {
    const doc = await fetchDocument();
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.length).toBe(new Set(shapes).size);
    // One path each for the routes that name their parameter differently.
    expect(toOpenApiPath('/api/users/admin/:email')).toBe(toOpenApiPath('/api/users/admin/:id'));
    expect(toOpenApiPath('/api/images/:file')).toBe(toOpenApiPath('/api/images/:id'));
    const merged = doc.paths[toOpenApiPath('/api/images/:id')]!;
    expect(Object.keys(merged).sort()).toEqual(['delete', 'get']);
    for (const op of Object.values(merged)) {
      const names = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => (p as { name?: string }).name);
      expect(names).toEqual([toOpenApiPath('/api/images/:id').match(/\{([^}]+)\}/)![1]]);
    }
  });
});

describe('Swagger UI', () => {
  it('/api/docs serves the HTML page', async () => {
    const t = getApp();
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const next = new URL(res.headers.location as string, 'http://localhost/api/docs');
      res = await t.app.inject({ method: 'GET', url: next.pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});
