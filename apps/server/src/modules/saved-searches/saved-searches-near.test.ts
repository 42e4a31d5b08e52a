// Saved searches near a place (docs/product.md#near-me): the search keeps the place's point and radius, and its alerts
// match only listings whose place is within that radius, as the timeline the search opens lists them.
import type { SavedSearch } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError, type TestUser, useTestApp } from '../../test/harness.ts';
import { BIRMINGHAM, KERESLEY, POLESWORTH, YORK_GB } from '../places/test-places.ts';
import { createProduct, productBody } from '../products/fixtures.ts';

// The radius edge's towns and York, of the real gazetteer (test-places.ts).
const places = (p: { id: number }) => [BIRMINGHAM, POLESWORTH, KERESLEY, YORK_GB].includes(p.id);
const getApp = useTestApp({ JOB_POLL_MS: '500' }, { places });

const save = (user: TestUser, filters: Record<string, unknown>) =>
  getApp().injectAs(user, { method: 'POST', url: '/api/savedSearches', payload: { filters, alert: 'off' } });
async function saved(user: TestUser, filters: Record<string, unknown>): Promise<SavedSearch> {
  const res = await save(user, filters);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ savedSearch: SavedSearch }>().savedSearch;
}
async function newCount(user: TestUser, id: string): Promise<number> {
  const res = await getApp().injectAs(user, { url: '/api/savedSearches' });
  return res.json<SavedSearch[]>().find((s) => s._id === id)!.newCount;
}
async function hitsOf(id: string): Promise<string[]> {
  const found = await getApp().database.db.execute(sql`select product_id from saved_search_hits where saved_search_id = ${id} order by seq`);
  return ((Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as { product_id: string }[]).map((r) => r.product_id);
}

describe('a saved search with near', () => {
  it('names the place and radius in its label; an unknown place is a 400', async () => {
    const user = await getApp().createUser();
    expect((await saved(user, { q: 'clock', near: String(BIRMINGHAM) })).label).toBe('clock within 25 km of Birmingham');
    const wide = await saved(user, { q: 'clock', near: String(YORK_GB), radiusKm: '100' });
    expect(wide.label).toBe('clock within 100 km of York');
    expect(wide.filters).toEqual({ q: 'clock', near: String(YORK_GB), radiusKm: '100' });
    expectError(await save(user, { q: 'clock', near: '999999999' }), 400, { code: 'VALIDATION' });
  });

  it('alerts only for listings whose place is within its radius (24.88 km in, 25.06 km out, no place out)', async () => {
    const t = getApp();
    const buyer = await t.createUser();
    const seller = await t.createUser();
    const word = `barometer${Date.now().toString(36)}`;
    const near = await saved(buyer, { q: word, near: String(BIRMINGHAM) });
    // The same words anywhere: it hears of every listing, so once it has all three, matching is done for all of them.
    const anywhere = await saved(buyer, { q: word, category: 'homeAndLiving' });
    const inside = await createProduct(t, seller, { name: `${word} inside`, placeId: POLESWORTH, category: 'homeAndLiving' });
    const outside = await createProduct(t, seller, { name: `${word} outside`, placeId: KERESLEY, category: 'homeAndLiving' });
    const nowhere = await createProduct(t, seller, { name: `${word} nowhere`, placeId: null, uploaderLocation: 'Atlantis', category: 'homeAndLiving' });
    await expect.poll(() => newCount(buyer, anywhere._id), { timeout: 20_000, interval: 200 }).toBe(3);
    expect(await hitsOf(anywhere._id)).toEqual(expect.arrayContaining([inside, outside, nowhere]));
    expect(await hitsOf(near._id)).toEqual([inside]);
    expect(await newCount(buyer, near._id)).toBe(1);
  });

  it('matches a listing an edit moves into the radius', async () => {
    const t = getApp();
    const buyer = await t.createUser();
    const seller = await t.createUser();
    const word = `sextant${Date.now().toString(36)}`;
    const near = await saved(buyer, { q: word, near: String(BIRMINGHAM) });
    const anywhere = await saved(buyer, { q: word });
    const id = await createProduct(t, seller, { name: `${word} moving`, placeId: KERESLEY });
    // Made outside the radius: matched by the search that hears of everything, not by the near one.
    await expect.poll(() => newCount(buyer, anywhere._id), { timeout: 20_000, interval: 200 }).toBe(1);
    expect(await hitsOf(near._id)).toEqual([]);
    const edited = await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ name: `${word} moving`, placeId: POLESWORTH }) });
    expect(edited.statusCode, edited.body).toBe(200);
    await expect.poll(() => hitsOf(near._id), { timeout: 20_000, interval: 200 }).toEqual([id]);
  });
});
