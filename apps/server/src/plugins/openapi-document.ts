// What the route schemas cannot say by themselves, added to the generated document: how a client signs in
// (the session cookie and the bearer token), which headers an answer carries, which answers have no body, and
// one legal path for routes whose templates differ only in a parameter's name.
import { z } from 'zod';
import { ErrorBody, NEXT_CURSOR_HEADER } from '@olden/contracts';
import { SESSION_COOKIE } from '../modules/auth/service.ts';

/** How a route uses the session cookie (route config `cookie`). */
export interface CookieUse {
  /** The cookie signs the call in: 'required' (no answer without it, or a bearer where the route also takes one) or 'optional'. */
  reads?: 'optional' | 'required';
  /** A 2xx answer sets (or clears) the session cookie. */
  sets?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cookie?: CookieUse;
    /** The body is multipart/form-data with one file in this field (read by the handler, so no body schema). */
    uploadField?: string;
  }
}

export interface DocumentedRoute {
  method: string;
  url: string;
  auth: string | undefined;
  cookie: CookieUse | undefined;
  uploadField?: string | undefined;
}

type Json = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  description?: string;
  [key: string]: unknown;
}
interface Response {
  description?: string;
  content?: Record<string, { schema?: Json }>;
  headers?: Record<string, Json>;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  responses?: Record<string, Response>;
  [key: string]: unknown;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Json; schemas?: Json; [key: string]: unknown };
  [key: string]: unknown;
}

/** Answers that never carry a body (RFC 9110): documented without content. */
const BODILESS = new Set(['204', '301', '302', '303', '304', '307', '308']);

/** The methods whose bodies Fastify parses. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

const SET_COOKIE = {
  description: `The session cookie (${SESSION_COOKIE}, HttpOnly): send it back to sign later calls in, or exchange it for a bearer token at POST /api/jwt.`,
  required: true,
  schema: { type: 'string' },
};
const PAGE_HEADERS = {
  [NEXT_CURSOR_HEADER]: { description: 'The next page’s cursor (pass it as `cursor`); absent on the last page.', schema: { type: 'string' } },
  Link: { description: 'The next page’s URL, `<...>; rel="next"`; absent on the last page.', schema: { type: 'string' } },
};
const RETRY_AFTER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } };

/** The one error body every JSON error shares (plugins/error-handler.ts), as a component every error response names. */
const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const errorBodySchema = (): Json => {
  const { $schema: _, ...schema } = z.toJSONSchema(ErrorBody, { target: 'openapi-3.0' }) as Json;
  return schema;
};
const isErrorBodySchema = (schema: Json | undefined) => {
  const properties = schema?.properties as Json | undefined;
  return Boolean(properties?.statusCode && properties.error && properties.message);
};
const errorResponse = (description: string): Response => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/** Route pattern (/api/users/:id) to its OpenAPI path, before merging. */
export const templateOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * OpenAPI forbids two paths that differ only in a parameter's name (/api/images/{file} and /api/images/{id});
 * such routes are documented under one path whose parameter names both: /api/images/{fileOrId}. The calls
 * are unchanged (a parameter's name is not part of the URL).
 */
export function mergedPaths(urls: string[]): Map<string, string> {
  const byShape = new Map<string, string[]>();
  for (const url of urls) {
    const template = templateOf(url);
    const group = byShape.get(shapeOf(template)) ?? [];
    if (!group.includes(template)) group.push(template);
    byShape.set(shapeOf(template), group);
  }
  const merged = new Map<string, string>();
  for (const [shape, templates] of byShape) {
    if (templates.length < 2) continue;
    const names = templates.map((t) => [...t.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
    let index = 0;
    const target = shape.replace(/\{\}/g, () => {
      const distinct = [...new Set(names.map((n) => n[index]!))];
      index += 1;
      return `{${distinct.map((n, i) => (i === 0 ? n : n[0]!.toUpperCase() + n.slice(1))).join('Or')}}`;
    });
    for (const template of templates) merged.set(template, target);
  }
  return merged;
}

/** Where a route is in the document: its template, or the merged path it shares. */
export function documentPathOf(url: string, allUrls: string[]): string {
  const template = templateOf(url);
  return mergedPaths(allUrls).get(template) ?? template;
}

function securityOf(route: DocumentedRoute | undefined, current: Operation['security']): Operation['security'] {
  const reads = route?.cookie?.reads;
  if (!reads) return current;
  const withBearer = route.auth === 'optional' || route.auth === 'user' || route.auth === 'admin';
  const ways: Record<string, string[]>[] = [{ session: [] }, ...(withBearer ? [{ bearer: [] }] : [])];
  return reads === 'optional' ? [{}, ...ways] : ways;
}

export function finishDocument(doc: Document, routes: DocumentedRoute[]): Document {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ErrorBody: errorBodySchema() };
  doc.components.securitySchemes = {
    ...doc.components.securitySchemes,
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description:
        'The session cookie set by POST /api/auth/login, POST /api/auth/register and the Google sign-in. It signs in ' +
        'GET /api/auth/session, GET /api/events and POST /api/jwt, which exchanges it for a bearer token.',
    },
  };
  const urls = routes.map((r) => r.url);
  const merged = mergedPaths(urls.filter((u) => doc.paths?.[templateOf(u)]));
  const paths: NonNullable<Document['paths']> = {};
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    const target = merged.get(path) ?? path;
    for (const [method, op] of Object.entries(ops)) {
      const route = routes.find((r) => r.method.toLowerCase() === method && templateOf(r.url) === path);
      finishOperation(op, method, route);
      if (target !== path) renamePathParameters(op, path, target);
      // Generated clients name their functions after it: getApiImagesIdOrFile.
      op.operationId ??= method + target.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''));
      (paths[target] ??= {})[method] = op;
    }
  }
  doc.paths = paths;
  return doc;
}

