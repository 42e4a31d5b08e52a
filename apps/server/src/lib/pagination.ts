// Keyset pagination: opaque cursors, one row fetched beyond the page, X-Next-Cursor and Link headers. Never OFFSET.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NEXT_CURSOR_HEADER } from '@olden/contracts';
import { invalidCursor } from './errors.ts';
import { isId } from './ids.ts';

type CursorValue = string | number;

/** What a list route asks a service for (the query's `limit` and `cursor`). */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** One page of rows, and the cursor of the next one when there is more. */
export interface Page<Row> {
  rows: Row[];
  nextCursor: string | undefined;
}

/**
 * How one list names a position: the key taken from a page's last row, and the test that a key sent back
 * is one this list makes (anything else is INVALID_CURSOR, never a silently wrong page).
 */
export interface CursorSpec<Row, Key extends readonly CursorValue[]> {
  keyOf(row: Row): Key;
  isKey(values: unknown): values is Key;
}

/** Whether decoded JSON is an array of exactly these types (numbers finite). */
export function isTuple(values: unknown, types: readonly ('string' | 'number')[]): values is CursorValue[] {
  return (
    Array.isArray(values) &&
    values.length === types.length &&
    values.every((v, i) => typeof v === types[i] && (typeof v !== 'number' || Number.isFinite(v)))
  );
}

/**
 * A creation time exactly as the server writes it (toISOString of a row's created_at). Date.parse alone let
 * '2020-02-30', '0' or year 275760 through to a timestamptz cast: a 500. The round trip refuses dates that
 * roll over; the year range keeps to what PostgreSQL can hold.
 */
export function isCursorDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return false;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== value) return false;
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 9999;
}

/** A row id as the server makes them (32 hex digits); anything else can name no row. */
export const isCursorId = (value: unknown): value is string => isId(value);

/** Lists in creation order (buy requests, users): [createdAt ISO, id]. */
export const CREATED_AT_CURSOR: CursorSpec<{ createdAt: Date; id: string }, [string, string]> = {
  keyOf: (row) => [row.createdAt.toISOString(), row.id],
  isKey: (values): values is [string, string] =>
    isTuple(values, ['string', 'string']) && isCursorDate(values[0]) && isCursorId(values[1]),
};

export const emptyPage = <Row>(): Page<Row> => ({ rows: [], nextCursor: undefined });

function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor<Key extends readonly CursorValue[]>(spec: CursorSpec<never, Key>, cursor: string): Key {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!spec.isKey(values)) throw invalidCursor();
  return values;
}

/**
 * Starts a page: decodes the cursor at once (an invalid one is a 400 before anything else is asked), then
 * `fetch` runs the list's query for `limit + 1` rows after that key and turns them into a Page.
 */
export function keysetPage<KeyRow, Key extends readonly CursorValue[]>(spec: CursorSpec<KeyRow, Key>, request: PageRequest) {
  const after = request.cursor === undefined ? undefined : decodeCursor(spec, request.cursor);
  return {
    async fetch<Row extends KeyRow>(query: (after: Key | undefined, limit: number) => Promise<Row[]>): Promise<Page<Row>> {
      const rows = await query(after, request.limit + 1);
      if (rows.length <= request.limit) return { rows, nextCursor: undefined };
      const page = rows.slice(0, request.limit);
      return { rows: page, nextCursor: encodeCursor(spec.keyOf(page[page.length - 1]!)) };
    },
  };
}

/** Sets the next-page headers (X-Next-Cursor and Link rel="next", from this request's own URL) when there is a next page. */
export function setNextPageHeaders(request: FastifyRequest, reply: FastifyReply, nextCursor: string | undefined): void {
  if (nextCursor === undefined) return;
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('cursor', nextCursor);
  reply.header(NEXT_CURSOR_HEADER, nextCursor);
  reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
}

/** Sets the next-page headers when there is a next page; returns the rows. */
export function sendPage<Row>(request: FastifyRequest, reply: FastifyReply, page: Page<Row>): Row[] {
  setNextPageHeaders(request, reply, page.nextCursor);
  return page.rows;
}
