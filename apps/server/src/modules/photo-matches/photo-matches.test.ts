// Stolen-photo detection through the API (docs/product.md#stolen-photos): uploads are hashed; a listing whose photo
// is an edited or mirrored copy of another seller's earlier photo is handed to onStolenPhotos (a spy here) and its
// matches are stored; the listing stays up. A seller's own photos, later photos and different photos are not matches.
import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageUploadResponse } from '@olden/contracts';
import { images, listingPhotos, photoMatches } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { hammingDistance } from '../../lib/dhash.ts';
import { type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { multipart } from '../../test/requests.ts';
import { createProduct, productBody } from '../products/fixtures.ts';
import type { StolenPhotoMatch } from './service.ts';

interface Reported {
  productId: string;
  matches: StolenPhotoMatch[];
  inTransaction: boolean;
}
const reported: Reported[] = [];
let failNext = false;

const getApp = useTestApp(
  { RATE_LIMIT_FACTOR: '10' },
  {
    hooks: {
      async onStolenPhotos(found, tx: Db) {
        if (failNext) {
          failNext = false;
          throw new Error('the moderation queue is down');
        }
        reported.push({ ...found, inTransaction: typeof tx.execute === 'function' });
      },
    },
  },
);

/** A photo-like picture: a smooth random colour field (no two seeds alike), 800x600 JPEG. */
async function photo(seed: number): Promise<Buffer> {
  const cols = 12;
  const rows = 9;
  const raw = Buffer.alloc(cols * rows * 3);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width: cols, height: rows, channels: 3 } })
    .resize(800, 600, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

type Uploaded = ImageUploadResponse['data'];

async function upload(t: TestApp, user: TestUser, data: Buffer): Promise<Uploaded> {
  const res = await t.injectAs(user, { method: 'POST', url: '/api/images', ...multipart([{ filename: 'p.jpg', type: 'image/jpeg', data }]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImageUploadResponse>().data;
}

/** The shown photo, as a visitor downloads it. */
async function download(t: TestApp, image: Uploaded): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: new URL(image.display_url).pathname });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const withPhotos = (...urls: string[]) =>
  productBody({ image1: urls[0], image2: urls[1] ?? urls[0], image3: urls[2] ?? urls[0], image4: urls[3] ?? urls[0] });
const pathOf = (image: Uploaded) => new URL(image.display_url).pathname;
const storedMatches = (t: TestApp, productId: string) =>
  t.database.db.select().from(photoMatches).where(eq(photoMatches.productId, productId));

describe('stolen-photo detection', () => {
  let honest: TestUser;
  let thief: TestUser;
  let other: TestUser;
  let original: Uploaded;
  let originalListing: string;
  beforeAll(async () => {
    const t = getApp();
    honest = await t.createUser({ name: 'Honest Seller' });
    thief = await t.createUser({ name: 'Copying Seller' });
    other = await t.createUser({ name: 'Other Seller' });
    original = await upload(t, honest, await photo(1));
    const second = await upload(t, honest, await photo(2));
    originalListing = await createProduct(t, honest, withPhotos(original.display_url, second.display_url));
  });

  it('an upload stores the hash of its pixels and of its mirror image', async () => {
    const t = getApp();
    const [row] = await t.database.db.select().from(images).where(eq(images.id, original.id));
    expect(typeof row!.phash).toBe('bigint');
    expect(typeof row!.phashMirror).toBe('bigint');
    // A smooth field is far from its own mirror image.
    expect(hammingDistance(row!.phash!, row!.phashMirror!)).toBeGreaterThan(10);
    expect(reported).toEqual([]);
  });

  it('an edited copy of another seller\'s earlier photo is reported with both photos, stored, and the listing stays up', async () => {
    const t = getApp();
    const shown = await download(t, original);
    const edited = await sharp(shown).resize({ width: 640 }).modulate({ brightness: 1.1 }).jpeg({ quality: 60 }).toBuffer();
    const copy = await upload(t, thief, edited);
    const own = await upload(t, thief, await photo(3));
    const listing = await createProduct(t, thief, withPhotos(own.display_url, copy.display_url));

    expect(reported).toHaveLength(1);
    const [report] = reported.splice(0);
    expect(report!.productId).toBe(listing);
    expect(report!.inTransaction).toBe(true);
    expect(report!.matches).toHaveLength(1);
    const [match] = report!.matches;
    expect(match).toMatchObject({ photo: pathOf(copy), otherProductId: originalListing, otherPhoto: pathOf(original) });
    expect(match!.distance).toBeLessThanOrEqual(t.config.PHOTO_MATCH_BITS);

    const stored = await storedMatches(t, listing);
    expect(stored.map((m) => [m.imageId, m.otherProductId, m.otherImageId, m.distance, m.mirrored])).toEqual([
      [copy.id, originalListing, original.id, match!.distance, false],
    ]);
    expect(await t.services.photoMatches.matchesOf(listing)).toEqual([
      expect.objectContaining({ photo: pathOf(copy), otherPhoto: pathOf(original), mirrored: false }),
    ]);
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${listing}` });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ status: string }>().status).toBe('available');

    // Saving the listing again, or editing its text, does not report the same pair twice.
    const edit = await t.injectAs(thief, { method: 'PATCH', url: `/api/products/${listing}`, payload: withPhotos(copy.display_url, own.display_url) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(reported).toEqual([]);
    expect(await storedMatches(t, listing)).toHaveLength(1);
  });

  it('a mirrored copy is caught by the mirror image\'s hash', async () => {
    const t = getApp();
    const mirrored = await sharp(await download(t, original)).flop().jpeg({ quality: 85 }).toBuffer();
    const copy = await upload(t, other, mirrored);
    const listing = await createProduct(t, other, withPhotos(copy.display_url));
    const [report] = reported.splice(0);
    expect(report?.productId).toBe(listing);
    // Every slot shows the one photo: it is reported once against the original (and against the thief's copy of it).
    expect(report!.matches.map((m) => m.otherProductId)).toContain(originalListing);
    const stored = await storedMatches(t, listing);
    expect(stored.find((m) => m.otherProductId === originalListing)?.mirrored).toBe(true);
  });

  it('a photo changed by an edit is checked: the edit that adds a copy is reported', async () => {
    const t = getApp();
    const own = await upload(t, other, await photo(4));
    const listing = await createProduct(t, other, withPhotos(own.display_url));
    expect(reported).toEqual([]);
    const copy = await upload(t, other, await sharp(await download(t, original)).extract({ left: 10, top: 8, width: 780, height: 585 }).png().toBuffer());
    const edit = await t.injectAs(other, { method: 'PATCH', url: `/api/products/${listing}`, payload: withPhotos(own.display_url, copy.display_url) });
    expect(edit.statusCode, edit.body).toBe(200);
    const [report] = reported.splice(0);
    expect(report?.productId).toBe(listing);
    expect(report!.matches.every((m) => m.photo === pathOf(copy))).toBe(true);
  });

  it('not a match: the seller\'s own photo in another listing, a different photo, or the original seller saving later', async () => {
    const t = getApp();
    // The honest seller lists the same photo again.
    await createProduct(t, honest, withPhotos(original.display_url));
    // Someone else's different photo.
    const different = await upload(t, thief, await photo(5));
    await createProduct(t, thief, withPhotos(different.display_url));
    // The original's listing is saved with its photos reordered: the copies came later, so nothing is reported.
    const current = await t.app.inject({ method: 'GET', url: `/api/products/${originalListing}` });
    const { image1, image2 } = current.json<{ image1: string; image2: string }>();
    const edit = await t.injectAs(honest, { method: 'PATCH', url: `/api/products/${originalListing}`, payload: withPhotos(image2, image1) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(reported).toEqual([]);
    expect(await storedMatches(t, originalListing)).toEqual([]);
  });

  it('when the report cannot be filed the listing is still created, nothing is stored, and the next change reports it', async () => {
    const t = getApp();
    const copy = await upload(t, thief, await sharp(await download(t, original)).webp({ quality: 70 }).toBuffer());
    failNext = true;
    const listing = await createProduct(t, thief, withPhotos(copy.display_url));
    expect(reported).toEqual([]);
    expect(await storedMatches(t, listing)).toEqual([]);
    const own = await upload(t, thief, await photo(6));
    const edit = await t.injectAs(thief, { method: 'PATCH', url: `/api/products/${listing}`, payload: withPhotos(copy.display_url, own.display_url) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(reported.splice(0).map((r) => r.productId)).toEqual([listing]);
    expect((await storedMatches(t, listing)).length).toBeGreaterThan(0);
  });

  it('backfill: images stored before hashes existed are hashed from their stored file, within a match of their upload hash', async () => {
    const t = getApp();
    const [before] = await t.database.db.select().from(images).where(eq(images.id, original.id));
    await t.database.db.update(images).set({ phash: null, phashMirror: null });
    expect((await t.services.images.hashesOf([original.id])).size).toBe(0);
    let after = '';
    let hashed = 0;
    for (;;) {
      const batch = await t.services.images.hashMissing(3, after);
      hashed += batch.hashed;
      expect(batch.failed).toBe(0);
      if (!batch.last) break;
      after = batch.last;
    }
    expect(hashed).toBeGreaterThan(5);
    expect(await t.database.db.select({ id: images.id }).from(images).where(isNull(images.phash))).toEqual([]);
    const [again] = await t.database.db.select().from(images).where(eq(images.id, original.id));
    // From the stored WebP rather than the upload's pixels: a few bits apart, well within a match.
    expect(hammingDistance(again!.phash!, before!.phash!)).toBeLessThanOrEqual(t.config.PHOTO_MATCH_BITS);
  });

  it('backfill: listings indexed before hashes existed are indexed, then checked; the original is not reported, a re-run reports nothing', async () => {
    const t = getApp();
    const db = t.database.db;
    const before = await db.select().from(photoMatches);
    expect(before.length).toBeGreaterThan(0);
    await db.delete(photoMatches);
    await db.delete(listingPhotos);
    reported.splice(0);
    const first = await t.services.photoMatches.backfill();
    expect(first.listings).toBeGreaterThanOrEqual(7);
    const pairs = (rows: (typeof before)[number][]) => rows.map((m) => `${m.productId}/${m.imageId}/${m.otherProductId}/${m.otherImageId}`).sort();
    // Every pair the live checks found, and more: a copy is now also checked against listings made after it that show
    // an earlier photo (the honest seller's second listing of the original). The original listing is never the copy.
    expect(pairs(await db.select().from(photoMatches))).toEqual(expect.arrayContaining(pairs(before)));
    expect(reported.map((r) => r.productId)).not.toContain(originalListing);
    expect(reported.length).toBe(first.reported);
    reported.splice(0);
    expect((await t.services.photoMatches.backfill()).reported).toBe(0);
    expect(reported).toEqual([]);
  });
});
