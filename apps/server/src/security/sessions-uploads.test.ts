// Suites 3 and 4, the gaps left by modules/auth/tokens.test.ts and modules/images/images.test.ts:
// token header tricks and smuggled claims, tokens where the server does not look for them, session
// cookies (fixation, tampering, after logout or ban), and uploads with many files, polyglots that
// survive as images only, bombs in every accepted format, and memory while a real bomb is decoded.
// Password change and reset: tokens issued before them stop working (the change keeps its own session's).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImageUploadResponse, TokenResponse } from '@olden/contracts';
import { images as imagesTable } from '../db/schema.ts';
import { TOO_MANY_PIXELS_MESSAGE } from '../modules/images/service.ts';
import { TEST_PASSWORD, type TestApp, type TestUser, useTestApp } from '../test/harness.ts';
import { forgeToken, handSignToken, multipart, type MultipartPart, nowSeconds, tokenClaims } from '../test/requests.ts';

// A shared, busy machine can make one app's setup (migrations, seed) slow: give hooks room.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-sec-uploads-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getApp = useTestApp({ DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '100' });
const imagesDir = path.join(dataDir, 'images');

let alice: TestUser;
let admin: TestUser;
beforeAll(async () => {
  const t = getApp();
  alice = await t.createUser({ name: 'Alice', password: TEST_PASSWORD });
  admin = await t.createUser({ name: 'Root', role: 'admin' });
});

/** A 'user' route answering 200 for the caller's own email; and an admin-only route. */
const asSelf = (token: string, user: TestUser = alice) =>
  getApp().app.inject({ method: 'GET', url: `/api/users/admin/${user.email}`, headers: { authorization: `Bearer ${token}` } });
const adminRoute = (token: string) => getApp().app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });

describe('tokens: the gaps', () => {
  it('a genuine token passes both probes for what it is (so the refusals below are about the token)', async () => {
    expect((await asSelf(alice.token)).statusCode).toBe(200);
    expect((await adminRoute(alice.token)).statusCode).toBe(403);
    expect((await adminRoute(admin.token)).statusCode).toBe(200);
  });

  it('role or admin claims smuggled into a validly signed token change nothing: the role is read from the database', async () => {
    for (const extra of [{ role: 'admin' }, { admin: true }, { roles: ['admin'] }, { email: admin.email }]) {
      const token = await forgeToken(tokenClaims(alice, extra));
      expect((await adminRoute(token)).statusCode, JSON.stringify(extra)).toBe(403);
    }
  });

  it('an attacker key embedded in the header (jwk), or pointed at (jku, kid), is ignored: 401', async () => {
    const attacker = new TextEncoder().encode('attacker-controlled-secret-0123456789abcdef');
    const headers = [
      { alg: 'HS256', jwk: { kty: 'oct', k: Buffer.from(attacker).toString('base64url') } },
      { alg: 'HS256', jku: 'https://evil.example/jwks.json' },
      { alg: 'HS256', kid: '../../../../dev/null' },
    ];
    for (const header of headers) {
      const token = await forgeToken(tokenClaims(alice), { key: attacker, header });
      const res = await asSelf(token);
      expect(res.statusCode, JSON.stringify(header)).toBe(401);
    }
  });

  it('an unknown critical header, a future iat, or a not-yet-valid token is refused', async () => {
    // Signed by hand: jose itself refuses to sign an unknown critical header.
    expect((await asSelf(handSignToken({ alg: 'HS256', typ: 'JWT' }, tokenClaims(alice)))).statusCode, 'the hand-signed control').toBe(200);
    expect((await asSelf(handSignToken({ alg: 'HS256', crit: ['x-olden'], 'x-olden': 1 }, tokenClaims(alice)))).statusCode).toBe(401);
    expect((await asSelf(handSignToken({ alg: 'HS256' }, tokenClaims(alice, { iat: nowSeconds() + 3600, exp: nowSeconds() + 7200 })))).statusCode).toBe(401);
    expect((await asSelf(handSignToken({ alg: 'HS256' }, tokenClaims(alice, { nbf: nowSeconds() + 3600 })))).statusCode).toBe(401);
  });

  it('a token is only read from the Authorization header: not from the query, a cookie or another header', async () => {
    const t = getApp();
    const url = `/api/users/admin/${alice.email}`;
    for (const request of [
      { url: `${url}?token=${alice.token}` },
      { url: `${url}?access_token=${alice.token}` },
      { url, headers: { cookie: `access-token=${alice.token}` } },
      { url, headers: { 'x-access-token': alice.token } },
    ]) {
      const res = await t.app.inject({ method: 'GET', ...request });
      expect(res.statusCode, JSON.stringify(request).slice(0, 80)).toBe(401);
    }
  });

  it('the session cookie alone is no bearer: a user route with only the cookie is 401', async () => {
    const res = await getApp().app.inject({ method: 'GET', url: `/api/users/admin/${alice.email}`, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(401);
  });

  /** A second session of `user` (another device), and a token minted from it. */
  async function secondDevice(user: TestUser) {
    const t = getApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const cookie = `og_session=${String(res.headers['set-cookie']).match(/og_session=([^;]+)/)![1]}`;
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { email: user.email } });
    return jwt.json<TokenResponse>().token;
  }

  it('a password change: tokens of the other sessions are 401 at once; the token that made the change still works', async () => {
    const t = getApp();
    const carol = await t.createUser({ name: 'Carol', password: TEST_PASSWORD });
    const elsewhere = await secondDevice(carol);
    expect((await asSelf(elsewhere, carol)).statusCode).toBe(200);
    const change = await t.injectAs(carol, { method: 'POST', url: '/api/auth/password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh#Pass1' } });
    expect(change.statusCode).toBe(200);
    expect((await asSelf(elsewhere, carol)).statusCode).toBe(401);
    expect((await asSelf(carol.token, carol)).statusCode).toBe(200);
  });

  it('a password reset: every token of the account is 401 at once', async () => {
    const t = getApp();
    const dan = await t.createUser({ name: 'Dan', password: TEST_PASSWORD });
    const elsewhere = await secondDevice(dan);
    const token = await t.services.accountMail.issue(dan.row, 'password_reset');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'Fresh#Pass1' } });
    expect(reset.statusCode).toBe(200);
    expect((await asSelf(elsewhere, dan)).statusCode).toBe(401);
    expect((await asSelf(dan.token, dan)).statusCode).toBe(401);
  });
});

