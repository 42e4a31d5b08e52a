import { describe, expect, it } from 'vitest';
import { filtersToParams, parseFilters } from './use-filters-from-url';

describe('timeline filters in the URL', () => {
  it('round-trips valid filters', () => {
    const filters = { category: 'kids', q: 'lego', minPrice: '5', maxPrice: '50.5', sort: 'price_asc' as const };
    expect(parseFilters(filtersToParams(filters))).toEqual(filters);
  });

  it('drops malformed values instead of failing the page', () => {
    const params = new URLSearchParams('category=weapons&sort=cheapest&minPrice=-3&maxPrice=abc&q=%20%20');
    expect(parseFilters(params)).toEqual({});
  });

  it('leaves the default sort out of the URL', () => {
    expect(parseFilters(new URLSearchParams('sort=newest'))).toEqual({});
  });
});
