// Keyset pagination: opaque cursors, X-Next-Cursor and Link headers. Never OFFSET.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Decodes a cursor whose values must have the given types; anything else is a 400. */
export function decodeCursor<T extends readonly (string | number)[]>(
  cursor: string | undefined,
  types: readonly ('string' | 'number')[],
): T | undefined {
  if (cursor === undefined) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === types.length &&
      values.every((v, i) => typeof v === types[i] && (typeof v !== 'number' || Number.isFinite(v)))
    ) {
      return values as unknown as T;
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
}

/** Fetch limit + 1 rows; this trims the extra one and sets the next-page headers when it existed. */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: T[],
  limit: number,
  cursorOf: (row: T) => (string | number)[],
): T[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const next = encodeCursor(cursorOf(page[page.length - 1]!));
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('cursor', next);
  reply.header('X-Next-Cursor', next);
  reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  return page;
}
