// The docs cover the API: every /api route (whoever added it) is in /api/openapi.json with its
// responses, and what the route really answers to bad or unauthorised calls is among them.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../test/harness.ts';
import { apiRoutesOf } from './openapi.ts';

const getApp = useTestApp();

/** Event streams never end by themselves: the probe hangs up after this long (issue 13). */
const STREAMS = new Set(['GET /api/events']);

/** Routes that are deliberately not documented operations. */
const UNDOCUMENTED = new Set(['GET /api/openapi.json']);

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown> } }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const isErrorStatus = (s: string) => Number(s) >= 400;

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
      if (route.auth === 'public' && op.security?.length !== 0) problems.push(`${key}: public route not marked security: []`);
      if (op.requestBody && !statuses.includes('400')) problems.push(`${key}: has a body but 400 is not documented`);
      if (op.parameters?.some((p) => p.in === 'query') && !statuses.includes('400')) {
        problems.push(`${key}: has a query but 400 is not documented`);
      }
      for (const s of statuses.filter(isErrorStatus)) {
        // JSON errors share the error body; a browser page (the sign-in callback) documents its own text.
        const content = Object.values(op.responses[s]?.content ?? {})[0]?.schema;
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
