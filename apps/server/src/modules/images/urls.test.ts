// Absolute image URLs out (docs/decisions/008), the short stored form in; pure helpers and the hooks on a real app.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductSchema } from '@olden/contracts';
import { products } from '../../db/schema.ts';
import Fastify, { type FastifyReply } from 'fastify';
import { createSerializerCompiler, responseJsonSchema } from '../../plugins/serializer.ts';
import { useTestApp } from '../../test/harness.ts';
import { productBody } from '../products/fixtures.ts';
import { absoluteImageUrl, imageOrigins, imageUrlRewrite, registerImageUrls, storedImageForm, withAbsoluteImageUrls } from './urls.ts';

const id = 'a'.repeat(32);
const short = `/api/images/${id}-640.webp`;
const api = { publicUrl: 'https://olden.example', S3_PUBLIC_URL: undefined };
const cdn = { publicUrl: 'https://olden.example', S3_PUBLIC_URL: 'https://cdn.example/photos' };

describe('image URL helpers', () => {
  it('a stored image is named on S3_PUBLIC_URL when set, else on PUBLIC_URL; other values stay as they are', () => {
    expect(absoluteImageUrl(short, api)).toBe(`https://olden.example${short}`);
    expect(absoluteImageUrl(short, cdn)).toBe(`https://cdn.example/photos/${id}-640.webp`);
    for (const other of ['https://img.example/a.jpg', `/api/images/${id}-641.webp`, '']) expect(absoluteImageUrl(other, cdn)).toBe(other);
    expect(imageOrigins(cdn)).toEqual(['https://olden.example', 'https://cdn.example']);
    expect(imageOrigins(api)).toEqual(['https://olden.example']);
  });

  it('takes back both of its own addresses (host case and default port as URLs compare), nothing else', () => {
    for (const own of [
      `https://olden.example${short}`,
      `https://OLDEN.example:443${short}`,
      `https://cdn.example/photos/${id}-640.webp`,
    ]) {
      expect(storedImageForm(own, cdn), own).toBe(short);
    }
    for (const foreign of [
      `https://other.example${short}`,
      `http://olden.example${short}`,
      `https://olden.example${short}?v=2`,
      `https://olden.example${short}#x`,
      `https://u:p@olden.example${short}`,
      `https://cdn.example/${id}-640.webp`,
      `https://cdn.example/photos/x/${id}-640.webp`,
      `https://olden.example/api/images/${id}-640.png`,
      short,
      'not a url',
    ]) {
      expect(storedImageForm(foreign, cdn), foreign).toBe(foreign);
    }
  });

  it('rewrites only the image fields of a reply, at any depth, and leaves the original alone', () => {
    const reply = {
      items: [{ image1: short, name: short, seller: { photoURL: short } }],
      data: { display_url: short, variants: [{ width: 640, url: short }] },
      when: new Date(0),
    };
    const out = withAbsoluteImageUrls(reply, api);
    const abs = `https://olden.example${short}`;
    expect(out).toEqual({
      items: [{ image1: abs, name: short, seller: { photoURL: abs } }],
      data: { display_url: abs, variants: [{ width: 640, url: abs }] },
      when: new Date(0),
    });
    expect(reply.items[0]!.image1).toBe(short);
  });
});

describe('the rewrite compiled from a route\'s response schema', () => {
  const abs = `https://olden.example${short}`;
  const rewriteOf = (schema: z.ZodType) => imageUrlRewrite(responseJsonSchema(schema), api);

  it('rewrites the image fields the schema names, at any depth, and leaves the original alone', () => {
    const schema = z.object({
      items: z.array(z.object({ image1: z.string(), name: z.string(), seller: z.object({ photoURL: z.string() }).nullable() })),
      data: z.object({ display_url: z.string(), variants: z.array(z.object({ width: z.number(), url: z.string() })) }),
      byName: z.record(z.string(), z.object({ image: z.string() })),
      extra: z.unknown(),
    });
    const reply = {
      items: [{ image1: short, name: short, seller: { photoURL: short } }, { image1: 'https://img.example/a.jpg', name: 'b', seller: null }],
      data: { display_url: short, variants: [{ width: 640, url: short }] },
      byName: { lamp: { image: short } },
      extra: { deep: [{ image4: short, other: short }] },
    };
    const out = rewriteOf(schema)!(reply);
    expect(out).toEqual({
      items: [{ image1: abs, name: short, seller: { photoURL: abs } }, { image1: 'https://img.example/a.jpg', name: 'b', seller: null }],
      data: { display_url: abs, variants: [{ width: 640, url: abs }] },
      byName: { lamp: { image: abs } },
      extra: { deep: [{ image4: abs, other: short }] },
    });
    expect(reply.items[0]!.image1).toBe(short);
    expect(reply.extra.deep[0]!.image4).toBe(short);
  });

  it('gives the same page of listings as the walk of a whole reply', () => {
    const listing = { _id: id, image1: short, image2: short, image3: 'https://img.example/a.jpg', image4: '', name: short, price: 1 };
    const page = [listing, { ...listing, _id: 'b'.repeat(32) }];
    expect(rewriteOf(z.array(ProductSchema))!(page)).toEqual(withAbsoluteImageUrls(page, api));
    expect(page[0]!.image1).toBe(short);
    // Nothing to change (images elsewhere, or already absolute): the reply itself, not a copy.
    const elsewhere = [{ ...listing, image1: 'https://img.example/b.jpg', image2: `https://olden.example${short}` }];
    expect(rewriteOf(z.array(ProductSchema))!(elsewhere)).toBe(elsewhere);
  });

  it('is nothing at all for a reply without image fields (no copy)', () => {
    expect(rewriteOf(z.object({ acknowledged: z.boolean(), insertedId: z.string().nullable() }))).toBeUndefined();
    expect(rewriteOf(z.array(z.object({ name: z.string(), count: z.number() })))).toBeUndefined();
  });

  it('walks a recursive schema as far as the walk of a whole reply does', () => {
    interface Node { image: string; children: Node[] }
    const NodeSchema: z.ZodType<Node> = z.object({ image: z.string(), get children() { return z.array(NodeSchema); } });
    const tree: Node = { image: short, children: [{ image: short, children: [] }] };
    expect(rewriteOf(NodeSchema)!(tree)).toEqual({ image: abs, children: [{ image: abs, children: [] }] });
  });
});

