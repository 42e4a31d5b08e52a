import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { IMAGE_MESSAGES } from '@olden/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { images as imagesTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { createJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { multipart } from '../../test/requests.ts';
import { createImagesService, type StoredImage } from './service.ts';
import { createMemoryImageStorage } from './storage.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-images-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getApp = useTestApp({ DATA_DIR: dataDir });
const imagesDir = path.join(dataDir, 'images');

function upload(t: TestApp, user: TestUser | null, data: Buffer | string, filename = 'photo.jpg', type = 'image/jpeg') {
  return t.injectAs(user, { method: 'POST', url: '/api/images', ...multipart([{ filename, type, data }]) });
}

async function imageRows(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(imagesTable);
  return row!.n;
}
const filesOnDisk = () => (existsSync(imagesDir) ? readdirSync(imagesDir).filter((f) => !f.startsWith('.')) : []);

/** 600 x 400: left half red, right half blue; EXIF says "rotate 90° clockwise" and carries a GPS position. */
async function cameraJpeg(): Promise<Buffer> {
  const red = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#dd0000' } }).png().toBuffer();
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#0000dd' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Olden 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const plainPng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c08040' } }).png().toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A tiny, well-formed PNG whose header claims width x height pixels: a decompression bomb's calling card. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/images', () => {
  let alice: TestUser;

  beforeAll(async () => {
    alice = await getApp().createUser({ name: 'Alice' });
  });

  it('the test photo really carries GPS and orientation 6', async () => {
    const tags = ExifReader.load(await cameraJpeg());
    expect(tags.Orientation?.value).toBe(6);
    expect(tags.GPSLatitude?.description).toBe(51.5);
    expect(tags.Make?.description).toBe('TestCam');
  });

  it('rotates by EXIF, strips every tag, and stores WebP at 320, 640 and 1280 (never upscaled)', async () => {
    const t = getApp();
    const rowsBefore = await imageRows(t);
    const res = await upload(t, alice, await cameraJpeg());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const stored: StoredImage = body.data;
    expect(stored.id).toMatch(/^[a-f0-9]{32}$/);
    // Replies name images absolutely (docs/decisions/008), on PUBLIC_URL (the stored value stays /api/images/...).
    expect(stored.display_url).toBe(`${t.config.publicUrl}/api/images/${stored.id}-1280.webp`);
    expect(stored.url).toBe(stored.display_url);
    // 600 x 400 turned a quarter: 400 x 600.
    expect([stored.width, stored.height]).toEqual([400, 600]);
    expect(stored.variants).toEqual([
      { width: 320, url: `${t.config.publicUrl}/api/images/${stored.id}-320.webp` },
      { width: 400, url: `${t.config.publicUrl}/api/images/${stored.id}-640.webp` },
      { width: 400, url: `${t.config.publicUrl}/api/images/${stored.id}-1280.webp` },
    ]);

    for (const variant of stored.variants) {
      const file = await t.app.inject({ method: 'GET', url: variant.url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      const tags = ExifReader.load(file.rawPayload);
      expect(tags.GPSLatitude).toBeUndefined();
      expect(tags.GPSLongitude).toBeUndefined();
      expect(tags.Make).toBeUndefined();
      expect(tags.Orientation).toBeUndefined();
      expect(file.rawPayload.includes('TestCam')).toBe(false);
    }

    // The red left half is now on top: the pixels turned, not just a flag.
    const big = await t.app.inject({ method: 'GET', url: stored.display_url });
    const { data, info } = await sharp(big.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r1, , b1] = pixel(200, 100);
    const [r2, , b2] = pixel(200, 500);
    expect(r1).toBeGreaterThan(150);
    expect(b1).toBeLessThan(80);
    expect(b2).toBeGreaterThan(150);
    expect(r2).toBeLessThan(80);

    // The row and the files (on the filesystem storage under DATA_DIR/images).
    const row = await t.services.images.storage.get(`${stored.id}-320.webp`);
    expect(row).toBeDefined();
    expect(filesOnDisk()).toEqual(
      expect.arrayContaining([`${stored.id}-320.webp`, `${stored.id}-640.webp`, `${stored.id}-1280.webp`]),
    );
    expect(await imageRows(t)).toBe(rowsBefore + 1);
  });

  it('accepts PNG, WebP, AVIF and GIF by content, whatever the name and declared type', async () => {
    const t = getApp();
    const source = sharp({ create: { width: 1600, height: 900, channels: 3, background: '#6a4' } });
    const inputs = {
      png: await source.clone().png().toBuffer(),
      webp: await source.clone().webp().toBuffer(),
      avif: await source.clone().avif({ effort: 0 }).toBuffer(),
      gif: await source.clone().gif().toBuffer(),
    };
    for (const [kind, data] of Object.entries(inputs)) {
      const res = await upload(t, alice, data, `file.${kind === 'png' ? 'txt' : 'bin'}`, 'application/octet-stream');
      expect(res.statusCode, kind).toBe(200);
      const { data: img } = res.json();
      // Wider than 1280: scaled down, ratio kept.
      expect([img.width, img.height], kind).toEqual([1280, 720]);
      expect(img.variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 1280]);
    }
  });

  const refusals: [string, () => Promise<Buffer | string>, string, string][] = [
    [
      'SVG named .jpg',
      async () => '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      'cat.jpg',
      'image/jpeg',
    ],
    ['HTML named .jpg', async () => '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>', 'cat.jpg', 'image/jpeg'],
    ['a PDF named .png', async () => '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'cat.png', 'image/png'],
    ['an empty-ish file', async () => 'x', 'x.gif', 'image/gif'],
  ];
  for (const [label, make, filename, type] of refusals) {
    it(`refuses ${label} with 415 and stores nothing`, async () => {
      const t = getApp();
      const rowsBefore = await imageRows(t);
      const filesBefore = filesOnDisk().length;
      const res = await upload(t, alice, await make(), filename, type);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(IMAGE_MESSAGES.unsupported);
      expect(await imageRows(t)).toBe(rowsBefore);
      expect(filesOnDisk().length).toBe(filesBefore);
    });
  }

  it('polyglots: HTML behind a GIF header is refused; script after a real PNG is re-encoded away', async () => {
    const t = getApp();
    const rowsBefore = await imageRows(t);
    const fakeGif = await upload(t, alice, 'GIF89a<html><script>alert(1)</script></html>', 'a.gif', 'image/gif');
    expect(fakeGif.statusCode).toBe(400);
    expect(await imageRows(t)).toBe(rowsBefore);

    const payload = '<html><script>alert(1)</script></html>';
    const polyglot = Buffer.concat([await plainPng(), Buffer.from(payload)]);
    const res = await upload(t, alice, polyglot, 'a.png', 'image/png');
    expect(res.statusCode).toBe(200);
    for (const v of res.json().data.variants as { url: string }[]) {
      const file = await t.app.inject({ method: 'GET', url: v.url });
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.rawPayload.includes('<script')).toBe(false);
    }
  });

  it('a truncated JPEG is 400 and stores nothing', async () => {
    const t = getApp();
    const noise = Buffer.from(Array.from({ length: 400 * 300 * 3 }, (_, i) => (i * 7919) % 251));
    const full = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } }).jpeg().toBuffer();
    const rowsBefore = await imageRows(t);
    const filesBefore = filesOnDisk().length;
    const res = await upload(t, alice, full.subarray(0, Math.floor(full.length / 2)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The image is damaged or incomplete');
    expect(await imageRows(t)).toBe(rowsBefore);
    expect(filesOnDisk().length).toBe(filesBefore);
  });

  it('a PNG claiming 100,000 x 100,000 pixels is refused from its header, quickly and without decoding', async () => {
    const t = getApp();
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(t, alice, bomb, 'bomb.png', 'image/png');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_MESSAGES.tooManyPixels);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    // Just over the limit (8000 x 5001 = 40,008,000) is refused too; just under is only limited by content.
    expect((await upload(t, alice, pngClaiming(8000, 5001), 'b.png', 'image/png')).statusCode).toBe(400);
  });

  it('11 MB is 413 and stores nothing', async () => {
    const t = getApp();
    const big = Buffer.alloc(11 * 1024 * 1024, 0x41);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const rowsBefore = await imageRows(t);
    const res = await upload(t, alice, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image is too large: at most 10 MB');
    expect(await imageRows(t)).toBe(rowsBefore);
  });

  it('two files in one request, a wrong field name, or no multipart at all are refused', async () => {
    const t = getApp();
    const png = await plainPng();
    const rowsBefore = await imageRows(t);
    const two = await t.injectAs(alice, {
      method: 'POST',
      url: '/api/images',
      ...multipart([
        { filename: 'a.png', type: 'image/png', data: png },
        { filename: 'b.png', type: 'image/png', data: png },
      ]),
    });
    expect(two.statusCode).toBe(400);
    const wrongField = await t.injectAs(alice, {
      method: 'POST',
      url: '/api/images',
      ...multipart([{ field: 'file', filename: 'a.png', type: 'image/png', data: png }]),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Send the image in a field named image');
    const noFile = await t.injectAs(alice, { method: 'POST', url: '/api/images', ...multipart([{ field: 'image', data: 'hello' }]) });
    expect(noFile.statusCode).toBe(400);
    const json = await t.injectAs(alice, { method: 'POST', url: '/api/images', payload: { image: 'https://x.example/a.png' } });
    expect(json.statusCode).toBe(415);
    const garbled = await t.injectAs(alice, {
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated',
    });
    expect(garbled.statusCode).toBe(400);
    expect(await imageRows(t)).toBe(rowsBefore);
  });

  it('anonymous or with a bad token: 401, nothing stored', async () => {
    const t = getApp();
    const png = await plainPng();
    const rowsBefore = await imageRows(t);
    const filesBefore = filesOnDisk().length;
    expect((await upload(t, null, png, 'a.png', 'image/png')).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      ...multipart([{ filename: 'a.png', type: 'image/png', data: png }]),
      headers: { ...multipart([]).headers, authorization: 'Bearer not.a.real-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(await imageRows(t)).toBe(rowsBefore);
    expect(filesOnDisk().length).toBe(filesBefore);
  });

  it('refuses an anonymous upload before reading its body; a signed-in one is read', async () => {
    const t = getApp();
    const boundary = 'lazy-boundary';
    const streamed = () => {
      const state = { pulled: 0 };
      const payload = Readable.from(
        (function* () {
          yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n`);
          for (let i = 0; i < 8; i++) {
            state.pulled += 1;
            yield Buffer.alloc(1024 * 1024, 0x41);
          }
          yield Buffer.from(`\r\n--${boundary}--\r\n`);
        })(),
        { objectMode: false },
      );
      return { state, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const anonymous = streamed();
    const refused = await t.injectAs(null, { method: 'POST', url: '/api/images', headers: anonymous.headers, payload: anonymous.payload });
    expect(refused.statusCode).toBe(401);
    expect(anonymous.state.pulled).toBe(0);
    const signedIn = streamed();
    const read = await t.injectAs(alice, { method: 'POST', url: '/api/images', headers: signedIn.headers, payload: signedIn.payload });
    expect(read.statusCode).toBe(415);
    expect(signedIn.state.pulled).toBe(8);
  });
});

describe('GET /api/images/:file', () => {
  it('serves a stored file with immutable caching, nosniff, an ETag and 304 on revalidation', async () => {
    const t = getApp();
    const user = await t.createUser();
    const { data } = (await upload(t, user, await plainPng(), 'a.png', 'image/png')).json();
    const res = await t.app.inject({ method: 'GET', url: data.display_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: data.display_url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('a 304 is bare: no JSON content type, no content length', async () => {
    const t = getApp();
    const user = await t.createUser();
    const { data } = (await upload(t, user, await plainPng(), 'a.png', 'image/png')).json();
    const etag = (await t.app.inject({ method: 'GET', url: data.display_url })).headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: data.display_url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
  });

  it('only names of the stored pattern are looked up; everything else is 404', async () => {
    const t = getApp();
    const id = 'a'.repeat(32);
    for (const name of [
      `${id}-1280.webp`, // well-formed but unknown
      `${id}-999.webp`,
      `${id.toUpperCase()}-320.webp`,
      `${id}-320.png`,
      '..%2F..%2Fetc%2Fpasswd',
      '..%2Fjwt-secret',
      '.%2E%2Fdb',
      `${id}-320.webp%00.png`,
      'x'.repeat(250),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
      expect([404, 400], name).toContain(res.statusCode);
      expect(res.headers['content-type'], name).toContain('application/json');
    }
  });
});

describe('upload budget', () => {
  it('past the per-user budget: 429 with Retry-After, nothing stored; other users unaffected', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'og-images-budget-'));
    // RATE_LIMIT_FACTOR scales every budget: 60 x 0.05 = 3 uploads per window.
    const t = await createTestApp({ DATA_DIR: dir, RATE_LIMIT_FACTOR: '0.05' });
    try {
      const [greedy, other] = [await t.createUser(), await t.createUser()];
      const png = await plainPng(20, 20);
      for (let i = 0; i < 3; i++) expect((await upload(t, greedy, png, 'a.png', 'image/png')).statusCode).toBe(200);
      const rowsBefore = await imageRows(t);
      const refused = await upload(t, greedy, png, 'a.png', 'image/png');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await imageRows(t)).toBe(rowsBefore);
      expect((await upload(t, other, png, 'a.png', 'image/png')).statusCode).toBe(200);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('images service', () => {
  it('existingIds names only the ids of images stored here', async () => {
    const t = getApp();
    const stored = await t.services.images.store(await plainPng(), null);
    const unknown = newId();
    expect(await t.services.images.existingIds([stored.id, unknown, stored.id])).toEqual(new Set([stored.id]));
    expect(await t.services.images.existingIds([])).toEqual(new Set());
  });
});

describe('images service with another storage', () => {
  it('stores through whatever ImageStorage it is given (in memory here) and reads back by name', async () => {
    const t = getApp();
    const storage = createMemoryImageStorage();
    const service = createImagesService(
      {
        config: t.config,
        db: t.database.db,
        limiter: { hit: async () => ({ count: 0, resetMs: 0 }) } as never,
        log: t.app.log,
        jobs: createJobs(t.database, { pollMs: 1000, expireSeconds: 60 }, t.app.log),
      },
      { storage },
    );
    const stored = await service.store(await plainPng(2000, 1000), null);
    expect(storage.keys().sort()).toEqual([`${stored.id}-1280.webp`, `${stored.id}-320.webp`, `${stored.id}-640.webp`]);
    expect([stored.width, stored.height]).toEqual([1280, 640]);
    expect(await service.exists(stored.display_url)).toBe(true);
    expect(await service.read('../../secret')).toBeUndefined();
    await service.remove(stored.id);
    expect(storage.keys()).toEqual([]);
    expect(await service.exists(stored.display_url)).toBe(false);
  });
});
