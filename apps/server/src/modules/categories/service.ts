import type { Category, CategoryKey } from '@olden/contracts';
import type { AppContext } from '../../lib/context.ts';
import { absoluteImageUrl } from '../../lib/image-urls.ts';
import { newId } from '../../lib/ids.ts';
import { CATEGORY_DATA } from './data.ts';
import { createCategoriesRepository } from './repository.ts';

export function createCategoriesService(ctx: AppContext) {
  const repo = createCategoriesRepository(ctx.db);
  let cache: Category[] | undefined;
  return {
    async list(): Promise<Category[]> {
      // Nine rows that change only at seed time: cache them (as answered, pictures named where they are served) for the process's life.
      cache ??= (await repo.list()).map((row) => ({
        _id: row.id,
        image: absoluteImageUrl(row.image, ctx.config),
        title: row.title,
        categoryName: row.categoryName,
        category: row.category as CategoryKey,
      }));
      return cache;
    },
    /** Inserts or refreshes the 9 categories with the given images. */
    async ensure(imageFor: (key: CategoryKey) => string): Promise<void> {
      await repo.upsertMany(
        CATEGORY_DATA.map((c, position) => ({ id: newId(), ...c, image: imageFor(c.category), position })),
      );
      cache = undefined;
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
