import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BuyerRequestsService } from './service.ts';

export const buyerRequestsRoutes: FastifyPluginAsyncZod<{ buyerRequests: BuyerRequestsService }> = async () => {};
