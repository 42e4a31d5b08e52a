import { CATEGORY_KEYS, CategorySchema } from '@olden/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { CATEGORY_DATA } from './data.ts';

const getApp = useTestApp();

describe('GET /api/category', () => {
  it('returns the 9 categories in display order, each with image, title, categoryName and category', async () => {
    const t = getApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(res.statusCode).toBe(200);
    const list = res.json<unknown[]>();
    expect(list).toHaveLength(9);
    const categories = list.map((c) => CategorySchema.parse(c));
    expect(categories.map((c) => c.category)).toEqual(CATEGORY_DATA.map((c) => c.category));
    expect(new Set(categories.map((c) => c.category))).toEqual(new Set(CATEGORY_KEYS));
    for (const c of categories) {
      expect(c._id).toMatch(/^[a-f0-9]{32}$/);
      expect(c.image.length).toBeGreaterThan(0);
      expect(c.title.length).toBeGreaterThan(0);
      expect(c.categoryName.length).toBeGreaterThan(0);
    }
    expect(categories.find((c) => c.category === 'homeAndLiving')?.categoryName).toBe('Home and Living');
  });

  it('is public and cacheable, and ignores a token', async () => {
    const t = getApp();
    const user = await t.createUser();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=300');
    const signedIn = await t.injectAs(user, { method: 'GET', url: '/api/category' });
    expect(signedIn.json()).toEqual(anonymous.json());
  });

  it('re-seeding refreshes images without duplicating categories', async () => {
    const t = getApp();
    await t.services.categories.ensure((key) => `https://img.test.example/${key}.webp`);
    const list = (await t.app.inject({ method: 'GET', url: '/api/category' })).json<{ image: string; category: string }[]>();
    expect(list).toHaveLength(9);
    expect(list[0]!.image).toBe('https://img.test.example/homeAndLiving.webp');
  });
});