describe('session cookies: the gaps', () => {
  const jwt = (cookie: string, email: string) =>
    getApp().app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { email } });

  it('login never adopts a cookie the client chose (no session fixation)', async () => {
    const t = getApp();
    const planted = 'og_session=attacker-chosen-value-0123456789abcdef';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { cookie: planted }, payload: { email: alice.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const issued = String(res.headers['set-cookie']).match(/og_session=([^;]+)/)?.[1];
    expect(issued).toBeDefined();
    expect(issued).not.toBe('attacker-chosen-value-0123456789abcdef');
    expect((await jwt(planted, alice.email)).statusCode).toBe(401);
    expect((await jwt(`og_session=${issued}`, alice.email)).statusCode).toBe(200);
  });

  it('a cookie with one character changed, truncated, or doubled is no session', async () => {
    const value = alice.cookie.slice('og_session='.length);
    const flipped = value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');
    for (const cookie of [`og_session=${flipped}`, `og_session=${value.slice(0, 20)}`, `og_session=${value}${value}`, `og_session=${value.toUpperCase()}`]) {
      expect((await jwt(cookie, alice.email)).statusCode, cookie).toBe(401);
    }
    expect((await jwt(alice.cookie, alice.email)).statusCode).toBe(200);
  });

  it('after logout and after a ban the cookie issues no token, and the session endpoint says signed out', async () => {
    const t = getApp();
    const u = await t.createUser();
    expect((await jwt(u.cookie, u.email)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie } });
    expect((await jwt(u.cookie, u.email)).statusCode).toBe(401);

    const banned = await t.createUser();
    const token = (await jwt(banned.cookie, banned.email)).json<TokenResponse>().token;
    expect((await asSelf(token, banned)).statusCode).toBe(200);
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${banned.id}` })).statusCode).toBe(200);
    expect((await jwt(banned.cookie, banned.email)).statusCode).toBe(401);
    expect((await asSelf(token, banned)).statusCode).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: banned.cookie } });
    expect(session.json()).toEqual({ user: null });
    // Re-registering the banned email starts from nothing: the old token stays dead.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Back', email: banned.email, password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
    });
    expect(again.statusCode).toBe(201);
    expect((await asSelf(token, banned)).statusCode).toBe(401);
  });

  it('logging out one session leaves the user’s other sessions alone (and their tokens)', async () => {
    const t = getApp();
    const u = await t.createUser();
    const second = await t.services.auth.startSession(u.row);
    const secondToken = await t.services.auth.signToken(u.row, second.sessionId);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie } });
    expect((await asSelf(u.token, u)).statusCode).toBe(401);
    expect((await asSelf(secondToken, u)).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

const upload = (t: TestApp, parts: MultipartPart[], user: TestUser = alice) => t.injectAs(user, { method: 'POST', url: '/api/images', ...multipart(parts) });
const imageRows = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(imagesTable))[0]!.n;
const filesOnDisk = () => {
  try {
    return readdirSync(imagesDir).length;
  } catch {
    return 0;
  }
};
const png = (w = 32, h = 24) => sharp({ create: { width: w, height: h, channels: 3, background: '#a05020' } }).png().toBuffer();

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** Inserts a chunk right after IHDR. */
function withPngChunk(image: Buffer, type: string, data: Buffer): Buffer {
  const ihdrEnd = 8 + 8 + 13 + 4;
  return Buffer.concat([image.subarray(0, ihdrEnd), pngChunk(type, data), image.subarray(ihdrEnd)]);
}

/** The stored variants of an accepted upload, read back through the API. */
async function storedVariants(t: TestApp, res: { json: () => unknown }) {
  const { data } = res.json() as ImageUploadResponse;
  return Promise.all(
    data.variants.map(async (v) => {
      const file = await t.app.inject({ method: 'GET', url: v.url });
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      return file.rawPayload;
    }),
  );
}

describe('uploads: the gaps', () => {
  it('many files in one request (20), or a file plus a pile of fields, are a 400 and store nothing; one oversized stray field is ignored', async () => {
    const t = getApp();
    const image = await png();
    const rows = await imageRows(t);
    const files = filesOnDisk();
    const twenty = await upload(t, Array.from({ length: 20 }, (_, i) => ({ filename: `${i}.png`, type: 'image/png', data: image })));
    expect(twenty.statusCode).toBe(400);
    expect(twenty.json().message).toBe('Send one image per request');
    const fields = await upload(t, [{ filename: 'a.png', type: 'image/png', data: image }, ...Array.from({ length: 50 }, (_, i) => ({ field: `f${i}`, data: 'x' }))]);
    expect(fields.statusCode).toBe(400);
    expect(await imageRows(t)).toBe(rows);
    expect(filesOnDisk()).toBe(files);
    // One stray field over the 1 KB field limit is cut and ignored: exactly one image is stored.
    const bigField = await upload(t, [{ field: 'note', data: 'x'.repeat(5000) }, { filename: 'a.png', type: 'image/png', data: image }]);
    expect(bigField.statusCode).toBe(200);
    expect(await imageRows(t)).toBe(rows + 1);
  });

  it('polyglots are kept only as pixels: HTML in a JPEG comment, script in a PNG text chunk, a ZIP after a GIF', async () => {
    const t = getApp();
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3060c0' } }).jpeg().toBuffer();
    // A COM segment (FFFE) right after SOI carrying an HTML page.
    const comment = Buffer.alloc(4);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(html.length + 2, 2);
    const jpegPolyglot = Buffer.concat([jpeg.subarray(0, 2), comment, Buffer.from(html), jpeg.subarray(2)]);
    const pngPolyglot = withPngChunk(await png(), 'tEXt', Buffer.from(`Comment\u0000${html}`, 'latin1'));
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00a000' } }).gif().toBuffer();
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('payload.html'), Buffer.from(html)]);
    const gifar = Buffer.concat([gif, zip]);
    for (const [label, data, filename] of [
      ['jpeg', jpegPolyglot, 'page.html'],
      ['png', pngPolyglot, 'x.svg'],
      ['gif', gifar, 'a.jar'],
    ] as const) {
      expect(data.includes(Buffer.from('<script'))).toBe(true);
      const res = await upload(t, [{ filename, type: 'text/html', data }]);
      expect(res.statusCode, label).toBe(200);
      for (const stored of await storedVariants(t, res)) {
        expect(stored.includes(Buffer.from('<script')), label).toBe(false);
        expect(stored.includes(Buffer.from('PK\u0003\u0004', 'latin1')), label).toBe(false);
        expect(stored.subarray(0, 4).toString('latin1')).toBe('RIFF');
      }
    }
  });

  it('a filename with traversal is never used: files are named by id only', async () => {
    const t = getApp();
    const res = await upload(t, [{ filename: '../../../../tmp/evil.png', type: 'image/png', data: await png() }]);
    expect(res.statusCode).toBe(200);
    expect(readdirSync(imagesDir).every((f) => /^[a-f0-9]{32}-(320|640|1280)\.webp$/.test(f))).toBe(true);
    expect(readdirSync(os.tmpdir()).includes('evil.png')).toBe(false);
  });

  it('header bombs in every accepted format (PNG, GIF, WebP, JPEG claiming ~4 gigapixels) are a quick 400', async () => {
    const t = getApp();
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(65_000, 0);
    ihdr.writeUInt32BE(65_000, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    const pngBomb = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(32 * 1024))), pngChunk('IEND', Buffer.alloc(0))]);
    // GIF: logical screen and image descriptor of 65535 x 65535, then a tiny LZW stream.
    const gifBomb = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0x80, 0, 0]),
      Buffer.alloc(6),
      Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0]),
      Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
    ]);
    // WebP VP8X: canvas 16384 x 16384 (268 megapixels).
    const vp8x = Buffer.alloc(10);
    vp8x.writeUIntLE(16383, 4, 3);
    vp8x.writeUIntLE(16383, 7, 3);
    const webpBody = Buffer.concat([Buffer.from('WEBP', 'latin1'), Buffer.from('VP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), vp8x]);
    const webpBomb = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from(new Uint32Array([webpBody.length]).buffer), webpBody]);
    // JPEG: a real small JPEG whose SOF0 claims 65000 x 65000.
    const jpeg = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } }).jpeg().toBuffer());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(65_000, sof + 5);
    jpeg.writeUInt16BE(65_000, sof + 7);
    const rows = await imageRows(t);
    for (const [label, bomb] of [['png', pngBomb], ['gif', gifBomb], ['webp', webpBomb], ['jpeg', jpeg]] as const) {
      const started = performance.now();
      const res = await upload(t, [{ filename: `bomb.${label}`, type: `image/${label}`, data: bomb }]);
      expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      if (label !== 'webp' && label !== 'gif') expect(res.json().message, label).toBe(TOO_MANY_PIXELS_MESSAGE);
      expect(performance.now() - started, label).toBeLessThan(3000);
    }
    expect(await imageRows(t)).toBe(rows);
  });

  it('memory stays bounded while real bombs are decoded: 36-megapixel PNGs of ~100 KB, four at once', { timeout: 120_000 }, async () => {
    const t = getApp();
    // Under the 40-megapixel limit, so it is really decoded: 6000 x 6000 of one colour, a few hundred KB.
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#123456' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rawBytes = 6000 * 6000 * 3;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => upload(t, [{ filename: 'bomb.png', type: 'image/png', data: bomb }])));
      for (const res of results) {
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        expect(res.json().data.width).toBe(1280);
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const growth = peak - baseline;
    const cache = sharp.cache();
    console.log(
      `decompression bomb: 4 x ${(bomb.length / 1024).toFixed(0)} KB PNG (36 MP, ${(rawBytes / 2 ** 20).toFixed(0)} MB raw each): ` +
        `RSS ${(baseline / 2 ** 20).toFixed(0)} -> peak ${(peak / 2 ** 20).toFixed(0)} MB (+${(growth / 2 ** 20).toFixed(0)} MB); ` +
        `sharp cache ${(cache.memory.current / 2 ** 20).toFixed(1)} / ${(cache.memory.max / 2 ** 20).toFixed(0)} MB, ${cache.files.current} files, ${cache.items.current} ops`,
    );
    // Four decoded at full size would be 4 x 103 MB; two at a time (MAX_CONCURRENT_DECODES) plus
    // libvips' working set must stay well under that.
    expect(growth).toBeLessThan(3 * rawBytes);
    expect(cache.memory.current).toBeLessThanOrEqual(cache.memory.max);
  });

  it('the stored files hold nothing but WebP (reading them back byte for byte)', async () => {
    // One upload of its own, so there is a file to read when this test runs alone.
    expect((await upload(getApp(), [{ filename: 'a.png', type: 'image/png', data: await png() }])).statusCode).toBe(200);
    for (const f of readdirSync(imagesDir)) {
      const bytes = readFileSync(path.join(imagesDir, f));
      expect(bytes.subarray(0, 4).toString('latin1'), f).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1'), f).toBe('WEBP');
    }
  });
});
