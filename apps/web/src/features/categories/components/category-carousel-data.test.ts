import { describe, expect, it } from 'vitest';
import { CAROUSEL_CARDS, CATEGORY_BREAKPOINTS, CATEGORY_CAROUSEL, initialSlideFor } from './category-carousel-data';

describe('carousel constants (docs/product.md#home)', () => {
  it('has the eight category cards in order with their counts', () => {
    expect(CAROUSEL_CARDS.map((c) => [c.label, c.count])).toEqual([
      ['HOME AND LIVING', 5], ['EDUCATION', 3], ['VEHICLES', 6], ['MENS FASHION & GROOMING', 8],
      ['WOMENS FASHION & BEAUTY', 3], ['HOBBIES-SPORTS', 9], ['KIDS', 8], ['PETS AND ANIMAL', 4],
    ]);
  });

  it('uses the spec timings and slide counts', () => {
    expect(CATEGORY_CAROUSEL).toEqual({ speed: 500, autoplayDelay: 2000 });
    expect(CATEGORY_BREAKPOINTS[1025]).toEqual({ slidesPerView: 3, slidesPerGroup: 1 });
    expect(CATEGORY_BREAKPOINTS[769]).toEqual({ slidesPerView: 3, slidesPerGroup: 3 });
    expect(CATEGORY_BREAKPOINTS[481]).toEqual({ slidesPerView: 2, slidesPerGroup: 2 });
    expect(CATEGORY_BREAKPOINTS[0]).toEqual({ slidesPerView: 1, slidesPerGroup: 1 });
    expect([1280, 1024, 768, 600, 480].map(initialSlideFor)).toEqual([0, 0, 2, 2, 0]);
  });
});
