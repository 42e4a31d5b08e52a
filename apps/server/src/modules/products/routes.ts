import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductsService } from './service.ts';

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async () => {};
