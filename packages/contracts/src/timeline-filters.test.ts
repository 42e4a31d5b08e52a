import { describe, expect, it } from 'vitest';
import { LISTING_ORDERS, listingOrder, parseTimelineFilters, PRODUCT_SORTS } from './timeline-filters.ts';

describe('listing orders', () => {
  it('a search in the default order is in relevance order; a price sort stays; relevance is never asked for by name', () => {
    expect(listingOrder('newest', true)).toBe('relevance');
    expect(listingOrder('price_asc', true)).toBe('price_asc');
    expect(listingOrder('price_desc', true)).toBe('price_desc');
    expect(listingOrder('distance', true)).toBe('distance');
    for (const sort of PRODUCT_SORTS) expect(listingOrder(sort, false)).toBe(sort);
    expect(LISTING_ORDERS).toEqual([...PRODUCT_SORTS, 'relevance']);
    expect(PRODUCT_SORTS as readonly string[]).not.toContain('relevance');
  });
});

describe('near me in the URL', () => {
  const parse = (query: string) => {
    const params = new URLSearchParams(query);
    return parseTimelineFilters((key) => params.get(key) ?? undefined);
  };

  it('keeps a place id, a radius in 5..500 other than the default, and the distance sort only with a place', () => {
    expect(parse('near=2633352&radiusKm=50&sort=distance')).toEqual({ near: '2633352', radiusKm: '50', sort: 'distance' });
    expect(parse('near=2633352&radiusKm=25')).toEqual({ near: '2633352' });
    expect(parse('near=2633352&radiusKm=050')).toEqual({ near: '2633352', radiusKm: '50' });
    expect(parse('radiusKm=50&sort=distance')).toEqual({});
    expect(parse('near=0&radiusKm=50')).toEqual({});
  });

  it('ignores malformed places and radii, so a shared link never errors', () => {
    for (const query of ['near=abc', 'near=-1', 'near=1.5', 'near=99999999999', 'near=2633352&radiusKm=4', 'near=2633352&radiusKm=501', 'near=2633352&radiusKm=2.5']) {
      const { near, radiusKm } = parse(query);
      expect(radiusKm, query).toBeUndefined();
      if (!query.startsWith('near=2633352')) expect(near, query).toBeUndefined();
    }
  });
});
