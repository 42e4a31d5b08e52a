import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategorySchema } from '@olden/contracts';
import type { CategoriesService } from './service.ts';

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  app.get('/category', {
    config: { auth: 'public' },
    schema: { tags: ['categories'], summary: 'The 9 categories', response: { 200: z.array(CategorySchema) } },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return categories.list();
    },
  });
};
