// Near me: listings within a radius of a place, their distances, and pages nearest first (docs/product.md#near-me).
import type { ErrorBody, Product } from '@olden/contracts';
import { NEXT_CURSOR_HEADER } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { places } from '../../db/schema.ts';
import { type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { BIRMINGHAM, KERESLEY, POLESWORTH, testPlaces, YORK_GB } from '../places/test-places.ts';
import { createProduct } from './fixtures.ts';

const getApp = useTestApp({ RATE_LIMIT_FACTOR: '100' }, { places: testPlaces });

/** The test's own haversine (not the server's), on a sphere of 6371 km. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function list(t: TestApp, query: string): Promise<{ status: number; items: Product[]; next?: string; body: string }> {
  const res = await t.injectAs(null, { method: 'GET', url: `/api/products?${query}` });
  const next = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
  return { status: res.statusCode, items: res.statusCode === 200 ? res.json<Product[]>() : [], next: typeof next === 'string' ? next : undefined, body: res.body };
}

/** Every page of a list, following its cursors. */
async function allPages(t: TestApp, query: string): Promise<Product[]> {
  const items: Product[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await list(t, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status, page.body).toBe(200);
    items.push(...page.items);
    if (!page.next) return items;
    cursor = page.next;
  }
  throw new Error('too many pages');
}

describe('near, radiusKm and sort=distance', () => {
  let seller: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const t = getApp();
    seller = await t.createUser();
    // Around Birmingham: the centre itself, 24.88 km (in at 25) and 25.06 km (out at 25); one with no place.
    ids.birmingham = await createProduct(t, seller, { name: 'Edge brass lamp centre', placeId: BIRMINGHAM });
    ids.polesworth = await createProduct(t, seller, { name: 'Edge brass lamp inside', placeId: POLESWORTH });
    ids.keresley = await createProduct(t, seller, { name: 'Edge brass lamp outside', placeId: KERESLEY });
    ids.nowhere = await createProduct(t, seller, { name: 'Edge brass lamp nowhere', uploaderLocation: 'Behind the mill' });
  });

  it('a listing at 24.9 km is in a 25 km search, one at 25.1 km is out, one without a place is left out', async () => {
    const t = getApp();
    const [polesworth] = await t.database.db.select().from(places).where((await import('drizzle-orm')).eq(places.id, POLESWORTH));
    const [centre] = await t.database.db.select().from(places).where((await import('drizzle-orm')).eq(places.id, BIRMINGHAM));
    expect(haversineKm(centre!, polesworth!)).toBeCloseTo(24.88, 1);
    for (const extra of ['', '&sort=distance', '&q=edge%20brass%20lamp', '&q=edge%20brass%20lamp&sort=distance', '&sort=price_asc', '&radiusKm=25']) {
      const { items, status, body } = await list(t, `near=${BIRMINGHAM}${extra}&limit=100`);
      expect(status, body).toBe(200);
      const found = items.map((p) => p._id);
      expect(found, extra).toContain(ids.polesworth);
      expect(found, extra).toContain(ids.birmingham);
      expect(found, extra).not.toContain(ids.keresley);
      expect(found, extra).not.toContain(ids.nowhere);
      const inside = items.find((p) => p._id === ids.polesworth)!;
      expect(inside.distanceKm).toBe(25);
      expect(inside.place).toMatchObject({ id: POLESWORTH, name: 'Polesworth', countryCode: 'GB' });
      expect(items.find((p) => p._id === ids.birmingham)!.distanceKm).toBe(0);
    }
    const wider = await list(t, `near=${BIRMINGHAM}&radiusKm=26&limit=100`);
    expect(wider.items.map((p) => p._id)).toContain(ids.keresley);
  });

  it('distances agree with a haversine computed here, within 0.5%, for 100 random pairs (both orders)', async () => {
    const t = getApp();
    const all = await t.database.db.select().from(places);
    const next = random(31);
    const pairs: { center: (typeof all)[number]; at: (typeof all)[number]; km: number; id?: string }[] = [];
    while (pairs.length < 100) {
      const center = all[Math.floor(next() * all.length)]!;
      const at = all[Math.floor(next() * all.length)]!;
      const km = haversineKm(center, at);
      // Far enough that rounding to the kilometre stays under 0.5%, near enough for the largest radius.
      if (km >= 100 && km <= 495) pairs.push({ center, at, km });
    }
    for (const pair of pairs) pair.id = await createProduct(t, seller, { name: 'Pair stool', placeId: pair.at.id });
    for (const pair of pairs) {
      for (const sort of ['newest', 'distance']) {
        const { items, status, body } = await list(t, `near=${pair.center.id}&radiusKm=500&sort=${sort}&limit=100&q=pair%20stool`);
        expect(status, body).toBe(200);
        const found = items.find((p) => p._id === pair.id);
        expect(found, `${pair.center.name} -> ${pair.at.name} ${sort}`).toBeDefined();
        expect(Math.abs(found!.distanceKm! - pair.km) / pair.km, `${pair.center.name} -> ${pair.at.name}: ${found!.distanceKm} vs ${pair.km}`).toBeLessThan(0.005);
      }
    }
  });

  it('pages nearest first, ties (one place’s listings) in a fixed order, with every filter, without gaps or repeats', async () => {
    const t = getApp();
    // Five at York, three at each of two other places; a sold one is left out.
    const made: string[] = [];
    const near = await t.database.db.select().from(places);
    const york = near.find((p) => p.id === YORK_GB)!;
    const others = near.filter((p) => p.id !== YORK_GB && haversineKm(york, p) < 100).slice(0, 2);
    expect(others).toHaveLength(2);
    for (let i = 0; i < 5; i++) made.push(await createProduct(t, seller, { name: `Tie chest ${i}`, placeId: YORK_GB, price: String(10 + i) }));
    for (const other of others) for (let i = 0; i < 3; i++) made.push(await createProduct(t, seller, { name: `Tie chest ${other.id}-${i}`, placeId: other.id, category: i === 0 ? 'kids' : 'homeAndLiving' }));
    const query = `near=${YORK_GB}&radiusKm=100&sort=distance&q=tie%20chest`;
    const whole = (await list(t, `${query}&limit=100`)).items;
    expect(whole.map((p) => p._id).sort()).toEqual([...made].sort());
    // Nearest first; within one place, by id.
    for (let i = 1; i < whole.length; i++) {
      const [a, b] = [whole[i - 1]!, whole[i]!];
      expect(a.distanceKm! <= b.distanceKm!).toBe(true);
      if (a.place!.id === b.place!.id) expect(a._id < b._id).toBe(true);
    }
    expect(whole.slice(0, 5).every((p) => p.place!.id === YORK_GB && p.distanceKm === 0)).toBe(true);
    for (const limit of [1, 2, 3, 4]) {
      expect((await allPages(t, `${query}&limit=${limit}`)).map((p) => p._id), `limit ${limit}`).toEqual(whole.map((p) => p._id));
    }
    // Other filters combine: a category, a price range, and browsing without q.
    const kids = await allPages(t, `near=${YORK_GB}&radiusKm=100&sort=distance&category=kids&limit=1`);
    expect(kids.map((p) => p._id).sort()).toEqual(whole.filter((p) => p.category === 'kids').map((p) => p._id).sort());
    const cheap = await allPages(t, `near=${YORK_GB}&radiusKm=100&sort=distance&maxPrice=12&limit=2&q=tie`);
    expect(cheap.map((p) => p._id)).toEqual(whole.filter((p) => p.price <= 12).map((p) => p._id));
    const browsed = await allPages(t, `near=${YORK_GB}&radiusKm=100&limit=3`);
    expect(browsed.every((p) => p.distanceKm! <= 100)).toBe(true);
    expect(new Set(browsed.map((p) => p._id)).size).toBe(browsed.length);
  });

  it('a tampered cursor, or one of another order, is 400', async () => {
    const t = getApp();
    const query = `near=${YORK_GB}&radiusKm=100&sort=distance&limit=1&q=tie%20chest`;
    const first = await list(t, query);
    expect(first.next).toBeDefined();
    const decoded = Buffer.from(first.next!, 'base64url').toString();
    for (const bad of [
      `${first.next!.slice(0, -2)}!!`,
      Buffer.from(decoded.replace('"d"', '"n"')).toString('base64url'),
      Buffer.from(JSON.stringify(['d', -1, YORK_GB, 'x'])).toString('base64url'),
      Buffer.from(JSON.stringify(['d', 1, 'York', 'abc'])).toString('base64url'),
      Buffer.from(JSON.stringify(['d', 1, YORK_GB])).toString('base64url'),
    ]) {
      const res = await list(t, `${query}&cursor=${encodeURIComponent(bad)}`);
      expect(res.status, `${bad} ${res.body}`).toBe(400);
    }
    const newest = await list(t, `near=${YORK_GB}&radiusKm=100&limit=1`);
    const crossed = await list(t, `${query}&cursor=${encodeURIComponent(newest.next!)}`);
    expect(crossed.status).toBe(400);
  });

  it('refuses radiusKm or sort=distance without near, and a radius out of 5..500 (400); an unknown place matches nothing', async () => {
    const t = getApp();
    for (const q of ['radiusKm=25', 'sort=distance', `near=${YORK_GB}&radiusKm=4`, `near=${YORK_GB}&radiusKm=501`, 'near=0', 'near=abc', `near=${YORK_GB}&radiusKm=2.5`]) {
      const res = await list(t, q);
      expect(res.status, q).toBe(400);
      expect(JSON.parse(res.body) as ErrorBody).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await list(t, 'near=999999999')).items).toEqual([]);
  });

  it('a list without near carries no distance; every reply carries the place or null', async () => {
    const t = getApp();
    const { items } = await list(t, 'q=edge%20brass%20lamp&limit=100');
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.every((p) => !('distanceKm' in p))).toBe(true);
    expect(items.find((p) => p._id === ids.nowhere)!.place).toBeNull();
  });
});

