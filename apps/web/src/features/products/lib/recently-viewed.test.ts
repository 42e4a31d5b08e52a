import type { Product } from '@olden/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_KEY, RECENTLY_VIEWED_MAX, recentlyViewed, rememberViewed } from './recently-viewed';

const product = (n: number) => ({ _id: `id${n}`, name: `Lamp ${n}`, price: n, image1: `https://img/${n}.jpg`, category: 'homeAndLiving' }) as Product;

describe('recently viewed', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the last 12 opened, newest first, each once', () => {
    for (let n = 1; n <= 14; n++) rememberViewed(product(n));
    rememberViewed(product(10));
    const ids = recentlyViewed().map((v) => v._id);
    expect(ids).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(ids[0]).toBe('id10');
    expect(ids.filter((id) => id === 'id10')).toHaveLength(1);
    expect(ids).not.toContain('id1');
    expect(ids).not.toContain('id2');
  });

  it('ignores what it cannot read (tampered storage) instead of failing the page', () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, '{not json');
    expect(recentlyViewed()).toEqual([]);
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([{ _id: 1 }, product(3), 'x']));
    expect(recentlyViewed().map((v) => v._id)).toEqual(['id3']);
  });
});
