// One error handler: known errors keep their status and message; every 5xx hides its message.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorBody } from '../lib/error-responses.ts';
import { AppError } from '../lib/errors.ts';
import {
  CONNECTION_FAILURE_CODES,
  causeChain,
  PG_CHARACTER_NOT_IN_REPERTOIRE,
  PG_QUERY_CANCELED,
  PG_UNTRANSLATABLE_CHARACTER,
  pgCode,
} from '../lib/pg-errors.ts';

/** Connection-level database failures: the caller may retry, so 503 rather than 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  if (CONNECTION_FAILURE_CODES.has(pgCode(error) ?? '')) return true;
  return [...causeChain(error)].some(
    (e) => typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(e.message),
  );
}

/**
 * Text PostgreSQL cannot store: a NUL character or an untranslatable one. Only a client can put it there
 * (a body, a query, a cursor), so it is a 400, never a 500.
 */
function isUnstorableText(error: unknown): boolean {
  const code = pgCode(error);
  return code === PG_CHARACTER_NOT_IN_REPERTOIRE || code === PG_UNTRANSLATABLE_CHARACTER;
}

/**
 * Errors the router raises before any route is chosen. A parameter longer than the router takes names nothing
 * the app stores (every id is shorter), so it is the same JSON 404 as an unknown route on every method; a URL
 * that cannot be decoded stays a 400, in the shared error body.
 */
export function routerErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const url = request.url.split('?')[0]!;
    void reply.status(404).send(errorBody(404, `Route ${request.method} ${url} not found`));
    return;
  }
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(errorBody(status, error.message, { code: error.code }));
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(errorBody(error.statusCode, error.message, { code: error.code, details: error.extra.details }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? ''),
        message: v.message ?? 'Invalid value',
      }));
      return reply
        .status(400)
        .send(errorBody(400, details[0]?.message ?? 'Invalid request', { code: 'VALIDATION', details }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'Internal Server Error'));
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send(errorBody(400, 'Text must not contain NUL characters', { code: 'VALIDATION' }));
    }
    if (pgCode(error) === PG_QUERY_CANCELED) {
      // statement_timeout: a query ran too long (a busy database or a costly request); worth a retry later.
      request.log.warn({ err: error }, 'query cancelled by statement_timeout');
      reply.header('Retry-After', '5');
      return reply.status(503).send(errorBody(503, 'The service is busy, please retry shortly'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      return reply.status(503).send(errorBody(503, 'The service is briefly unavailable, please retry'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type, multipart limits).
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Body is not valid JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : error.message;
      return reply.status(status).send(errorBody(status, message, { code: error.code }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal Server Error'));
  });
}
