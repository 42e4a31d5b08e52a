import { describe, expect, it } from 'vitest';
import { LISTING_ORDERS, listingOrder, PRODUCT_SORTS } from './timeline-filters.ts';

describe('listing orders', () => {
  it('a search in the default order is in relevance order; a price sort stays; relevance is never asked for by name', () => {
    expect(listingOrder('newest', true)).toBe('relevance');
    expect(listingOrder('price_asc', true)).toBe('price_asc');
    expect(listingOrder('price_desc', true)).toBe('price_desc');
    for (const sort of PRODUCT_SORTS) expect(listingOrder(sort, false)).toBe(sort);
    expect(LISTING_ORDERS).toEqual([...PRODUCT_SORTS, 'relevance']);
    expect(PRODUCT_SORTS as readonly string[]).not.toContain('relevance');
  });
});
