// Storage that only grew (docs/product.md#photos). Images go when nothing shows them; unused uploads are
// swept after 24 hours; a per-user quota; DELETE /api/images/:id; uploads take turns by user.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, type ImageUploadResponse, storedImageFile } from '@olden/contracts';
import { categories, images } from '../../db/schema.ts';
import { createTestApp, expectError, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { multipart } from '../../test/requests.ts';
import { createProduct, productBody } from '../products/fixtures.ts';
import { IMAGE_IN_USE_MESSAGE, quotaMessage, SWEEP_CRON, SWEEP_JOB, UNUSED_IMAGE_GRACE_MS } from './service.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-images-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getApp = useTestApp({ DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '10' });
const imagesDir = path.join(dataDir, 'images');

const png = (width = 40, height = 30, background = '#806040') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** Noise does not compress: a few such images add up to a known number of stored bytes. */
async function noisyJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

type Uploaded = ImageUploadResponse['data'];

async function upload(t: TestApp, user: TestUser, data?: Buffer) {
  const res = await t.injectAs(user, {
    method: 'POST',
    url: '/api/images',
    ...multipart([{ filename: 'a.png', type: 'image/png', data: data ?? (await png()) }]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImageUploadResponse>().data;
}

async function isStored(t: TestApp, id: string): Promise<boolean> {
  const rows = await t.database.db.select({ id: images.id }).from(images).where(eq(images.id, id));
  const files = IMAGE_WIDTHS.map((w) => existsSync(path.join(imagesDir, storedImageFile(id, w))));
  // Row and files go together: never a row without its files, never files left behind.
  expect(new Set(files).size, `files of ${id}`).toBe(1);
  expect(files[0], `row and files of ${id}`).toBe(rows.length === 1);
  return rows.length === 1;
}

/** Makes uploads look older than the sweep's 24 hours. */
async function age(t: TestApp, ids: string[], ms = UNUSED_IMAGE_GRACE_MS + 60_000): Promise<void> {
  await t.database.db
    .update(images)
    .set({ createdAt: sql`${images.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(inArray(images.id, ids));
}

const withImages = (...urls: string[]) =>
  productBody({ image1: urls[0], image2: urls[1] ?? urls[0], image3: urls[2] ?? urls[0], image4: urls[3] ?? urls[0] });

describe('a listing lets go of its images', () => {
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    seller = await getApp().createUser({ name: 'Seller' });
    buyer = await getApp().createUser({ name: 'Buyer' });
  });

  it('deleting a listing deletes its images, but not one another listing shows', async () => {
    const t = getApp();
    const [own, shared] = [await upload(t, seller), await upload(t, seller)];
    const id = await createProduct(t, seller, withImages(own.display_url, shared.display_url));
    // Another listing names the shared one by another width: the same image.
    await createProduct(t, seller, withImages(shared.variants[0]!.url));
    const res = await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${id}` });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await isStored(t, own.id)).toBe(false);
    expect(await isStored(t, shared.id)).toBe(true);
  });

  it('an image a buy request shows stays after its listing is deleted: the declined request keeps showing it', async () => {
    const t = getApp();
    const first = await upload(t, seller);
    const id = await createProduct(t, seller, withImages(first.display_url));
    const req = await t.injectAs(buyer, {
      method: 'POST',
      url: '/api/buyerProduct',
      payload: { productId: id, phoneNumber: '0123456789', buyerAddress: '1 Road' },
    });
    expect(req.statusCode).toBe(200);
    // The listing is edited to other pictures: the request still shows the first.
    const other = await upload(t, seller);
    const edit = await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: withImages(other.display_url) });
    expect(edit.statusCode).toBe(200);
    expect(await isStored(t, first.id)).toBe(true);
    // Deleting the listing releases the pictures only it showed; its request is declined and kept
    // (docs/product.md#trade-lifecycle).
    await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${id}` });
    expect(await isStored(t, other.id)).toBe(false);
    const history = await t.injectAs(buyer, { method: 'GET', url: `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}&status=closed` });
    expect(history.json<{ status: string; image1: string }[]>().map((r) => [r.status, r.image1])).toEqual([['Declined', first.display_url]]);
    // The buyer's history still shows the first picture: the sweep keeps it.
    await age(t, [first.id]);
    await t.services.images.sweep();
    expect(await isStored(t, first.id)).toBe(true);
  });

  it('an edit that replaces images deletes the dropped ones and keeps the kept ones', async () => {
    const t = getApp();
    const [a, b, c] = [await upload(t, seller), await upload(t, seller), await upload(t, seller)];
    const id = await createProduct(t, seller, withImages(a.display_url, b.display_url));
    const res = await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: withImages(b.display_url, c.display_url) });
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await isStored(t, a.id)).toBe(false);
    expect(await isStored(t, b.id)).toBe(true);
    expect(await isStored(t, c.id)).toBe(true);
  });

  it("someone else's fresh upload named and dropped by a listing is not deleted before the sweep", async () => {
    const t = getApp();
    const victimUpload = await upload(t, buyer);
    // Only an admin may name another user's upload now; a seller is refused outright.
    expect((await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody(withImages(victimUpload.display_url)) })).json()).toMatchObject({
      code: 'IMAGE_NOT_YOURS',
    });
    const admin = await t.createUser({ role: 'admin' });
    const id = await createProduct(t, admin, withImages(victimUpload.display_url));
    await t.injectAs(admin, { method: 'DELETE', url: `/api/products/${id}` });
    expect(await isStored(t, victimUpload.id)).toBe(true);
    // Its owner can still use it.
    await createProduct(t, buyer, withImages(victimUpload.display_url));
    await age(t, [victimUpload.id]);
    await t.services.images.sweep();
    expect(await isStored(t, victimUpload.id)).toBe(true);
  });

  it('an admin deleting a listing releases its images too', async () => {
    const t = getApp();
    const admin = await t.createUser({ role: 'admin' });
    const img = await upload(t, seller);
    const id = await createProduct(t, seller, withImages(img.display_url));
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/products/${id}` })).statusCode).toBe(200);
    expect(await isStored(t, img.id)).toBe(false);
  });
});

