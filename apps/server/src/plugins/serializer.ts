// Replies are written by fast-json-stringify from the JSON Schema of each route's zod response schema:
// the same contract - only the schema's keys leave the server, a missing required key is an
// error (a 500), never a partial object - at a fraction of the cost of a zod parse plus JSON.stringify per
// reply, which was the largest cost of a page of listings (docs/decisions/013-lean-production-process.md).
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** The JSON Schema fast-json-stringify compiles for a zod response schema (exported for the contract test). */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return nullableAsTypeList(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })) as Record<string, unknown>;
}

type JsonSchemaNode = Record<string, unknown>;
const isNode = (value: unknown): value is JsonSchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes `x.nullable()` as `anyOf: [x, { type: 'null' }]`. fast-json-stringify serializes an anyOf by running an
 * ajv validator on the value for each branch (so it loads and compiles ajv on the route's first reply), where
 * `type: [x's type, 'null']` is a typeof check: a listing page's `place` cost a fifth of the first page's serializer
 * compile and a validator call per row (docs/decisions/034). Only that exact pair is rewritten, when x names a single
 * type and holds no alternatives of its own; the keys written and the required ones are the same.
 */
export function nullableAsTypeList(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsTypeList);
  if (!isNode(node)) return node;
  const out: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsTypeList(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(out).length !== 1) return out;
  const nullAt = branches.findIndex((b) => isNode(b) && b.type === 'null' && Object.keys(b).length === 1);
  const other = branches[1 - nullAt];
  if (nullAt < 0 || !isNode(other) || typeof other.type !== 'string') return out;
  if (['anyOf', 'oneOf', 'allOf', '$ref', 'if', 'not'].some((k) => k in other)) return out;
  return { ...other, type: [other.type, 'null'] };
}

/**
 * From this length a reply's text leaves the serializer as UTF-8 bytes. Sent as text, node measured it
 * (Buffer.byteLength), then joined the response's head to it and flattened the two into one new string to encode it
 * on the socket: a page of listings, whose text is two-byte (one `’` makes it so), was copied twice over. As bytes it
 * is encoded once and written beside the head (docs/decisions/036-a-page-s-creation-times.md). Short replies keep
 * their text as before: their copies are small, and that path was not measured against bytes.
 */
export const BUFFER_FROM_LENGTH = 4096;

/**
 * Compiled on a route's first reply with that status, not at start-up: compiling every route's every status
 * up front was a fifth of the time to the first answered request, for replies most processes never send.
 */
export function createSerializerCompiler(): FastifySerializerCompiler<z.ZodType> {
  return ({ schema }) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
      const json = serialize(data);
      // fastify's type says string; it sends a Buffer as it is (decision 036).
      return (json.length >= BUFFER_FROM_LENGTH ? Buffer.from(json) : json) as string;
    };
  };
}
