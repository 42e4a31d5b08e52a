// IMAGE_STORE=s3 (docs/decisions/008) against a real S3-compatible server on loopback (s3rver); absolute image URLs.
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { createServer, type Socket } from 'node:net';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_WIDTHS, type ImageUploadResponse, storedImageFile } from '@olden/contracts';
import { images as imagesTable, products } from '../../db/schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { multipart } from '../../test/requests.ts';
import { createProduct } from '../products/fixtures.ts';
import { closedPort, startTestS3, type TestS3 } from './s3-test-server.ts';
import { parseEnv } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { createS3Client, createS3ImageStorage, STORE_UNAVAILABLE_MESSAGE } from './s3-storage.ts';

const png = (background = '#806040') => sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer();

function upload(t: TestApp, user: TestUser, data: Buffer) {
  return t.injectAs(user, { method: 'POST', url: '/api/images', ...multipart([{ filename: 'a.png', type: 'image/png', data }]) });
}
async function uploaded(t: TestApp, user: TestUser): Promise<ImageUploadResponse['data']> {
  const res = await upload(t, user, await png());
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImageUploadResponse>().data;
}
const imageRows = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(imagesTable))[0]!.n;

let s3: TestS3;
let client: S3Client;
beforeAll(async () => {
  s3 = await startTestS3();
  client = await createS3Client({
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: true,
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

async function objectCount(): Promise<number> {
  return (await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).KeyCount ?? 0;
}

async function objectSize(key: string): Promise<number | undefined> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentLength;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}

describe('IMAGE_STORE=s3 (s3rver on loopback)', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env, IMAGE_QUOTA_MB: '1' });
    alice = await t.createUser();
  });
  afterAll(async () => t?.close());

  it('upload: every width in the bucket, one row whose bytes are the objects\' sizes; served with today\'s headers', async () => {
    const image = await uploaded(t, alice);
    const sizes = await Promise.all(IMAGE_WIDTHS.map((w) => objectSize(storedImageFile(image.id, w))));
    expect(sizes.every((s) => typeof s === 'number' && s > 0), String(sizes)).toBe(true);
    const [row] = await t.database.db.select().from(imagesTable).where(eq(imagesTable.id, image.id));
    // Quota accounting unchanged: the row counts the stored WebP bytes.
    expect(row!.bytes).toBe(sizes.reduce((a, b) => a! + b!, 0));
    expect(image.display_url).toBe(`${t.config.publicUrl}/api/images/${image.id}-1280.webp`);

    const res = await t.app.inject({ method: 'GET', url: `/api/images/${image.id}-320.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.rawPayload.length).toBe(sizes[0]);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  });

  it('a JSON answer keeps Cross-Origin-Resource-Policy: same-origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('delete: the uploader deletes an unused image, its objects go and its URLs are 404', async () => {
    const image = await uploaded(t, alice);
    const del = await t.injectAs(alice, { method: 'DELETE', url: `/api/images/${image.id}` });
    expect(del.statusCode, del.body).toBe(200);
    for (const w of IMAGE_WIDTHS) expect(await objectSize(storedImageFile(image.id, w))).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${image.id}-1280.webp` })).statusCode).toBe(404);
  });

  it('an object missing from the bucket is 404, and the image no longer counts as stored', async () => {
    const image = await uploaded(t, alice);
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: storedImageFile(image.id, 1280) }));
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${image.id}-1280.webp` });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${'0'.repeat(32)}-640.webp` })).statusCode).toBe(404);
    expect(await t.services.images.exists(`/api/images/${image.id}-1280.webp`)).toBe(false);
  });

  it('a listing names the upload by the absolute URL it was given: stored short, answered absolute', async () => {
    const image = await uploaded(t, alice);
    const id = await createProduct(t, alice, { image1: image.display_url, image2: image.variants[0]!.url });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.image1).toBe(`/api/images/${image.id}-1280.webp`);
    expect(row!.image2).toBe(`/api/images/${image.id}-320.webp`);
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(res.json()).toMatchObject({ image1: image.display_url, image2: image.variants[0]!.url, image3: 'https://img.test.example/3.jpg' });
  });

  it('the row cannot be written (an owner that does not exist): the objects just written are deleted again', async () => {
    const before = await objectCount();
    const rows = await imageRows(t);
    const puts = vi.spyOn(t.services.images.storage, 'put');
    try {
      await expect(t.services.images.store(await png('#405060'), 'e'.repeat(32))).rejects.toThrow();
      // The objects were written (then the row failed), not refused before.
      expect(puts).toHaveBeenCalledTimes(IMAGE_WIDTHS.length);
    } finally {
      puts.mockRestore();
    }
    expect(await imageRows(t)).toBe(rows);
    expect(await objectCount()).toBe(before);
  });

  it('quota: past IMAGE_QUOTA_MB uploads are refused with 413, as on the folder store', async () => {
    const bob = await t.createUser();
    await t.database.db.insert(imagesTable).values({ id: 'f'.repeat(32), ownerId: bob.id, width: 1, height: 1, bytes: 1024 * 1024 });
    const res = await upload(t, bob, await png());
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('the store stopped: upload 503 with Retry-After, no row, quickly; reads 503; back when it returns', async () => {
    const before = await imageRows(t);
    const image = await uploaded(t, alice);
    await s3.stop();
    try {
      const started = Date.now();
      const res = await upload(t, alice, await png('#102030'));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: STORE_UNAVAILABLE_MESSAGE });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await imageRows(t)).toBe(before + 1);
      const read = await t.app.inject({ method: 'GET', url: `/api/images/${image.id}-640.webp` });
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe('5');
    } finally {
      await s3.start();
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${image.id}-640.webp` })).statusCode).toBe(200);
  });
});

describe('IMAGE_STORE=s3 with nothing listening (a closed port)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => t?.close());

  it('upload 503 with Retry-After within the bounded retries, and nothing in the database', async () => {
    const user = await t.createUser();
    const started = Date.now();
    const res = await upload(t, user, await png());
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await imageRows(t)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${'a'.repeat(32)}-320.webp` })).statusCode).toBe(503);
  });
});