describe('the sweep', () => {
  it('deletes uploads nothing shows after 24 hours, and only those', async () => {
    const t = getApp();
    const user = await t.createUser();
    const uploads = await Promise.all(Array.from({ length: 5 }, () => upload(t, user)));
    const [old, fresh, listed, photo, category] = uploads as [Uploaded, Uploaded, Uploaded, Uploaded, Uploaded];
    const seller = await t.createUser();
    const requested = await upload(t, seller);
    const productId = await createProduct(t, seller, withImages(requested.display_url));
    await t.injectAs(user, {
      method: 'POST',
      url: '/api/buyerProduct',
      payload: { productId, phoneNumber: '0123456789', buyerAddress: '1 Road' },
    });
    await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${productId}`, payload: productBody() });
    await createProduct(t, user, withImages(listed.display_url));
    const me = await t.injectAs(user, { method: 'PATCH', url: '/api/users/me', payload: { photoURL: photo.display_url } });
    expect(me.statusCode, me.body).toBe(200);
    const [firstCategory] = await t.database.db.select().from(categories).limit(1);
    // The database holds the stored form; replies give it absolutely (docs/decisions/008).
    await t.database.db.update(categories).set({ image: new URL(category.display_url).pathname }).where(eq(categories.id, firstCategory!.id));
    await age(t, [old, listed, photo, category, requested].map((i) => i.id));

    // Two processes sweeping at once: each image is deleted once, and no sweep fails.
    const counts = await Promise.all([t.services.images.sweep(), t.services.images.sweep()]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(1);
    expect(await isStored(t, old.id)).toBe(false);
    for (const kept of [fresh, listed, photo, category, requested]) expect(await isStored(t, kept.id)).toBe(true);
    await t.database.db.update(categories).set({ image: firstCategory!.image }).where(eq(categories.id, firstCategory!.id));
  });

  it("a banned user's listings' images go with the next sweep", async () => {
    const t = getApp();
    const admin = await t.createUser({ role: 'admin' });
    const banned = await t.createUser();
    const img = await upload(t, banned);
    await createProduct(t, banned, withImages(img.display_url));
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${banned.id}` })).statusCode).toBe(200);
    await age(t, [img.id]);
    await t.services.images.sweep();
    expect(await isStored(t, img.id)).toBe(false);
  });

  it('runs as an hourly job of the queue: scheduled once the app is ready, and a queued sweep deletes', async () => {
    const t = getApp();
    const user = await t.createUser();
    const img = await upload(t, user);
    await age(t, [img.id]);
    const schedules = await t.database.executeSql('select name, cron from pgboss.schedule');
    expect(schedules.rows).toContainEqual({ name: SWEEP_JOB, cron: SWEEP_CRON });
    await t.services.jobs.send(SWEEP_JOB, {});
    await expect.poll(() => isStored(t, img.id), { timeout: 10_000 }).toBe(false);
  });
});

