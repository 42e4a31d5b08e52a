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

/** What a route's replies go through before they are written (compiled from its JSON Schema once); undefined: nothing. */
export type ReplyPreparer = (jsonSchema: Record<string, unknown>, route: { url: string; method: string }) => ((data: unknown) => unknown) | undefined;

/**
 * Compiled on a route's first reply with that status, not at start-up: compiling every route's every status
 * up front was a fifth of the time to the first answered request, for replies most processes never send.
 * `prepare` compiles, from the same JSON Schema, a step each reply takes first (app.ts: absolute image URLs).
 */
export function createSerializerCompiler(prepare?: ReplyPreparer): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, url, method }) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      if (!serialize) {
        const jsonSchema = responseJsonSchema(schema);
        const before = prepare?.(jsonSchema, { url, method });
        const write = fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
        serialize = before ? (value) => write(before(value)) : write;
      }
      return serialize(data);
    };
  };
}
