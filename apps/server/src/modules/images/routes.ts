import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImagesService } from './service.ts';

export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async () => {};
