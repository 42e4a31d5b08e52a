// What any search engine must do, asked through the interface alone (engine.ts): typos, word order, tiers, paging,
// filters, a radius and pages nearest first, sold listings. An engine is tried by calling searchEngineSuite with a way
// to make it; full-text.test.ts runs it against the engine in use. Listings are written through the API, then the engine is told
// (listingsChanged), as the products service tells it.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { type TestApp, type TestUser, useTestApp } from '../../../test/harness.ts';
import { BIRMINGHAM, KERESLEY, POLESWORTH } from '../../places/test-places.ts';
import { createProduct } from '../fixtures.ts';
import type { ListedProduct } from '../rows.ts';
import type { SearchAfter, SearchEngine, SearchFilters } from './engine.ts';

export function searchEngineSuite(name: string, makeEngine: (db: Db) => SearchEngine): void {
  describe(`search engine: ${name}`, () => {
    // A generous budget: the fixtures are written through the API. Three places of the gazetteer for near (issue 31).
    const getApp = useTestApp({ RATE_LIMIT_FACTOR: '10' }, { places: (p) => p.id === BIRMINGHAM || p.id === POLESWORTH || p.id === KERESLEY });
    let engine: SearchEngine;
    let seller: TestUser;
    let other: TestUser;

    /** Every listing the search finds, `limit` at a time, following each page's last rank and id. */
    async function everything(q: string, filters: Omit<SearchFilters, 'terms'> = {}, limit = 100): Promise<ListedProduct[]> {
      const terms = await engine.terms(q);
      if (!terms) return [];
      const rows: ListedProduct[] = [];
      let after: SearchAfter | undefined;
      for (let page = 0; page < 50; page++) {
        const got = await engine.search({ ...filters, terms }, after, limit);
        expect(got.length).toBeLessThanOrEqual(limit);
        rows.push(...got);
        if (got.length < limit) break;
        after = [got.at(-1)!.rank!, got.at(-1)!.id];
      }
      return rows;
    }
    const names = async (q: string, filters: Omit<SearchFilters, 'terms'> = {}) => (await everything(q, filters)).map((r) => r.name);
    const write = async (t: TestApp, body: Record<string, unknown>, by = seller) => {
      // Plain descriptions: the fixture's default one names a chair.
      const id = await createProduct(t, by, { shortDescription: 'As seen', longDescription: 'Collection from the shop.', ...body });
      engine.listingsChanged({ names: true });
      return id;
    };

    beforeAll(async () => {
      const t = getApp();
      engine = makeEngine(t.database.db);
      seller = await t.createUser();
      other = await t.createUser();
      for (const [i, noun] of ['lamp', 'chair', 'clock', 'mirror'].entries()) {
        for (const adjective of ['Rustic', 'Painted', 'Carved']) {
          await write(t, { name: `${adjective} ${noun}`, category: i % 2 ? 'electronics' : 'homeAndLiving', price: String(10 + i * 10) }, i % 2 ? other : seller);
        }
      }
      await write(t, { name: 'Vintage brass lamp', category: 'homeAndLiving', price: '45' });
      await write(t, { name: 'Green glass shade', shortDescription: 'Fits any lamp', longDescription: 'A shade for a lamp.', price: '12' });
      await write(t, { name: 'Brass candlestick', shortDescription: 'Heavy, polished brass', price: '30' });
    });

    it('tolerates typos: a misspelt word finds the names that hold its correction, and only those', async () => {
      expect((await engine.terms('vintge lamp'))?.alternatives?.[0]).toContain('vintage');
      const found = await names('vintge lamp');
      expect(found).toContain('Vintage brass lamp');
      expect(found.every((n) => /vintage/i.test(n))).toBe(true);
      expect(await names('candlestik')).toEqual(['Brass candlestick']);
      expect(await names('brsas')).toEqual([]);
      expect(await engine.terms('!!!')).toBeUndefined();
    });

    it('finds the same listings whatever the order of the words', async () => {
      const ids = async (q: string) => (await everything(q)).map((r) => r.id).sort();
      expect(await ids('brass lamp')).toEqual(await ids('lamp brass'));
      expect(await ids('rustic chair')).toEqual(await ids('chair rustic'));
      expect((await ids('rustic chair')).length).toBe(1);
    });

    it('ranks in tiers: the name as typed, then as corrected, then the descriptions; newest first within a tier', async () => {
      const lamp = await everything('lamp');
      const shade = lamp.findIndex((r) => r.name === 'Green glass shade');
      expect(shade).toBe(lamp.length - 1);
      expect(lamp.filter((r) => /lamp/i.test(r.name))).toHaveLength(4);
      expect(await names('brass')).toEqual(['Brass candlestick', 'Vintage brass lamp']);
      expect((await names('brass lamp'))[0]).toBe('Vintage brass lamp');
      // A corrected name match ranks below the names that hold the words as typed.
      expect(await names('vintge lamp')).toEqual(['Vintage brass lamp']);
      const ranks = lamp.map((r) => r.rank!);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
      const dates = lamp.slice(0, shade).map((r) => r.createdAt.getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('pages: following each page\'s last rank and id gives every match once, in the order of one big page', async () => {
      for (const q of ['lamp', 'brass', 'painted', 'vintge lamp']) {
        const whole = (await everything(q)).map((r) => r.id);
        for (const limit of [1, 2, 3]) {
          const paged = (await everything(q, {}, limit)).map((r) => r.id);
          expect(paged, `${q} by ${limit}`).toEqual(whole);
          expect(new Set(paged).size).toBe(paged.length);
        }
      }
      expect((await everything('chair', {}, 2)).length).toBe(3);
    });

    it('keeps to the filters: category, price range, one seller', async () => {
      expect((await everything('lamp', { category: 'homeAndLiving', minCents: 4000 })).map((r) => r.name)).toEqual(['Vintage brass lamp']);
      expect((await everything('chair', { category: 'electronics' })).every((r) => r.category === 'electronics')).toBe(true);
      expect(await names('chair', { category: 'homeAndLiving' })).toEqual([]);
      const cheap = await everything('lamp', { maxCents: 1500 });
      expect(cheap.length).toBeGreaterThan(0);
      expect(cheap.every((r) => r.priceCents <= 1500)).toBe(true);
      const theirs = await everything('chair', { sellerEmail: other.email });
      expect(theirs).toHaveLength(3);
      expect(await everything('chair', { sellerEmail: seller.email })).toEqual([]);
    });

    it('keeps to a radius (near): listings within it, never one without a place, with the other filters too', async () => {
      const t = getApp();
      const centre = (await t.services.places.get(BIRMINGHAM))!;
      // Polesworth is 24.88 km from Birmingham's point, Keresley 25.06 km.
      const inside = await write(t, { name: 'Radius oak bureau', placeId: POLESWORTH, price: '80' });
      const outside = await write(t, { name: 'Radius oak bureau', placeId: KERESLEY, price: '80' });
      const nowhere = await write(t, { name: 'Radius oak bureau', uploaderLocation: 'Behind the mill', price: '80' });
      const centreId = await write(t, { name: 'Radius oak stool', placeId: BIRMINGHAM, price: '20' });
      const near = { lat: centre.lat, lng: centre.lng, km: 25 };
      expect((await everything('radius oak', { near })).map((r) => r.id).sort()).toEqual([inside, centreId].sort());
      expect((await everything('radius oak', { near: { ...near, km: 26 } })).map((r) => r.id).sort()).toEqual([inside, outside, centreId].sort());
      expect((await everything('radius oak', { near, maxCents: 5000 })).map((r) => r.id)).toEqual([centreId]);
      expect((await everything('radius oak', { near: { ...near, km: 5 } })).map((r) => r.id)).toEqual([centreId]);
      expect((await everything('radius oak')).map((r) => r.id)).toContain(nowhere);
      // Nearest first, a page at a time (ties: one place's listings by id), each with its distance.
      const terms = (await engine.terms('radius oak'))!;
      const first = await engine.nearest({ terms, near: { ...near, km: 26 } }, undefined, 2);
      expect(first.map((r) => r.id)).toEqual([centreId, inside]);
      expect(first[0]!.distance).toBeCloseTo(0, 3);
      expect(first[1]!.distance).toBeGreaterThan(24.8);
      expect(first[1]!.distance).toBeLessThan(25);
      const last = first.at(-1)!;
      const rest = await engine.nearest({ terms, near: { ...near, km: 26 } }, [last.distance, last.placeId!, last.id], 2);
      expect(rest.map((r) => r.id)).toEqual([outside]);
      expect((await engine.nearest({ terms, near, maxCents: 5000 }, undefined, 10)).map((r) => r.id)).toEqual([centreId]);
      await t.database.db.execute(sql`delete from products where name like 'Radius oak %'`);
      engine.listingsChanged({ names: true });
    });

    it('leaves sold listings out, except from their seller\'s own list', async () => {
      const t = getApp();
      const id = await write(t, { name: 'Walnut harpsichord', price: '900' });
      expect((await everything('harpsichord')).map((r) => r.id)).toEqual([id]);
      await t.database.db.execute(sql`update products set status = 'sold' where id = ${id}`);
      engine.listingsChanged({ names: false });
      expect(await everything('harpsichord')).toEqual([]);
      expect((await everything('harpsichord', { sellerEmail: seller.email })).map((r) => r.status)).toEqual(['sold']);
      await t.database.db.execute(sql`delete from products where id = ${id}`);
      engine.listingsChanged({ names: true });
    });
  });
}
