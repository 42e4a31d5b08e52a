// Absolute image URLs out (docs/decisions/008), the short stored form in: the helpers, the contracts' field, a real app.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { imageUrl, storedImageForm, withOwnImageBases } from '@olden/contracts';
import { products } from '../../db/schema.ts';
import { absoluteImageUrl, imageOrigins, ownImageBases } from '../../lib/image-urls.ts';
import { createSerializerCompiler } from '../../plugins/serializer.ts';
import { useTestApp } from '../../test/harness.ts';
import { productBody } from '../products/fixtures.ts';

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
      expect(storedImageForm(own, ownImageBases(cdn)), own).toBe(short);
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
      expect(storedImageForm(foreign, ownImageBases(cdn)), foreign).toBe(foreign);
    }
  });

});

describe('the contracts\' image URL field, parsing a body', () => {
  const bases = ownImageBases(cdn);
  const field = imageUrl('Image 1');
  it('stores this server\'s own absolute URLs short only while the server parses, and leaves them in the browser', () => {
    const own = `https://olden.example${short}`;
    expect(withOwnImageBases(bases, () => field.parse(own))).toBe(short);
    expect(withOwnImageBases(bases, () => field.parse(`  https://cdn.example/photos/${id}-640.webp `))).toBe(short);
    expect(field.parse(own)).toBe(own);
    expect(withOwnImageBases(bases, () => field.parse('https://img.example/a.jpg'))).toBe('https://img.example/a.jpg');
  });

  it('refuses another server\'s http URL of a stored image, as not uploaded here', () => {
    const result = withOwnImageBases(bases, () => field.safeParse(`http://elsewhere.example${short}`));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['This image was not uploaded here']);
  });
});

describe('no reply is rewritten on its way out', () => {
  it('the serializer writes what a mapper built, as it is: image fields are named by the mappers', () => {
    const write = createSerializerCompiler()({ schema: z.object({ image1: z.string() }), url: '/api/x', method: 'GET' } as never) as (d: unknown) => string;
    expect(write({ image1: short })).toBe(JSON.stringify({ image1: short }));
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
