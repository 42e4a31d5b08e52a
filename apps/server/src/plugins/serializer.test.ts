import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductDetailSchema, ProductSchema } from '@olden/contracts';
import { BUFFER_FROM_LENGTH, createSerializerCompiler, nullableAsTypeList, responseJsonSchema } from './serializer.ts';

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

describe('long replies', () => {
  it('leave the serializer as their UTF-8 bytes from BUFFER_FROM_LENGTH on, the same JSON as text below it', () => {
    const write = compile(z.array(z.object({ name: z.string() })));
    // Two-byte text (a ’), as a page of the seeded listings is.
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Brass lamp’s shade ${i}` }));
    let n = 1;
    while (JSON.stringify(rows(n)).length < BUFFER_FROM_LENGTH) n += 1;
    const short = write(rows(n - 1)) as unknown;
    const long = write(rows(n)) as unknown;
    expect(typeof short).toBe('string');
    expect(short).toBe(JSON.stringify(rows(n - 1)));
    expect(Buffer.isBuffer(long)).toBe(true);
    expect((long as Buffer).equals(Buffer.from(JSON.stringify(rows(n)), 'utf8'))).toBe(true);
  });
});

describe('a long reply over HTTP', () => {
  it('arrives whole, with the Content-Length of its UTF-8 bytes', async () => {
    const app = Fastify();
    app.setSerializerCompiler(createSerializerCompiler() as never);
    const rows = Array.from({ length: 400 }, (_, i) => ({ name: `Brass lamp’s shade ${i}` }));
    app.get('/rows', { schema: { response: { 200: z.array(z.object({ name: z.string() })) } } }, async () => rows);
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const res = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/rows`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(rows)));
      expect(body.equals(Buffer.from(JSON.stringify(rows)))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