describe('a store that accepts connections but never answers', () => {
  it('is a 503 UNAVAILABLE within the bounded timeouts (2 attempts of 3 s), not a request that hangs', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const store = createS3ImageStorage(parseEnv({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` }));
    try {
      const started = Date.now();
      const error = await store.get(`${'a'.repeat(32)}-320.webp`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE', extra: { retryAfterSeconds: 5 } });
      expect(Date.now() - started).toBeLessThan(12_000);
    } finally {
      store.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 20_000);
});

describe('S3_PUBLIC_URL: images named on the CDN or public bucket', () => {
  const publicUrl = 'https://cdn.olden.example/photos';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env, S3_PUBLIC_URL: `${publicUrl}/`, PUBLIC_URL: 'https://olden.example' });
  });
  afterAll(async () => t?.close());

  it('replies point at S3_PUBLIC_URL; both that and the API\'s own URL are taken back as stored images', async () => {
    const user = await t.createUser();
    const image = await uploaded(t, user);
    expect(image.display_url).toBe(`${publicUrl}/${image.id}-1280.webp`);
    expect(image.variants.map((v) => v.url)).toEqual(IMAGE_WIDTHS.map((w) => `${publicUrl}/${image.id}-${w}.webp`));
    const id = await createProduct(t, user, { image1: image.display_url, image2: `https://olden.example/api/images/${image.id}-640.webp` });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect([row!.image1, row!.image2]).toEqual([`/api/images/${image.id}-1280.webp`, `/api/images/${image.id}-640.webp`]);
    const me = await t.injectAs(user, { method: 'PATCH', url: '/api/users/me', payload: { photoURL: image.display_url } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.photoURL).toBe(image.display_url);
    // The API still streams the object for anyone holding an old URL.
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${image.id}-320.webp` })).statusCode).toBe(200);
    // The CSP lets pages show images from the public bucket's origin.
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/cdn\.olden\.example/);
  });
});
