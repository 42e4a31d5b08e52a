// Stolen photos reach the moderation queue (issue 28): with the app as app.ts wires it (no spy), a listing whose photo
// is an edited copy of another seller's earlier photo is filed as one open system report (reason stolen_photos), whose
// entry shows both listings' photos side by side; the listing stays up, and a later edit adds its new pairs to the same
// report instead of filing another. photo-matches.test.ts tests the detection itself.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageUploadResponse, QueueEntry } from '@olden/contracts';
import { products, reports } from '../../db/schema.ts';
import { type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { multipart } from '../../test/requests.ts';
import { createProduct, productBody } from '../products/fixtures.ts';

const getApp = useTestApp({ RATE_LIMIT_FACTOR: '10' });

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

/** An edited copy of a stored photo as a visitor downloads it: smaller, brighter, re-encoded. */
async function editedCopy(t: TestApp, image: Uploaded, brightness: number): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: new URL(image.display_url).pathname });
  expect(res.statusCode).toBe(200);
  return sharp(res.rawPayload).resize({ width: 640 }).modulate({ brightness }).jpeg({ quality: 60 }).toBuffer();
}

const withPhotos = (...urls: string[]) =>
  productBody({ image1: urls[0], image2: urls[1] ?? urls[0], image3: urls[2] ?? urls[0], image4: urls[3] ?? urls[0] });

async function openEntries(t: TestApp, admin: TestUser): Promise<QueueEntry[]> {
  const res = await t.injectAs(admin, { method: 'GET', url: '/api/admin/reports?status=open' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QueueEntry[]>();
}

describe('stolen photos in the moderation queue', () => {
  it('a copied photo files one system report showing both listings; the listing stays up; an edit adds to it', async () => {
    const t = getApp();
    const admin = await t.createUser({ role: 'admin' });
    const honest = await t.createUser({ name: 'Honest Seller' });
    const thief = await t.createUser({ name: 'Copying Seller' });
    const first = await upload(t, honest, await photo(11));
    const second = await upload(t, honest, await photo(12));
    const original = await createProduct(t, honest, withPhotos(first.display_url, second.display_url));
    expect(await openEntries(t, admin)).toEqual([]);

    const copy = await upload(t, thief, await editedCopy(t, first, 1.1));
    const own = await upload(t, thief, await photo(13));
    const listing = await createProduct(t, thief, withPhotos(own.display_url, copy.display_url));

    const [entry, ...more] = await openEntries(t, admin);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ targetType: 'listing', targetId: listing, reportCount: 1, reasons: ['stolen_photos'] });
    expect(entry!.notes).toEqual([expect.objectContaining({ reason: 'stolen_photos', reporterName: null })]);
    // Side by side: the copy on this listing, the original on the other, both named where they are served.
    expect(entry!.preview.photoMatches).toEqual([
      expect.objectContaining({ photo: copy.display_url, otherProductId: original, otherPhoto: first.display_url }),
    ]);
    expect(entry!.preview.photoMatches![0]!.other).toMatchObject({ _id: original, sellerName: 'Honest Seller' });
    expect(entry!.preview.listing).toMatchObject({ _id: listing, sellerName: 'Copying Seller', status: 'available' });
    // A false match must not hurt an honest seller: the listing stays up until an admin decides.
    const [row] = await t.database.db.select({ moderation: products.moderation }).from(products).where(eq(products.id, listing));
    expect(row!.moderation).toBe('visible');
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${listing}` })).statusCode).toBe(200);

    // The seller swaps in a copy of the honest seller's second photo: its pair joins the same open report.
    const copy2 = await upload(t, thief, await editedCopy(t, second, 0.9));
    const edit = await t.injectAs(thief, { method: 'PATCH', url: `/api/products/${listing}`, payload: withPhotos(own.display_url, copy.display_url, copy2.display_url) });
    expect(edit.statusCode, edit.body).toBe(200);
    const filed = await t.database.db.select().from(reports).where(eq(reports.targetId, listing));
    expect(filed).toHaveLength(1);
    const [again] = await openEntries(t, admin);
    expect(again!.preview.photoMatches!.map((m) => [m.photo, m.otherPhoto])).toEqual([
      [copy.display_url, first.display_url],
      [copy2.display_url, second.display_url],
    ]);
  });
});