describe('replies with and without a response schema', () => {
  it('the serializer rewrites what a schema writes; the hook walks a status the schema does not cover', async () => {
    const app = Fastify();
    app.setSerializerCompiler(createSerializerCompiler((schema, route) => (route.url.startsWith('/api/') ? imageUrlRewrite(schema, api) : undefined)));
    registerImageUrls(app, api);
    const Listing = z.object({ image1: z.string() });
    app.get('/api/with', { schema: { response: { 200: Listing } } }, async (request, reply) => {
      if ((request.query as { created?: string }).created) (reply as FastifyReply).status(201);
      return { image1: short };
    });
    app.get('/api/without', async () => ({ list: [{ image1: short }] }));
    app.get('/elsewhere', async () => ({ image1: short }));
    const abs = `https://olden.example${short}`;
    try {
      expect((await app.inject('/api/with')).json()).toEqual({ image1: abs });
      expect((await app.inject('/api/with?created=1')).json()).toEqual({ image1: abs });
      expect((await app.inject('/api/without')).json()).toEqual({ list: [{ image1: abs }] });
      expect((await app.inject('/elsewhere')).json()).toEqual({ image1: short });
    } finally {
      await app.close();
    }
  });
});

describe('on the app (PUBLIC_URL http, as in development)', () => {
  const getApp = useTestApp({ PUBLIC_URL: 'http://127.0.0.1:4173' });

  it('a listing posted with this server\'s http URL is stored short; another server\'s http one is refused', async () => {
    const t = getApp();
    const seller = await t.createUser();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    const image = await t.services.images.store(png, seller.id);
    const own = `http://127.0.0.1:4173${image.display_url}`;
    const res = await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody({ image1: own }) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, res.json().insertedId));
    expect(row!.image1).toBe(image.display_url);
    const got = await t.app.inject({ method: 'GET', url: `/api/products/${row!.id}` });
    expect(got.json().image1).toBe(own);
    const page = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(page.json().find((p: { _id: string }) => p._id === row!.id)?.image1).toBe(own);
    expect(got.headers['cross-origin-resource-policy']).toBe('same-origin');

    const foreign = await t.injectAs(seller, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ image1: `http://elsewhere.example${image.display_url}` }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION', details: [{ path: 'image1', message: 'This image was not uploaded here' }] });
  });

  it('a URL is judged as a browser parses it: control characters are refused, backslashes and case settled, the href stored', async () => {
    const t = getApp();
    const seller = await t.createUser();
    const file = `${'b'.repeat(32)}-1280.webp`;
    const refused = [
      [`h\tttp://evil.example/api/images/${file}`, 'image1'],
      [`http://evil.example/api/\nimages/${file}`, 'image1'],
      [`ht\rtps://img.example/a.png`, 'image1'],
      [`https://img.example/a.png\u0000`, 'image1'],
      [`https://img.example/\u0085a.png`, 'image1'],
    ] as const;
    for (const [url, path] of refused) {
      const res = await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody({ [path]: url }) });
      expect(res.statusCode, JSON.stringify(url)).toBe(400);
      expect(res.json().details, JSON.stringify(url)).toContainEqual({ path, message: expect.any(String) });
    }
    // A backslash is a slash to a browser: another server's http image, refused as such.
    const backslashed = await t.injectAs(seller, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ image2: `http:\\\\evil.example\\api\\images\\${file}` }),
    });
    expect(backslashed.statusCode).toBe(400);
    expect(backslashed.json()).toMatchObject({ details: [{ path: 'image2', message: 'This image was not uploaded here' }] });
    const photo = await t.injectAs(seller, { method: 'PATCH', url: '/api/users/me', payload: { photoURL: `h\tttps://evil.example/api/images/${file}` } });
    expect(photo.statusCode).toBe(400);

    const res = await t.injectAs(seller, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ image3: 'HTTPS://IMG.Example:443/a b.png', image4: 'https:\\\\img.example\\c.png' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, res.json().insertedId));
    expect(row!.image3).toBe('https://img.example/a%20b.png');
    expect(row!.image4).toBe('https://img.example/c.png');
  });
});
