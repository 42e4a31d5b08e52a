import type { FastifyReply, FastifyRequest } from 'fastify';
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
import type { AuthUser } from '../../lib/auth-user.ts';
import { sendPage, setNextPageHeaders } from '../../lib/pagination.ts';
import { sharedReads } from '../../lib/shared-reads.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ImageUrlConfig } from '../../lib/image-urls.ts';
import { type ProductsService, toProduct, toProductDetail } from './service.ts';

/** What fastify itself sets on a reply it serialized as JSON. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Someone opened a listing's page (the reach module counts views); never awaited, never fails the reply. */
export type OnListingViewed = (listing: { id: string; sellerId: string }, request: FastifyRequest) => void;

/**
 * Who sends an Authorization header, leniently: null for none or an invalid one. Asked only for a hidden or removed
 * listing, whose seller and admins still see it, so a public route's answer for any other listing is unchanged.
 */
export type ViewerOf = (authorization: string | undefined) => Promise<AuthUser | null>;

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService; urls: ImageUrlConfig; onView?: OnListingViewed; viewerOf?: ViewerOf }> = async (
  app,
  { products, urls, onView, viewerOf },
) => {
  const sharedBrowsePages = sharedReads<{ nextCursor: string | undefined; body: ReturnType<FastifyReply['serialize']> }>();
  const viewer = (request: FastifyRequest) => async () => (viewerOf ? viewerOf(request.headers.authorization) : null);
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
    handler: async (request, reply) => {
      const query = request.query;
      // Browsing with no viewer answers the same to everyone: identical requests of one turn share the read and its
      // serialized reply (docs/decisions/037). A viewer's page leaves out the sellers they block, and a search
      // counts against the caller's address, so those are read for each request.
      if (!request.user && query.q === undefined && query.email === undefined) {
        const page = await sharedBrowsePages(JSON.stringify(query), async () => {
          const listed = await products.list(null, query, request.ip);
          return { nextCursor: listed.nextCursor, body: reply.serialize(listed.rows.map((row) => toProduct(row, urls))) };
        });
        setNextPageHeaders(request, reply, page.nextCursor);
        // The route's own serializer wrote the body (a string, or its UTF-8 bytes from BUFFER_FROM_LENGTH): sent as it is.
        return (reply as FastifyReply).type(JSON_CONTENT_TYPE).send(page.body);
      }
      return sendPage(request, reply, await products.list(request.user, query, request.ip)).map((row) => toProduct(row, urls));
    },
  });

  app.get('/products/:id', {
    // Public, as the spec has it (a stale token changes nothing); the view counter reads a token itself, after the reply.
    config: { auth: 'public' },
    schema: {
      tags: ['products'],
      summary: 'One listing',
      description:
        'A hidden or removed listing (status hidden or removed) answers 404 to everyone but its seller and admins (with their bearer token). ' +
        'offerFloor (null: half the price) is only in the seller’s own read, with their bearer token.',
      params: IdParams,
      response: { 200: ProductDetailSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const row = await products.getFor(viewer(request), request.params.id);
      onView?.(row, request);
      const detail = toProductDetail(row, urls);
      // The floor is the seller's secret (docs/product.md#offers): asked of the token only when one is sent.
      if (request.headers.authorization && (await viewer(request)())?.id === row.sellerId) {
        detail.offerFloor = row.offerFloorCents === null ? null : row.offerFloorCents / 100;
      }
      return detail;
    },
  });

  app.get('/products/:id/similar', {
    config: { auth: 'public' },
    schema: {
      tags: ['products'],
      summary: 'Up to 8 available listings like this one: its category first, sharing words of its name',
      params: IdParams,
      response: { 200: z.array(ProductSchema), ...errorResponses(404) },
    },
    handler: async (request) => (await products.similar(request.params.id, viewer(request))).map((row) => toProduct(row, urls)),
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