describe('near leaves out what every list leaves out', () => {
  it('a listing hidden by moderation, and a blocked seller’s listings, are in no radius list, in any order, with or without words', async () => {
    const t = getApp();
    const seller = await t.createUser();
    const other = await t.createUser();
    const viewer = await t.createUser();
    const word = `Hush${Date.now().toString(36)}`;
    const kept = await createProduct(t, seller, { name: `${word} kept`, placeId: BIRMINGHAM });
    const hidden = await createProduct(t, seller, { name: `${word} hidden`, placeId: BIRMINGHAM });
    const blocked = await createProduct(t, other, { name: `${word} blocked`, placeId: POLESWORTH });
    // Hidden as three trusted reports would hide it (products/moderation.ts moves the same column).
    await t.database.db.execute(sql`update products set moderation = 'hidden' where id = ${hidden}`);
    const block = await t.injectAs(viewer, { method: 'PUT', url: `/api/blocks/${other.id}` });
    expect(block.statusCode, block.body).toBeLessThan(300);
    const mine = async (caller: TestUser | null, query: string) => {
      const found: string[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 50; i++) {
        const res = await t.injectAs(caller, { url: `/api/products?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` });
        expect(res.statusCode, res.body).toBe(200);
        found.push(...res.json<Product[]>().filter((p) => p.name.startsWith(word)).map((p) => p._id));
        const next = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
        if (typeof next !== 'string') return found.sort();
        cursor = next;
      }
      throw new Error('too many pages');
    };
    for (const words of [`&q=${word}`, '']) {
      for (const sort of ['', '&sort=distance', '&sort=price_asc', '&sort=newest']) {
        const query = `near=${BIRMINGHAM}&radiusKm=50${words}${sort}`;
        expect(await mine(viewer, query), query).toEqual([kept]);
        // Anyone else sees the other seller's listing, never the hidden one.
        expect(await mine(null, query), query).toEqual([kept, blocked].sort());
      }
    }
  });
});
