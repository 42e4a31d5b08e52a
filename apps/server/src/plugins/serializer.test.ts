import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductDetailSchema, ProductSchema } from '@olden/contracts';
import { createSerializerCompiler, nullableAsTypeList, responseJsonSchema } from './serializer.ts';

const compile = (schema: z.ZodType) => createSerializerCompiler()({ schema, url: '/api/x', method: 'GET' } as never) as (data: unknown) => string;

describe('nullable fields in reply schemas', () => {
  it('a nullable object or value is a list of types, not an anyOf (no validator per value)', () => {
    const schema = responseJsonSchema(z.object({ place: z.object({ id: z.number().int() }).nullable(), note: z.string().nullable() }));
    const properties = (schema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(properties.place).toMatchObject({ type: ['object', 'null'], required: ['id'] });
    expect(properties.place).not.toHaveProperty('anyOf');
    expect(properties.note).toEqual({ type: ['string', 'null'] });
  });

  it('leaves other alternatives as they are', () => {
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(nullableAsTypeList(union)).toEqual(union);
    const withRef = { anyOf: [{ $ref: '#/definitions/a' }, { type: 'null' }] };
    expect(nullableAsTypeList(withRef)).toEqual(withRef);
    const withSibling = { description: 'kept', anyOf: [{ type: 'string' }, { type: 'null' }] };
    expect(nullableAsTypeList(withSibling)).toEqual(withSibling);
  });

  it('no listing reply has an anyOf left', () => {
    for (const schema of [z.array(ProductSchema), ProductDetailSchema]) expect(JSON.stringify(responseJsonSchema(schema))).not.toContain('anyOf');
  });

  it('writes the same text, only the schema\'s keys, and refuses a nullable object missing a required key', () => {
    const write = compile(z.object({ place: z.object({ id: z.number().int(), name: z.string() }).nullable() }));
    expect(write({ place: null })).toBe('{"place":null}');
    expect(write({ place: { id: 1, name: 'Bath' } })).toBe(JSON.stringify({ place: { id: 1, name: 'Bath' } }));
    expect(write({ place: { id: 1, name: 'Bath', secret: 'x' } })).toBe('{"place":{"id":1,"name":"Bath"}}');
    expect(() => write({ place: { id: 1 } })).toThrow(/name/);
  });
});
