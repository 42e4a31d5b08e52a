import type { CategoryKey } from '@olden/contracts';

/** The 9 categories, in display order. */
export const CATEGORY_DATA: { category: CategoryKey; categoryName: string; title: string }[] = [
  { category: 'homeAndLiving', categoryName: 'Home and Living', title: 'Furniture, lamps and tableware with a story' },
  { category: 'electronics', categoryName: 'Electronics', title: 'Radios, cameras and record players that still sing' },
  { category: 'hobbiesSports', categoryName: 'Hobbies & Sports', title: 'Bikes, rackets, instruments and games' },
  { category: 'vehicles', categoryName: 'Vehicles', title: 'Classic cars, scooters and spare parts' },
  { category: 'mensFashion', categoryName: "Men's Fashion & Grooming", title: 'Watches, jackets and barber classics' },
  { category: 'womensFashion', categoryName: "Women's Fashion & Beauty", title: 'Vintage dresses, bags and jewellery' },
  { category: 'kids', categoryName: 'Kids', title: 'Toys, books and prams, loved before' },
  { category: 'education', categoryName: 'Education', title: 'Books, globes and study desks' },
  { category: 'pets', categoryName: 'Pets and Animal', title: 'Cages, beds and accessories for pets' },
];
