/** docs/product.md#home: the eight category carousel cards, in order, with their N values. */
export const CAROUSEL_CARDS = [
  { label: 'HOME AND LIVING', count: 5, image: '/images/carousel/home-and-living.svg' },
  { label: 'EDUCATION', count: 3, image: '/images/carousel/education.svg' },
  { label: 'VEHICLES', count: 6, image: '/images/carousel/vehicles.svg' },
  { label: 'MENS FASHION & GROOMING', count: 8, image: '/images/carousel/mens-fashion.svg' },
  { label: 'WOMENS FASHION & BEAUTY', count: 3, image: '/images/carousel/womens-fashion.svg' },
  { label: 'HOBBIES-SPORTS', count: 9, image: '/images/carousel/hobbies-sports.svg' },
  { label: 'KIDS', count: 8, image: '/images/carousel/kids.svg' },
  { label: 'PETS AND ANIMAL', count: 4, image: '/images/carousel/pets-and-animal.svg' },
] as const;

/** Timings (docs/product.md#home): speed 500 ms, autoplay every 2000 ms. */
export const CATEGORY_CAROUSEL = { speed: 500, autoplayDelay: 2000 } as const;

/**
 * Breakpoints (docs/product.md#home) are max-widths (3 slides scrolling 1 by default; 3 scrolling 3 at <=1024; 2 scrolling 2
 * starting at slide 2 at <=768; 1 at <=480). Swiper's are min-widths, so the same table read upwards.
 */
export const CATEGORY_BREAKPOINTS = {
  0: { slidesPerView: 1, slidesPerGroup: 1 },
  481: { slidesPerView: 2, slidesPerGroup: 2 },
  769: { slidesPerView: 3, slidesPerGroup: 3 },
  1025: { slidesPerView: 3, slidesPerGroup: 1 },
} as const;

export function initialSlideFor(width: number): number {
  return width > 480 && width <= 768 ? 2 : 0;
}
