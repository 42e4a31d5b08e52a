// A browse page written by PostgreSQL (product-json.ts) must be, byte for byte, what toProduct and the reply's
// serializer write for the same rows: every key in the schema's order, every string escaped, every number as
// JavaScript prints it, images named where they are served.
import { ListProductsQuery, ProductSchema, ratingAverage } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { products, userRatings } from '../../db/schema.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { newId } from '../../lib/ids.ts';
import { imageBaseUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';
import { createSerializerCompiler } from '../../plugins/serializer.ts';
import { type TestUser, useTestApp } from '../../test/harness.ts';
import { priceJson, productJsonFields, ratingAverageJson } from './product-json.ts';
import { type JsonPage, toProduct } from './service.ts';

/** A test user as a route's request.user names them. */
const asCaller = (user: TestUser | null): AuthUser | null => user && { id: user.id, email: user.email, name: user.name, photoURL: '', role: user.role, sessionId: user.sessionId };

const serializePage = createSerializerCompiler()({ schema: z.array(ProductSchema) } as never) as (data: unknown) => string;

/** Text PostgreSQL can hold that JSON escapes, or that a careless escaper would. */
const AWKWARD = ['quote " and \\ backslash', 'line\nbreak\ttab\rreturn', 'bell \u0007 unit \u001f del \u007f', 'sep \u2028 \u2029', 'Café ’curly’ 😀 中文', '</script><b>'];
const STORED = (id: string, width: number) => `/api/images/${id}-${width}.webp`;
const hex32 = () => newId();

describe('browse pages written by PostgreSQL', () => {
  const getT = useTestApp();
  let seller: TestUser;
  let admin: TestUser;
  let unrated: TestUser;

  async function insertListing(sellerId: string, overrides: Partial<typeof products.$inferInsert>): Promise<void> {
    const t = getT();
    await t.database.db.insert(products).values({
      id: newId(),
      sellerId,
      name: 'Oak chair',
      age: 24,
      date: '2024-05-01',
      category: 'homeAndLiving',
      shortDescription: 'A chair',
      longDescription: 'Solid oak',
      priceCents: 12000,
      uploaderPhone: '0123456789',
      uploaderLocation: 'Leeds',
      uploaderName: 'Seller',
      sellerEmail: seller.email,
      image1: 'https://img.test.example/1.jpg',
      image2: 'https://img.test.example/2.jpg',
      image3: 'https://img.test.example/3.jpg',
      image4: 'https://img.test.example/4.jpg',
      ...overrides,
    });
  }

  it('sets up listings with every awkward value', async () => {
    const t = getT();
    seller = await t.createUser({ name: 'Seller' });
    admin = await t.createUser({ role: 'admin' });
    unrated = await t.createUser();
    await t.database.db.insert(userRatings).values({ userId: seller.id, sellerSum: 29, sellerCount: 7 }).onConflictDoUpdate({
      target: userRatings.userId,
      set: { sellerSum: 29, sellerCount: 7 },
    });
    const cents = [1, 7, 10, 29, 33, 99, 100, 101, 199, 1999, 12345, 10_000_000_000];
    const times = ['2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.001Z', '2025-12-31T23:59:59.999Z', '1999-07-08T09:10:11.500Z'];
    const images = [
      STORED(hex32(), 320),
      STORED(hex32(), 640),
      STORED(hex32(), 1280),
      // Not stored images: answered as they are.
      STORED(hex32(), 480),
      `/api/images/${hex32().toUpperCase()}-640.webp`,
      `/api/images/${hex32()}-640.webp/x`,
      `/api/images/${hex32()}-640xwebp`,
      `https://elsewhere.example${STORED(hex32(), 640)}`,
    ];
    for (let i = 0; i < 24; i++) {
      await insertListing(i % 3 === 0 ? unrated.id : seller.id, {
        name: `${AWKWARD[i % AWKWARD.length]} ${i}`,
        shortDescription: AWKWARD[(i + 1) % AWKWARD.length]!,
        longDescription: AWKWARD[(i + 2) % AWKWARD.length]!,
        date: AWKWARD[(i + 3) % AWKWARD.length]!,
        uploaderPhone: AWKWARD[(i + 4) % AWKWARD.length]!,
        uploaderLocation: AWKWARD[(i + 5) % AWKWARD.length]!,
        uploaderName: AWKWARD[i % AWKWARD.length]!,
        sellerEmail: i % 3 === 0 ? unrated.email : seller.email,
        category: i % 2 === 0 ? 'homeAndLiving' : 'kids',
        age: i * 7 - 3,
        priceCents: cents[i % cents.length]!,
        createdAt: new Date(times[i % times.length]!),
        image1: images[i % images.length]!,
        image2: images[(i + 1) % images.length]!,
        image3: images[(i + 2) % images.length]!,
        image4: images[(i + 3) % images.length]!,
        status: i % 5 === 1 ? 'reserved' : i % 11 === 2 ? 'sold' : 'available',
        moderation: i % 7 === 3 ? 'hidden' : i % 13 === 4 ? 'removed' : 'visible',
        favouriteCount: i * 3,
        acceptOffers: i % 4 !== 0,
        ...(i % 3 === 1
          ? { placeId: 1000 + i, placeName: AWKWARD[i % AWKWARD.length]!, placeCountryCode: 'GB', placeLat: 53.8, placeLng: -1.55 }
          : i % 6 === 2
            ? { placeId: 2000 + i, placeName: null, placeCountryCode: null, placeLat: 1, placeLng: 2 }
            : {}),
      });
    }
  });

  const configs: [string, (t: ReturnType<typeof getT>) => ImageUrlConfig][] = [
    ['images on this server', (t) => t.config],
    ['images on S3_PUBLIC_URL', (t) => ({ ...t.config, S3_PUBLIC_URL: 'https://cdn.test.example/og-images' })],
  ];
  const queries: [string, () => TestUser | null, () => Record<string, string>][] = [
    ['the first page', () => null, () => ({})],
    ['a small page', () => null, () => ({ limit: '5' })],
    ['a category, price ascending', () => null, () => ({ category: 'kids', sort: 'price_asc', limit: '100' })],
    ['price descending between two prices', () => null, () => ({ sort: 'price_desc', minPrice: '0.5', maxPrice: '200', limit: '100' })],
    ['a seller’s profile list', () => null, () => ({ sellerId: seller.id, limit: '100' })],
    ['a seller’s own list (hidden, removed and sold too)', () => seller, () => ({ email: seller.email, limit: '100' })],
    ['a seller’s list read by an admin', () => admin, () => ({ email: seller.email, sort: 'price_asc', limit: '3' })],
  ];

  for (const [configName, urlsOf] of configs) {
    for (const [name, caller, query] of queries) {
      it(`${name}, ${configName}: the same bytes and the same next cursor as the rows serialized`, async () => {
        const t = getT();
        const urls = urlsOf(t);
        const parsed = ListProductsQuery.parse(query());
        const rows = await t.services.products.list(asCaller(caller()), parsed);
        const json = (await t.services.products.listForReply(asCaller(caller()), parsed, '', imageBaseUrl(urls))) as JsonPage;
        expect(rows.rows.length).toBeGreaterThan(0);
        expect(json.json).toBe(serializePage(rows.rows.map((row) => toProduct(row, urls))));
        expect(json.nextCursor).toBe(rows.nextCursor);
      });
    }
  }

  it('pages through the API with the cursors the JSON pages give, as the rows did', async () => {
    const t = getT();
    const seen: string[] = [];
    let url = `/api/products?email=${encodeURIComponent(seller.email)}&limit=4`;
    for (let i = 0; i < 20 && url; i++) {
      const res = await t.injectAs(seller, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const page = z.array(ProductSchema).parse(res.json());
      seen.push(...page.map((p) => p._id));
      const next = res.headers['x-next-cursor'];
      url = typeof next === 'string' ? `/api/products?email=${encodeURIComponent(seller.email)}&limit=4&cursor=${next}` : '';
    }
    const all = await t.services.products.list(asCaller(seller), ListProductsQuery.parse({ email: seller.email, limit: '100' }));
    expect(seen).toEqual(all.rows.map((row) => row.id));
    expect(new Set(seen).size).toBe(16);
  });

  it('answers a search and a near page as rows (they are not written by PostgreSQL)', async () => {
    const t = getT();
    const page = await t.services.products.listForReply(null, ListProductsQuery.parse({ q: 'quote' }), '', imageBaseUrl(t.config));
    expect('json' in page).toBe(false);
    expect('rows' in page && page.rows.length).toBeGreaterThan(0);
  });

  it('writes every key of a listing reply but the seller’s floor and a near page’s distance, in the schema’s order', () => {
    const keys = productJsonFields(sql`''`).map(([key]) => key);
    expect(keys).toEqual(Object.keys(ProductSchema.shape).filter((key) => key !== 'offerFloor' && key !== 'distanceKm'));
  });

  it('writes every rating average as ratingAverage does (counts 1-400, every sum a count can have)', async () => {
    const t = getT();
    const sum = sql`s`;
    const count = sql`c`;
    const result = await t.database.db.execute<{ s: number; c: number; a: string }>(
      sql`select s, c, ${ratingAverageJson(sum, count)} as a from generate_series(1, 400) c, generate_series(c, 5 * c) s`,
    );
    const rows = (result as unknown as { rows: { s: number; c: number; a: string }[] }).rows;
    expect(rows.length).toBe(321_200);
    const wrong = rows.filter((row) => row.a !== JSON.stringify(ratingAverage(Number(row.s), Number(row.c))));
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('writes every price from a cent to a million as fromCents does, and the largest', async () => {
    const t = getT();
    const result = await t.database.db.execute<{ c: number; p: string }>(
      sql`select c, ${priceJson(sql`c`)} as p from (select generate_series(1, 100000000, 997) c union all select generate_series(1, 100000) union all select 10000000000) x`,
    );
    const rows = (result as unknown as { rows: { c: number; p: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(200_000);
    const wrong = rows.filter((row) => row.p !== JSON.stringify(Number(row.c) / 100));
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