function finishOperation(op: Operation, method: string, route: DocumentedRoute | undefined): void {
  const security = securityOf(route, op.security);
  if (security) op.security = security;
  if (route?.uploadField && !op.requestBody) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [route.uploadField],
            properties: { [route.uploadField]: { type: 'string', format: 'binary' } },
          },
        },
      },
    };
  }
  op.responses ??= {};
  // An id longer than the router takes is the JSON 404 on every route with a parameter (plugins/error-handler.ts).
  if (op.parameters?.some((p) => p.in === 'path')) op.responses['404'] ??= errorResponse('Not found');
  // A URL that does not decode (a stray %) is the router's 400 on every call.
  op.responses['400'] ??= errorResponse('The URL or the input is malformed');
  // Any call that reads the database answers 503 (with Retry-After) while it cannot be reached.
  op.responses['503'] ??= errorResponse('The service is briefly unavailable; retry after Retry-After seconds');
  for (const [status, response] of Object.entries(op.responses)) {
    const json = response.content?.['application/json'];
    if (Number(status) >= 400 && json && isErrorBodySchema(json.schema)) json.schema = ERROR_REF;
  }
  // A body is parsed before the route runs, even where the call reads none: it may be too large (413) or of a
  // type no parser takes (415).
  const badRequest = op.responses?.['400'];
  if ((op.requestBody || BODY_METHODS.has(method)) && badRequest && op.responses) {
    op.responses['413'] ??= { ...structuredClone(badRequest), description: 'The body is too large' };
    op.responses['415'] ??= { ...structuredClone(badRequest), description: 'The body’s content type is not one this call takes' };
  }
  const paged = op.parameters?.some((p) => p.in === 'query' && p.name === 'cursor');
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (BODILESS.has(status)) delete response.content;
    const headers: Record<string, Json> = { ...response.headers };
    const success = /^2/.test(status);
    if (route?.cookie?.sets && success) headers['Set-Cookie'] = SET_COOKIE;
    if (paged && status === '200') Object.assign(headers, PAGE_HEADERS);
    if (/^30[12378]$/.test(status)) headers.Location = { description: 'Where to go.', required: true, schema: { type: 'string' } };
    if (status === '429' || status === '503') headers['Retry-After'] = RETRY_AFTER;
    if (Object.keys(headers).length > 0) response.headers = headers;
  }
}

/** Gives an operation moved to a merged path that path's parameter names, saying what its own value is. */
function renamePathParameters(op: Operation, from: string, to: string): void {
  const fromNames = [...from.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const toNames = [...to.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  for (const parameter of op.parameters ?? []) {
    if (parameter.in !== 'path') continue;
    const index = fromNames.indexOf(parameter.name);
    if (index < 0 || toNames[index] === parameter.name) continue;
    const note = `For this call: the ${parameter.name}.`;
    parameter.description = parameter.description ? `${parameter.description} ${note}` : note;
    parameter.name = toNames[index]!;
  }
}
