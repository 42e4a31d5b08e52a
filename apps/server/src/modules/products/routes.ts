import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProductBody,
  DeletedResponse,
  IdParams,
  InsertedResponse,
  ListProductsQuery,
  ModifiedResponse,
  ProductDetailSchema,
  ProductSchema,
  UpdateProductBody,
} from '@olden/contracts';
import { sendPage } from '../../lib/pagination.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { type ProductsService, toProduct, toProductDetail } from './service.ts';

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  app.post('/products', {
    config: { auth: 'user' },
    schema: {
      tags: ['products'],
      summary: 'List a product for sale (the seller is the caller)',
      body: CreateProductBody,
      response: { 200: InsertedResponse, ...errorResponses(400, 401, 413, 429) },
    },
    handler: (request) => products.create(request.user!, request.body),
  });

  app.get('/products', {
    config: { auth: 'optional' },
    schema: {
      tags: ['products'],
      summary: 'Browse or search listings; ?email= lists one seller’s own listings (that seller or an admin)',
      description:
        'Keyset pages: the next page’s cursor comes in X-Next-Cursor and Link rel="next". With q, the default order is relevance; ' +
        'searches (a q with words) have a per-address budget (429 past it), browsing does not.',
      querystring: ListProductsQuery,
      response: { 200: z.array(ProductSchema), ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request, reply) =>
      sendPage(request, reply, await products.list(request.user, request.query, request.ip)).map(toProduct),
  });

  app.get('/products/:id', {
    config: { auth: 'public' },
    schema: {
      tags: ['products'],
      summary: 'One listing',
      params: IdParams,
      response: { 200: ProductDetailSchema, ...errorResponses(404) },
    },
    handler: async (request) => toProductDetail(await products.get(request.params.id)),
  });

  app.patch('/products/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['products'],
      summary: 'Replace a listing’s fields (its seller or an admin)',
      params: IdParams,
      body: UpdateProductBody,
      response: { 200: ModifiedResponse, ...errorResponses(400, 401, 403, 404, 413, 429) },
    },
    handler: (request) => products.update(request.user!, request.params.id, request.body),
  });

  app.delete('/products/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['products'],
      summary: 'Delete a listing and its buy requests (its seller or an admin)',
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: (request) => products.remove(request.user!, request.params.id),
  });
};
