import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async () => {};
