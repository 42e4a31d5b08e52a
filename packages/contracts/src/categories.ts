import { z } from 'zod';

export const CATEGORY_KEYS = [
  'homeAndLiving',
  'electronics',
  'hobbiesSports',
  'vehicles',
  'mensFashion',
  'womensFashion',
  'kids',
  'education',
  'pets',
] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/** Case-insensitive lookup: /productsCategory/HOMEANDLIVING finds homeAndLiving. */
export function findCategoryKey(value: string): CategoryKey | undefined {
  const lower = value.toLowerCase();
  return CATEGORY_KEYS.find((k) => k.toLowerCase() === lower);
}

export const CategorySchema = z.object({
  _id: z.string(),
  image: z.string(),
  title: z.string(),
  categoryName: z.string(),
  category: z.enum(CATEGORY_KEYS),
});
export type Category = z.infer<typeof CategorySchema>;
