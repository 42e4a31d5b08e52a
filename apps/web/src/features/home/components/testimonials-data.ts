export interface Testimonial {
  rating: number;
  review: string;
  authorName: string;
  authorPosition: string;
  imageUrl: string;
}

/** docs/product.md#home: four fixed sample reviews rated 4.5, 4.5, 3.8 and 5.0. */
export const TESTIMONIALS: Testimonial[] = [
  {
    rating: 4.5,
    review: 'Sold my grandmother’s writing desk within two days, and the buyer was lovely. Listing it took five minutes.',
    authorName: 'Amelia Reed',
    authorPosition: 'Furniture restorer',
    imageUrl: '/images/people/reviewer-1.svg',
  },
  {
    rating: 4.5,
    review: 'I found a 1970s film camera in perfect shape for half the shop price. The seller answered every question.',
    authorName: 'Marcus King',
    authorPosition: 'Photographer',
    imageUrl: '/images/people/reviewer-2.svg',
  },
  {
    rating: 3.8,
    review: 'Good selection of kids’ things. I would like more filters, but the timeline makes browsing easy.',
    authorName: 'Sofia Lund',
    authorPosition: 'Parent of three',
    imageUrl: '/images/people/reviewer-3.svg',
  },
  {
    rating: 5.0,
    review: 'The best place for vintage fashion. Every piece I bought was exactly as described. Highly recommended!',
    authorName: 'Jordan Diaz',
    authorPosition: 'Stylist',
    imageUrl: '/images/people/reviewer-4.svg',
  },
];

/** docs/product.md#home: autoplay every 2500 ms (Swiper's default is 3000), 2000 ms transitions, loop, keeps playing after interaction. */
export const TESTIMONIAL_CAROUSEL = { delay: 2500, speed: 2000 } as const;