describe('DELETE /api/images/:id', () => {
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    owner = await getApp().createUser();
    other = await getApp().createUser();
    admin = await getApp().createUser({ role: 'admin' });
  });
  const del = (t: TestApp, user: TestUser | null, id: string) => t.injectAs(user, { method: 'DELETE', url: `/api/images/${id}` });

  it('its uploader deletes an unused image: row and files gone, its URLs 404', async () => {
    const t = getApp();
    const img = await upload(t, owner);
    const res = await del(t, owner, img.id);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await isStored(t, img.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: img.display_url })).statusCode).toBe(404);
    expectError(await del(t, owner, img.id), 404, { code: 'NOT_FOUND' });
  });

  it('anonymous 401, another user 403, and neither deletes anything', async () => {
    const t = getApp();
    const img = await upload(t, owner);
    expect((await del(t, null, img.id)).statusCode).toBe(401);
    expectError(await del(t, other, img.id), 403, { code: 'NOT_YOURS' });
    expect(await isStored(t, img.id)).toBe(true);
  });

  it('unknown and malformed ids are 404', async () => {
    const t = getApp();
    for (const id of ['0'.repeat(32), 'F'.repeat(32), 'x', '..%2F..%2Fdb', `${'a'.repeat(32)}-1280.webp`]) {
      expectError(await del(t, owner, id), 404, { code: 'NOT_FOUND' });
    }
  });

  it('an image in use is 409 for its uploader and for an admin; an admin deletes an unused one of anyone', async () => {
    const t = getApp();
    const used = await upload(t, owner);
    await createProduct(t, owner, withImages(used.display_url));
    expectError(await del(t, owner, used.id), 409, { code: 'IMAGE_IN_USE', message: IMAGE_IN_USE_MESSAGE });
    expectError(await del(t, admin, used.id), 409, { code: 'IMAGE_IN_USE' });
    expect(await isStored(t, used.id)).toBe(true);
    const unused = await upload(t, owner);
    expect((await del(t, admin, unused.id)).statusCode).toBe(200);
    expect(await isStored(t, unused.id)).toBe(false);
  });

  it('a listing naming an image deleted meanwhile is refused, never saved with a broken picture', async () => {
    const t = getApp();
    const img = await upload(t, owner);
    expect((await del(t, owner, img.id)).statusCode).toBe(200);
    expectError(await t.injectAs(owner, { method: 'POST', url: '/api/products', payload: withImages(img.display_url) }), 400, {
      code: 'IMAGE_NOT_STORED',
    });
  });
});

describe('photo storage quota', () => {
  it('past IMAGE_QUOTA_MB: 413 QUOTA_EXCEEDED with a clear message before decoding; others unaffected; deleting frees room', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'og-images-quota-'));
    // 0.1 MB: one noisy 800 x 600 image (~0.15 MB as three WebPs) crosses it.
    const t = await createTestApp({ DATA_DIR: dir, IMAGE_QUOTA_MB: '0.1' });
    try {
      const [user, other] = [await t.createUser(), await t.createUser()];
      const big = await noisyJpeg(800, 600);
      const first = await upload(t, user, big);
      const refused = await t.injectAs(user, {
        method: 'POST',
        url: '/api/images',
        ...multipart([{ filename: 'a.jpg', type: 'image/jpeg', data: await png() }]),
      });
      expectError(refused, 413, { code: 'QUOTA_EXCEEDED', message: quotaMessage(0.1) });
      expect(quotaMessage(200)).toBe('You have used your 200 MB of photo storage: delete some listings or photos first');
      await upload(t, other, await png());
      expect((await t.injectAs(user, { method: 'DELETE', url: `/api/images/${first.id}` })).statusCode).toBe(200);
      await upload(t, user, await png());
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('concurrent uploads of one user overshoot by at most one image', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'og-images-quota-race-'));
    const t = await createTestApp({ DATA_DIR: dir, IMAGE_QUOTA_MB: '0.1' });
    try {
      const user = await t.createUser();
      const big = await noisyJpeg(800, 600, 7);
      const replies = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.injectAs(user, { method: 'POST', url: '/api/images', ...multipart([{ filename: 'a.jpg', type: 'image/jpeg', data: big }]) }),
        ),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 413, 413, 413]);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('uploads take turns by user', () => {
  it("one user's six large images do not hold up another's small one", async () => {
    const t = getApp();
    const [a, b] = [await t.createUser({ name: 'Greedy' }), await t.createUser({ name: 'Small' })];
    const large = await Promise.all(Array.from({ length: 6 }, (_, i) => noisyJpeg(2400, 1800, i + 1)));
    const finished: string[] = [];
    const send = (user: TestUser, data: Buffer, label: string) =>
      t
        .injectAs(user, { method: 'POST', url: '/api/images', ...multipart([{ filename: 'a.jpg', type: 'image/jpeg', data }]) })
        .then((res) => {
          expect(res.statusCode, res.body).toBe(200);
          finished.push(label);
        });
    const greedy = large.map((data, i) => send(a, data, `A${i}`));
    // B asks once A's uploads are all queued or decoding.
    await expect.poll(() => t.services.images.queue.waiting() + t.services.images.queue.active(), { timeout: 20_000 }).toBe(6);
    const small = send(b, await png(64, 48), 'B');
    await Promise.all([...greedy, small]);
    // FIFO would have started B after five of A's: it finishes before A's second.
    expect(finished.indexOf('B'), finished.join(' ')).toBeLessThanOrEqual(1);
  }, 120_000);
});
