import type { ErrorBody, Place, Product } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { createProduct, productBody } from '../products/fixtures.ts';
import { foldName } from './fold.ts';
import { SAO_PAULO, SPRINGFIELD_IL, testPlaces, YORK_GB, ZURICH } from './test-places.ts';

const getApp = useTestApp({ RATE_LIMIT_FACTOR: '20' }, { places: testPlaces });

const places = async (q: string) => {
  const res = await getApp().injectAs(null, { method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Place[]>();
};

describe('GET /api/places (autocomplete)', () => {
  it('folds accents and case: "zur" and "ZÜR" find Zürich, "sao pa" finds São Paulo', async () => {
    expect((await places('zur'))[0]).toMatchObject({ id: ZURICH, name: 'Zürich', country: 'Switzerland', countryCode: 'CH' });
    expect((await places('ZÜR'))[0]!.id).toBe(ZURICH);
    const sao = await places('sao pa');
    expect(sao[0]).toMatchObject({ id: SAO_PAULO, name: 'São Paulo', countryCode: 'BR' });
    expect(sao.every((p) => foldName(p.name).startsWith('sao pa'))).toBe(true);
  });

  it('matches a prefix of several words, and only names that start with it', async () => {
    const found = await places('new yo');
    expect(found[0]).toMatchObject({ name: 'New York City', countryCode: 'US' });
    expect(found.every((p) => foldName(p.name).startsWith('new yo'))).toBe(true);
    expect(await places('ork')).not.toContainEqual(expect.objectContaining({ id: YORK_GB }));
  });

  it('answers at most ten, most populous first, with the region where the gazetteer names it', async () => {
    const s = await places('s');
    expect(s).toHaveLength(10);
    expect(s[0]!.name).toBe('Shanghai');
    const york = await places('york');
    expect(york[0]).toMatchObject({ id: YORK_GB, region: 'England', country: 'United Kingdom' });
    expect(york.map((p) => p.region)).toContain('Pennsylvania');
    const springfields = await places('springfield');
    expect(springfields).toHaveLength(10);
    expect(springfields.map((p) => p.region).slice(0, 3)).toEqual(['Missouri', 'Massachusetts', 'Illinois']);
  });

  it('a one-letter prefix (read by initial, places_initial_idx) answers what the prefix scan answers, for every letter', async () => {
    for (const letter of ['a', 'b', 'l', 's', 'z', 'ø', 'é']) {
      const folded = foldName(letter);
      const scan = (await getApp().database.db.execute(
        sql`select id from places where key like ${`${folded}%`} order by population desc, id limit 10`,
      )) as unknown as { rows: { id: number }[] };
      expect((await places(letter)).map((p) => p.id), letter).toEqual(scan.rows.map((r) => Number(r.id)));
    }
  });

  it('refuses an empty or overlong query, and a key it does not know (400)', async () => {
    const t = getApp();
    for (const url of ['/api/places', '/api/places?q=', '/api/places?q=%20%20', `/api/places?q=${'a'.repeat(61)}`, '/api/places?q=york&limit=3']) {
      const res = await t.injectAs(null, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ErrorBody>().code).toBe('VALIDATION');
    }
    expect(await places('a'.repeat(60))).toEqual([]);
    expect(await places('!!!')).toEqual([]);
  });
});

describe('GET /api/places/nearest', () => {
  it('answers the nearest place to a point', async () => {
    const t = getApp();
    const res = await t.injectAs(null, { method: 'GET', url: '/api/places/nearest?lat=53.96&lng=-1.08' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Place>().id).toBe(YORK_GB);
    // In the middle of the Pacific the nearest is far away, but there is one.
    const far = await t.injectAs(null, { method: 'GET', url: '/api/places/nearest?lat=-30&lng=-140' });
    expect(far.statusCode).toBe(200);
  });

  it('refuses coordinates out of range or missing (400)', async () => {
    const t = getApp();
    for (const q of ['lat=91&lng=0', 'lat=-90.5&lng=0', 'lat=0&lng=180.1', 'lat=0&lng=-181', 'lat=abc&lng=0', 'lat=10', '']) {
      const res = await t.injectAs(null, { method: 'GET', url: `/api/places/nearest?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('a listing’s place', () => {
  let seller: TestUser;
  beforeAll(async () => {
    seller = await getApp().createUser();
  });

  const placeOf = async (overrides: Record<string, unknown>) => {
    const t = getApp();
    const id = await createProduct(t, seller, overrides);
    const res = await t.injectAs(null, { method: 'GET', url: `/api/products/${id}` });
    return res.json<Product>();
  };

  it('resolves text that names one place, or one far more populous than the next', async () => {
    expect((await placeOf({ uploaderLocation: 'York' })).place).toEqual({ id: YORK_GB, name: 'York', countryCode: 'GB' });
    expect((await placeOf({ uploaderLocation: 'york, gb' })).place?.id).toBe(YORK_GB);
    expect((await placeOf({ uploaderLocation: 'York, United Kingdom' })).place?.id).toBe(YORK_GB);
    expect((await placeOf({ uploaderLocation: 'York, Pennsylvania' })).place).toMatchObject({ name: 'York', countryCode: 'US' });
    expect((await placeOf({ uploaderLocation: 'Springfield, Illinois' })).place?.id).toBe(SPRINGFIELD_IL);
    expect((await placeOf({ uploaderLocation: 'Zurich' })).place?.id).toBe(ZURICH);
  });

  it('leaves ambiguous or unknown text without a place, and keeps the text as typed', async () => {
    const springfield = await placeOf({ uploaderLocation: 'Springfield' });
    expect(springfield.place).toBeNull();
    expect(springfield.uploaderLocation).toBe('Springfield');
    expect((await placeOf({ uploaderLocation: 'Springfield, US' })).place).toBeNull();
    expect((await placeOf({ uploaderLocation: 'Behind the old mill' })).place).toBeNull();
    expect((await placeOf({ uploaderLocation: 'York, Narnia' })).place).toBeNull();
  });

  it('takes a placeId, filling an empty location with the place’s name; an unknown one is 400', async () => {
    const t = getApp();
    const chosen = await placeOf({ uploaderLocation: '', placeId: SPRINGFIELD_IL });
    expect(chosen.place).toEqual({ id: SPRINGFIELD_IL, name: 'Springfield', countryCode: 'US' });
    expect(chosen.uploaderLocation).toBe('Springfield, Illinois, United States');
    const kept = await placeOf({ uploaderLocation: 'Near the station', placeId: YORK_GB });
    expect(kept).toMatchObject({ uploaderLocation: 'Near the station', place: { id: YORK_GB } });
    // No uploaderLocation at all (undefined leaves the JSON body).
    expect((await placeOf({ uploaderLocation: undefined, placeId: ZURICH })).uploaderLocation).toBe('Zürich, Switzerland');
    const unknown = await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody({ placeId: 999_999_999 }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().details).toEqual([{ path: 'placeId', message: 'Choose a place from the list' }]);
    const neither = await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody({ uploaderLocation: '', placeId: null }) });
    expect(neither.statusCode).toBe(400);
    expect(neither.json<ErrorBody>().message).toBe('This Location field is required');
  });

  it('an edit keeps the place of unchanged text, resolves changed text, and placeId null takes it away', async () => {
    const t = getApp();
    const id = await createProduct(t, seller, { uploaderLocation: 'Springfield', placeId: SPRINGFIELD_IL });
    const patch = async (body: Record<string, unknown>) => {
      const res = await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody(body) });
      expect(res.statusCode, res.body).toBe(200);
      return (await t.injectAs(null, { method: 'GET', url: `/api/products/${id}` })).json<Product>().place;
    };
    expect((await patch({ uploaderLocation: 'Springfield' }))?.id).toBe(SPRINGFIELD_IL);
    expect((await patch({ uploaderLocation: 'York' }))?.id).toBe(YORK_GB);
    expect(await patch({ uploaderLocation: 'York', placeId: null })).toBeNull();
  });
});

describe('resolving existing listings (the upgrade’s first start)', () => {
  it('resolves listings stored before the gazetteer was loaded, and says how many', async () => {
    const t = await createTestApp({ RATE_LIMIT_FACTOR: '20' });
    try {
      const seller = await t.createUser();
      const york = await createProduct(t, seller, { uploaderLocation: 'York' });
      const springfield = await createProduct(t, seller, { uploaderLocation: 'Springfield' });
      const illinois = await createProduct(t, seller, { uploaderLocation: 'Springfield, Illinois' });
      // No gazetteer yet: nothing resolves, nothing fails.
      expect((await t.injectAs(null, { method: 'GET', url: `/api/products/${york}` })).json<Product>().place).toBeNull();
      expect((await t.services.places.load(testPlaces)).inserted).toBeGreaterThan(2000);
      expect(await t.services.products.resolveUnplaced()).toEqual({ examined: 3, resolved: 2 });
      const placeOf = async (id: string) => (await t.injectAs(null, { method: 'GET', url: `/api/products/${id}` })).json<Product>().place?.id ?? null;
      expect([await placeOf(york), await placeOf(springfield), await placeOf(illinois)]).toEqual([YORK_GB, null, SPRINGFIELD_IL]);
      // A second start loads nothing again.
      expect((await t.services.places.load()).inserted).toBe(0);
    } finally {
      await t.close();
    }
  });
});
