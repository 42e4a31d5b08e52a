import { type BuyerProduct, type ErrorBody, type Product, storedImageUrl } from '@olden/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { images, products } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { expectError, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { createProduct, productBody } from './fixtures.ts';

const getApp = useTestApp();

async function fetchProduct(t: TestApp, id: string) {
  return (await t.services.products.findForPurchase(id)) ?? null;
}

describe('products API', () => {
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  // Three people, and a few listings of Alice's so that every list below has pages.
  beforeAll(async () => {
    const t = getApp();
    alice = await t.createUser({ name: 'Alice Seller' });
    bob = await t.createUser({ name: 'Bob Other' });
    admin = await t.createUser({ name: 'Root', role: 'admin' });
    expect(admin.role).toBe('admin');
    for (const price of ['15', '25', '35']) await createProduct(t, alice, { price });
  });

  describe('POST /products', () => {
    it('anonymous is 401 and nothing is stored', async () => {
      const t = getApp();
      const res = await t.injectAs(null, { method: 'POST', url: '/api/products', payload: productBody({ name: 'Ghost lamp' }) });
      expect(res.statusCode).toBe(401);
      const list = await t.injectAs(null, { method: 'GET', url: '/api/products?q=ghost' });
      expect(list.json()).toEqual([]);
    });

    it('stores the listing with the owner from the token, ignoring a forged uploaderName and email', async () => {
      const t = getApp();
      const res = await t.injectAs(alice, {
        method: 'POST',
        url: '/api/products',
        payload: productBody({ name: 'Brass lamp', price: '120.50', uploaderName: 'Mallory', email: bob.email }),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ acknowledged: boolean; insertedId: string }>();
      expect(body.acknowledged).toBe(true);
      const got = await t.injectAs(null, { method: 'GET', url: `/api/products/${body.insertedId}` });
      expect(got.statusCode).toBe(200);
      const product = got.json<Product>();
      expect(product).toMatchObject({ name: 'Brass lamp', price: 120.5, email: alice.email, uploaderName: 'Alice Seller' });
      expect(typeof product.price).toBe('number');
    });

    it('accepts a numeric price and stores cents exactly', async () => {
      const t = getApp();
      const id = await createProduct(t, alice, { price: 19.99 });
      expect((await fetchProduct(t, id))?.priceCents).toBe(1999);
    });

    it.each([
      ['price "abc"', { price: 'abc' }, 'Price must be a positive amount like 120 or 120.50'],
      ['price "-3"', { price: '-3' }, 'Price must be a positive amount like 120 or 120.50'],
      ['price 0', { price: '0' }, 'Price must be a positive amount like 120 or 120.50'],
      ['price with 3 decimals', { price: '1.234' }, 'Price must be a positive amount like 120 or 120.50'],
      ['price as an object', { price: { $gt: 0 } }, 'This Price field is required'],
      ['age as text', { age: 'old' }, 'Age must be a whole number of months (0 or more)'],
      ['negative age', { age: -1 }, 'Age must be a whole number of months (0 or more)'],
      ['javascript: image', { image1: 'javascript:alert(1)' }, 'Images must be uploaded here or be https:// URLs'],
      ['data: image', { image2: 'data:image/png;base64,AAAA' }, 'Images must be uploaded here or be https:// URLs'],
      ['http: image', { image3: 'http://img.test.example/x.jpg' }, 'Images must be uploaded here or be https:// URLs'],
      ['relative non-stored image', { image4: '/etc/passwd' }, 'Images must be uploaded here or be https:// URLs'],
      ['unknown category', { category: 'weapons' }, 'Select one of the listed categories'],
      ['bad date', { date: '2024-02-31' }, 'Date must be a valid date (YYYY-MM-DD)'],
      ['name of 100 KB', { name: 'x'.repeat(100_000) }, 'Must be at most 120 characters'],
      ['name as a number', { name: 42 }, 'This Name field is required'],
    ])('refuses %s with 400 and stores nothing', async (_label, overrides, message) => {
      const t = getApp();
      const marker = `Refused ${newId()}`;
      const res = await t.injectAs(alice, {
        method: 'POST',
        url: '/api/products',
        payload: { ...productBody({ shortDescription: marker }), ...overrides },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().details?.map((d) => d.message)).toContain(message);
      const mine = await t.injectAs(alice, { method: 'GET', url: `/api/products?email=${alice.email}&limit=100` });
      expect(mine.json<Product[]>().some((p) => p.shortDescription === marker)).toBe(false);
    });

    it.each([
      ['image1', 'This Image 1 field is required'],
      ['name', 'This Name field is required'],
      ['age', 'This Age field is required'],
      ['date', 'This Date field is required'],
      ['category', 'This Category field is required'],
      ['shortDescription', 'This Short Description field is required'],
      ['longDescription', 'This Long Description field is required'],
      ['price', 'This Price field is required'],
      ['uploaderPhone', 'This Phone Number field is required'],
      ['uploaderLocation', 'This Location field is required'],
    ])('a missing %s is 400 with the spec message', async (field, message) => {
      const t = getApp();
      const body = productBody();
      delete body[field];
      const res = await t.injectAs(alice, { method: 'POST', url: '/api/products', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().details?.map((d) => d.message)).toContain(message);
      const empty = await t.injectAs(alice, { method: 'POST', url: '/api/products', payload: { ...productBody(), [field]: '' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().message).toBe(message);
    });

    it('a body that is not JSON is 400', async () => {
      const t = getApp();
      const res = await t.injectAs(alice, {
        method: 'POST',
        url: '/api/products',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(res.statusCode).toBe(400);
    });

    it('server-stored image paths must exist in the images table', async () => {
      const t = getApp();
      const missing = storedImageUrl(newId(), 1280);
      const refused = await t.injectAs(alice, {
        method: 'POST',
        url: '/api/products',
        payload: productBody({ name: 'Unstored image chair', image2: missing }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().details).toEqual([
        { path: 'image2', message: 'This image was not uploaded here' },
      ]);
      const id = newId();
      await t.database.db.insert(images).values({ id, ownerId: alice.id, width: 1280, height: 960, bytes: 1000 });
      const ok = await t.injectAs(alice, {
        method: 'POST',
        url: '/api/products',
        payload: productBody({ image1: storedImageUrl(id, 1280), image2: storedImageUrl(id, 640) }),
      });
      expect(ok.statusCode).toBe(200);
    });

    it('a user may name only their own uploads (IMAGE_NOT_YOURS on the field); an admin may name anyone\'s', async () => {
      const t = getApp();
      const bobs = newId();
      const seeded = newId();
      await t.database.db.insert(images).values([
        { id: bobs, ownerId: bob.id, width: 1280, height: 960, bytes: 1000 },
        { id: seeded, ownerId: null, width: 1280, height: 960, bytes: 1000 },
      ]);
      for (const [field, url] of [['image1', storedImageUrl(bobs, 1280)], ['image3', storedImageUrl(seeded, 320)]] as const) {
        const res = await t.injectAs(alice, { method: 'POST', url: '/api/products', payload: productBody({ name: 'Pinned chair', [field]: url }) });
        expectError(res, 400, {
          code: 'IMAGE_NOT_YOURS',
          message: 'This image was uploaded by someone else: upload your own photo',
          details: [{ path: field, message: 'This image was uploaded by someone else: upload your own photo' }],
        });
      }
      expect(await t.database.db.select().from(products).where(eq(products.name, 'Pinned chair'))).toEqual([]);

      const id = await createProduct(t, alice, { name: 'Own chair' });
      const url = `/api/products/${id}`;
      const stolen = await t.injectAs(alice, { method: 'PATCH', url, payload: productBody({ name: 'Own chair', image2: storedImageUrl(bobs, 640) }) });
      expectError(stolen, 400, { code: 'IMAGE_NOT_YOURS', details: [{ path: 'image2', message: expect.any(String) }] });
      expect((await fetchProduct(t, id))!.image2).toBe('https://img.test.example/2.jpg');

      // An admin may (a picture fixed by hand); the seller may then keep what the listing already shows.
      const byAdmin = await t.injectAs(admin, { method: 'PATCH', url, payload: productBody({ name: 'Own chair', image2: storedImageUrl(bobs, 640) }) });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      const kept = await t.injectAs(alice, { method: 'PATCH', url, payload: productBody({ name: 'Own chair, oiled', image2: storedImageUrl(bobs, 640) }) });
      expect(kept.statusCode, kept.body).toBe(200);
      // Keeping one of Bob's pictures does not let her add another of his widths elsewhere in a new listing.
      const again = await t.injectAs(alice, { method: 'POST', url: '/api/products', payload: productBody({ image4: storedImageUrl(bobs, 1280) }) });
      expectError(again, 400, { code: 'IMAGE_NOT_YOURS' });
      expect((await t.injectAs(admin, { method: 'POST', url: '/api/products', payload: productBody({ image1: storedImageUrl(seeded, 1280) }) })).statusCode).toBe(200);
    });

    it('an image shown by several users is charged once, to its uploader, and to nobody else', async () => {
      const t = getApp();
      const carol = await t.createUser({ name: 'Carol Quota' });
      const dave = await t.createUser({ name: 'Dave Quota' });
      const id = newId();
      await t.database.db.insert(images).values({ id, ownerId: carol.id, width: 1280, height: 960, bytes: 4321 });
      await createProduct(t, carol, { image1: storedImageUrl(id, 1280) });
      await createProduct(t, carol, { image1: storedImageUrl(id, 640), image2: storedImageUrl(id, 320) });
      const daves = await createProduct(t, dave);
      const byAdmin = await t.injectAs(admin, { method: 'PATCH', url: `/api/products/${daves}`, payload: productBody({ image3: storedImageUrl(id, 640) }) });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(await t.services.images.usedBytes(carol.id)).toBe(4321);
      expect(await t.services.images.usedBytes(dave.id)).toBe(0);
    });

    it('an image that was not uploaded here answers IMAGE_NOT_STORED', async () => {
      const t = getApp();
      const res = await t.injectAs(alice, {
        method: 'POST',
        url: '/api/products',
        payload: productBody({ image3: storedImageUrl(newId(), 640) }),
      });
      expectError(res, 400, { code: 'IMAGE_NOT_STORED', message: 'This image was not uploaded here' });
    });

    it('rate limits listing creation per user (429 with Retry-After) without storing the extra one', async () => {
      const t = getApp();
      const spammer = await t.createUser();
      for (let i = 0; i < 30; i++) await createProduct(t, spammer);
      const res = await t.injectAs(spammer, { method: 'POST', url: '/api/products', payload: productBody() });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const list = await t.injectAs(spammer, { method: 'GET', url: `/api/products?email=${spammer.email}&limit=100` });
      expect(list.json()).toHaveLength(30);
      // Another user is not affected.
      expect((await t.injectAs(bob, { method: 'POST', url: '/api/products', payload: productBody() })).statusCode).toBe(200);
    });
  });

  describe('GET /products and /products/:id', () => {
    it('is public and returns prices as numbers', async () => {
      const t = getApp();
      const res = await t.injectAs(null, { method: 'GET', url: '/api/products' });
      expect(res.statusCode).toBe(200);
      const list = res.json<Product[]>();
      expect(list.length).toBeGreaterThan(0);
      for (const p of list) expect(typeof p.price).toBe('number');
    });

    it('one product: public; malformed or unknown ids are 404', async () => {
      const t = getApp();
      const id = await createProduct(t, alice, { name: 'Detail clock' });
      const res = await t.injectAs(null, { method: 'GET', url: `/api/products/${id}` });
      expect(res.json<Product>()._id).toBe(id);
      for (const bad of ['nope', newId(), `${id.slice(0, 31)}Z`, "1' OR '1'='1", '%24ne']) {
        expect((await t.injectAs(null, { method: 'GET', url: `/api/products/${bad}` })).statusCode).toBe(404);
      }
    });

    it('category is matched case-insensitively; an unknown category is an empty list', async () => {
      const t = getApp();
      const id = await createProduct(t, alice, { name: 'Kite', category: 'hobbiesSports' });
      for (const c of ['hobbiesSports', 'HOBBIESSPORTS', 'hobbiessports']) {
        const res = await t.injectAs(null, { method: 'GET', url: `/api/products?category=${c}&limit=100` });
        const list = res.json<Product[]>();
        expect(list.map((p) => p._id)).toContain(id);
        expect(list.every((p) => p.category === 'hobbiesSports')).toBe(true);
      }
      const unknown = await t.injectAs(null, { method: 'GET', url: '/api/products?category=weapons' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual([]);
    });

    it('price filters are in dollars and inclusive', async () => {
      const t = getApp();
      const cheap = await createProduct(t, alice, { price: '5.25', category: 'pets' });
      const dear = await createProduct(t, alice, { price: '900', category: 'pets' });
      const res = await t.injectAs(null, { method: 'GET', url: '/api/products?category=pets&minPrice=5.25&maxPrice=6' });
      expect(res.json<Product[]>().map((p) => p._id)).toEqual([cheap]);
      const high = await t.injectAs(null, { method: 'GET', url: '/api/products?category=pets&minPrice=100' });
      expect(high.json<Product[]>().map((p) => p._id)).toEqual([dear]);
    });

    it('?email= is for that seller or an admin only', async () => {
      const t = getApp();
      const url = `/api/products?email=${encodeURIComponent(alice.email)}`;
      expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await t.injectAs(bob, { method: 'GET', url })).statusCode).toBe(403);
      const own = await t.injectAs(alice, { method: 'GET', url: `${url}&limit=100` });
      expect(own.statusCode).toBe(200);
      expect(own.json<Product[]>().length).toBeGreaterThan(0);
      expect(own.json<Product[]>().every((p) => p.email === alice.email)).toBe(true);
      const upper = await t.injectAs(alice, { method: 'GET', url: `/api/products?email=${alice.email.toUpperCase()}` });
      expect(upper.statusCode).toBe(200);
      const byAdmin = await t.injectAs(admin, { method: 'GET', url });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json<Product[]>().every((p) => p.email === alice.email)).toBe(true);
    });

    it.each([
      'price[$gt]=0',
      'minPrice[$gt]=0',
      'category[$ne]=x',
      'email[$ne]=x',
      'q=a&q=b',
      'category=pets&category=kids',
      'minPrice=abc',
      'minPrice=-1',
      'maxPrice=1e20',
      'sort=cheapest',
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=5&limit=6',
      'cursor=not-a-cursor',
      'email=not-an-email',
      'unknown=1',
    ])('GET /products?%s is 400', async (query) => {
      const t = getApp();
      const res = await t.injectAs(admin, { method: 'GET', url: `/api/products?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().statusCode).toBe(400);
    });

    it('a 100 KB search string is 400', async () => {
      const t = getApp();
      const res = await t.injectAs(null, { method: 'GET', url: `/api/products?q=${'a'.repeat(100_000)}` });
      expect(res.statusCode).toBe(400);
    });

    it('a cursor made for another sort is 400', async () => {
      const t = getApp();
      const first = await t.injectAs(null, { method: 'GET', url: '/api/products?limit=1&sort=price_asc' });
      const cursor = first.headers['x-next-cursor'] as string;
      expect(cursor).toBeTruthy();
      expect((await t.injectAs(null, { method: 'GET', url: `/api/products?limit=1&sort=price_asc&cursor=${cursor}` })).statusCode).toBe(200);
      expect((await t.injectAs(null, { method: 'GET', url: `/api/products?limit=1&cursor=${cursor}` })).statusCode).toBe(400);
    });

    it('an invalid cursor, and one made for another sort, answer INVALID_CURSOR', async () => {
      const t = getApp();
      const first = await t.injectAs(null, { method: 'GET', url: '/api/products?limit=1&sort=price_desc' });
      const cursor = first.headers['x-next-cursor'] as string;
      for (const url of ['/api/products?cursor=not-a-cursor', `/api/products?limit=1&sort=newest&cursor=${cursor}`]) {
        expectError(await t.injectAs(null, { method: 'GET', url }), 400, {
          code: 'INVALID_CURSOR',
          message: 'Invalid cursor',
          details: [{ path: 'cursor', message: 'Invalid cursor' }],
        });
      }
    });

    it('identical anonymous pages asked together share one read; each reply has its own URL’s Link', async () => {
      const t = getApp();
      const list = vi.spyOn(t.services.products, 'list');
      try {
        const urls = ['/api/products?limit=2&sort=price_asc', '/api/products?sort=price_asc&limit=2', '/api/products?limit=2&sort=price_asc'];
        const replies = await Promise.all(urls.map((url) => t.injectAs(null, { method: 'GET', url })));
        expect(list).toHaveBeenCalledTimes(1);
        const cursor = replies[0]!.headers['x-next-cursor'] as string;
        expect(cursor).toBeTruthy();
        for (const [i, res] of replies.entries()) {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(res.body).toBe(replies[0]!.body);
          expect(res.headers['x-next-cursor']).toBe(cursor);
          expect(res.headers.link).toBe(`<${urls[i]}&cursor=${cursor}>; rel="next"`);
        }
        expect(replies[0]!.json<Product[]>()).toHaveLength(2);
        // The same as a page read alone.
        const alone = await t.injectAs(null, { method: 'GET', url: urls[0]! });
        expect(list).toHaveBeenCalledTimes(2);
        expect(alone.body).toBe(replies[0]!.body);
      } finally {
        list.mockRestore();
      }
    });

    it('a page asked while the same page is being read gets a read of its own: a listing posted in between is in it', async () => {
      const t = getApp();
      const service = t.services.products;
      const original = service.list.bind(service);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const firstStarted = new Promise<void>((resolve) => (started = resolve));
      const list = vi.spyOn(service, 'list').mockImplementationOnce(async (...args) => {
        started();
        await gate;
        return original(...args);
      });
      try {
        const url = '/api/products?limit=3';
        const first = t.injectAs(null, { method: 'GET', url });
        await firstStarted;
        const id = await createProduct(t, alice, { name: 'Late arrival' });
        const second = await t.injectAs(null, { method: 'GET', url });
        expect(second.json<Product[]>()[0]!._id).toBe(id);
        release();
        expect((await first).statusCode).toBe(200);
        expect(list).toHaveBeenCalledTimes(2);
      } finally {
        release();
        list.mockRestore();
      }
    });

    it('a signed-in viewer’s page is read for them: asked beside anonymous ones, it still leaves out whom they block', async () => {
      const t = getApp();
      const carol = await t.createUser({ name: 'Carol Blocker' });
      expect((await t.injectAs(carol, { method: 'PUT', url: `/api/blocks/${alice.id}` })).statusCode).toBeLessThan(300);
      const list = vi.spyOn(t.services.products, 'list');
      try {
        const url = '/api/products?limit=100';
        const [anonymous, theirs, again] = await Promise.all([
          t.injectAs(null, { method: 'GET', url }),
          t.injectAs(carol, { method: 'GET', url }),
          t.injectAs(null, { method: 'GET', url }),
        ]);
        expect(list).toHaveBeenCalledTimes(2);
        expect(anonymous.json<Product[]>().some((p) => p.email === alice.email)).toBe(true);
        expect(again.body).toBe(anonymous.body);
        expect(theirs.statusCode).toBe(200);
        expect(theirs.json<Product[]>().some((p) => p.email === alice.email)).toBe(false);
      } finally {
        list.mockRestore();
      }
    });

    it('searches are not shared: each one asked is read, and counted against its address', async () => {
      const t = getApp();
      const list = vi.spyOn(t.services.products, 'list');
      try {
        const replies = await Promise.all([1, 2].map(() => t.injectAs(null, { method: 'GET', url: '/api/products?q=lamp' })));
        expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
        expect(list).toHaveBeenCalledTimes(2);
      } finally {
        list.mockRestore();
      }
    });

    it('another seller’s list answers NOT_YOURS', async () => {
      const t = getApp();
      const res = await t.injectAs(bob, { method: 'GET', url: `/api/products?email=${encodeURIComponent(alice.email)}` });
      expectError(res, 403, { code: 'NOT_YOURS' });
    });
  });

  describe('PATCH /products/:id', () => {
    it('authorisation: anonymous 401, another user 403 (no change), owner and admin 200', async () => {
      const t = getApp();
      const id = await createProduct(t, alice, { name: 'Old radio', price: '50' });
      const url = `/api/products/${id}`;
      const before = await fetchProduct(t, id);

      expect((await t.injectAs(null, { method: 'PATCH', url, payload: productBody({ name: 'Hacked' }) })).statusCode).toBe(401);
      expect((await t.injectAs(bob, { method: 'PATCH', url, payload: productBody({ name: 'Hacked' }) })).statusCode).toBe(403);
      expect(await fetchProduct(t, id)).toEqual(before);

      const own = await t.injectAs(alice, { method: 'PATCH', url, payload: productBody({ name: 'Old radio (tested)', price: '55.5' }) });
      expect(own.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      const after = (await fetchProduct(t, id))!;
      expect(after).toMatchObject({ name: 'Old radio (tested)', priceCents: 5550, sellerEmail: alice.email, sellerId: alice.id });

      const byAdmin = await t.injectAs(admin, { method: 'PATCH', url, payload: productBody({ name: 'Radio (admin)', email: admin.email }) });
      expect(byAdmin.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      // The owner never changes, even when an admin edits and the body names someone else.
      expect(await fetchProduct(t, id)).toMatchObject({ name: 'Radio (admin)', sellerEmail: alice.email, sellerId: alice.id });
    });

    it('malformed and unknown ids are 404; a partial body is 400 with no change', async () => {
      const t = getApp();
      expect((await t.injectAs(alice, { method: 'PATCH', url: '/api/products/xyz', payload: productBody() })).statusCode).toBe(404);
      expect((await t.injectAs(alice, { method: 'PATCH', url: `/api/products/${newId()}`, payload: productBody() })).statusCode).toBe(404);
      const id = await createProduct(t, alice, { name: 'Teapot' });
      const before = await fetchProduct(t, id);
      const partial = await t.injectAs(alice, { method: 'PATCH', url: `/api/products/${id}`, payload: { name: 'Only name' } });
      expect(partial.statusCode).toBe(400);
      const badImage = await t.injectAs(alice, {
        method: 'PATCH',
        url: `/api/products/${id}`,
        payload: productBody({ image1: 'javascript:alert(1)' }),
      });
      expect(badImage.statusCode).toBe(400);
      const unstored = await t.injectAs(alice, {
        method: 'PATCH',
        url: `/api/products/${id}`,
        payload: productBody({ image1: storedImageUrl(newId(), 320) }),
      });
      expect(unstored.statusCode).toBe(400);
      expect(await fetchProduct(t, id)).toEqual(before);
    });
  });

  it('another user’s change or delete answers NOT_YOURS', async () => {
    const t = getApp();
    const url = `/api/products/${await createProduct(t, alice, { name: 'Brass bell' })}`;
    for (const res of [
      await t.injectAs(bob, { method: 'PATCH', url, payload: productBody({ name: 'Hacked' }) }),
      await t.injectAs(bob, { method: 'DELETE', url }),
    ]) {
      expectError(res, 403, { code: 'NOT_YOURS', message: 'Only the seller or an admin may change this listing' });
    }
  });

  describe('DELETE /products/:id', () => {
    it('authorisation: anonymous 401, another user 403 (still there), owner 200, then 404', async () => {
      const t = getApp();
      const id = await createProduct(t, alice, { name: 'Gramophone' });
      const url = `/api/products/${id}`;
      expect((await t.injectAs(null, { method: 'DELETE', url })).statusCode).toBe(401);
      expect((await t.injectAs(bob, { method: 'DELETE', url })).statusCode).toBe(403);
      expect(await fetchProduct(t, id)).not.toBeNull();
      expect((await t.injectAs(alice, { method: 'DELETE', url })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await fetchProduct(t, id)).toBeNull();
      expect((await t.injectAs(alice, { method: 'DELETE', url })).statusCode).toBe(404);
      expect((await t.injectAs(alice, { method: 'DELETE', url: '/api/products/..%2F..' })).statusCode).toBe(404);
    });

    // The requests leave the cart (docs/product.md#trade-lifecycle) and are kept, Declined, in the buyer's history.
    it('an admin deletes any listing, and its buy requests go with it', async () => {
      const t = getApp();
      const id = await createProduct(t, alice, { name: 'Rocking horse' });
      const buy = await t.injectAs(bob, {
        method: 'POST',
        url: '/api/buyerProduct',
        payload: { productId: id, phoneNumber: '0123456789', buyerAddress: '1 Main St' },
      });
      expect(buy.statusCode).toBe(200);
      const cartUrl = `/api/buyerProduct?buyerEmail=${encodeURIComponent(bob.email)}`;
      expect((await t.injectAs(bob, { method: 'GET', url: cartUrl })).json<BuyerProduct[]>().map((r) => r.productId)).toContain(id);
      expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/products/${id}` })).json()).toEqual({
        acknowledged: true,
        deletedCount: 1,
      });
      expect((await t.injectAs(bob, { method: 'GET', url: cartUrl })).json<BuyerProduct[]>().map((r) => r.productId)).not.toContain(id);
      const history = (await t.injectAs(bob, { method: 'GET', url: `${cartUrl}&status=closed` })).json<BuyerProduct[]>();
      expect(history.find((r) => r.productId === id)).toMatchObject({ status: 'Declined', name: 'Rocking horse' });
    });
  });
});
