// Replies are written by fast-json-stringify from the JSON Schema of each route's zod response schema:
// the same contract - only the schema's keys leave the server, a missing required key is an
// error (a 500), never a partial object - at a fraction of the cost of a zod parse plus JSON.stringify per
// reply, which was the largest cost of a page of listings (docs/decisions/013-lean-production-process.md).
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** The JSON Schema fast-json-stringify compiles for a zod response schema (exported for the contract test). */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * Compiled on a route's first reply with that status, not at start-up: compiling every route's every status
 * up front was a fifth of the time to the first answered request, for replies most processes never send.
 */
export function createSerializerCompiler(): FastifySerializerCompiler<z.ZodType> {
  return ({ schema }) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
      return serialize(data);
    };
  };
}
