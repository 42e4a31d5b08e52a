import { describe, expect, it } from 'vitest';
import { TESTIMONIAL_CAROUSEL, TESTIMONIALS } from './testimonials-data';

describe('testimonial constants (docs/product.md#home)', () => {
  it('has four testimonials with the spec ratings and timings', () => {
    expect(TESTIMONIALS.map((t) => t.rating)).toEqual([4.5, 4.5, 3.8, 5.0]);
    expect(TESTIMONIAL_CAROUSEL).toEqual({ delay: 2500, speed: 2000 });
  });
});
