import { CATEGORY_LABELS, type CategoryKey } from '@olden/contracts';

/** The 9 categories, in display order; their names are the contracts' labels (one home for what a person reads). */
export const CATEGORY_DATA: { category: CategoryKey; categoryName: string; title: string }[] = [
  { category: 'homeAndLiving', categoryName: CATEGORY_LABELS.homeAndLiving, title: 'Furniture, lamps and tableware with a story' },
  { category: 'electronics', categoryName: CATEGORY_LABELS.electronics, title: 'Radios, cameras and record players that still sing' },
  { category: 'hobbiesSports', categoryName: CATEGORY_LABELS.hobbiesSports, title: 'Bikes, rackets, instruments and games' },
  { category: 'vehicles', categoryName: CATEGORY_LABELS.vehicles, title: 'Classic cars, scooters and spare parts' },
  { category: 'mensFashion', categoryName: CATEGORY_LABELS.mensFashion, title: 'Watches, jackets and barber classics' },
  { category: 'womensFashion', categoryName: CATEGORY_LABELS.womensFashion, title: 'Vintage dresses, bags and jewellery' },
  { category: 'kids', categoryName: CATEGORY_LABELS.kids, title: 'Toys, books and prams, loved before' },
  { category: 'education', categoryName: CATEGORY_LABELS.education, title: 'Books, globes and study desks' },
  { category: 'pets', categoryName: CATEGORY_LABELS.pets, title: 'Cages, beds and accessories for pets' },
];
