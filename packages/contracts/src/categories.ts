import { z } from 'zod';
import { CATEGORY_KEYS } from './category-keys.ts';

export * from './category-keys.ts';

export const CategorySchema = z.object({
  _id: z.string(),
  image: z.string(),
  title: z.string(),
  categoryName: z.string(),
  category: z.enum(CATEGORY_KEYS),
});
export type Category = z.infer<typeof CategorySchema>;
