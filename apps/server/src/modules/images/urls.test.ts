// Issue 16: absolute image URLs out, the short stored form in; pure helpers and the hooks on a real app.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { productBody } from '../products/fixtures.ts';
import { absoluteImageUrl, imageOrigins, storedImageForm, withAbsoluteImageUrls } from './urls.ts';

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
    expect(got.headers['cross-origin-resource-policy']).toBe('same-origin');

    const foreign = await t.injectAs(seller, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ image1: `http://elsewhere.example${image.display_url}` }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION', details: [{ path: 'image1', message: 'This image was not uploaded here' }] });
  });
});
