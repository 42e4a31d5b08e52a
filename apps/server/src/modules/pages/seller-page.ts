// A seller's public page, /sellers/:id (docs/product.md#reviews-and-profiles): the head (title, description,
// canonical, OpenGraph, JSON-LD Person with their listings for sale as an ItemList) and a first screen painted before
// the JavaScript by the web's own components (web-render.ts: the profile's header and the first listings, as the
// route draws them); a real 404 for an unknown or banned member. The web's route renders the rest from the API.
import { ListProductsQuery, type Product, type Profile, ratingLabel } from '@olden/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { ProductsService } from '../products/service.ts';
import { toProduct } from '../products/service.ts';
import type { ReviewsService } from '../reviews/service.ts';
import { type HeadTag, pageTags, renderDocument, SITE_NAME } from './head.ts';
import { CACHE, sendNotFoundPage } from './routes.ts';
import type { WebRender } from './web-render.ts';

/** How many listings the JSON-LD ItemList names (the page itself pages through all of them). */
export const SELLER_ITEM_LIST_MAX = 24;

export const sellerUrl = (publicUrl: string, id: string) => `${publicUrl}/sellers/${encodeURIComponent(id)}`;

function describe(profile: Profile): string {
  const parts = [`${profile.name} on ${SITE_NAME}`];
  parts.push(`${profile.listings.available} listing${profile.listings.available === 1 ? '' : 's'} for sale`);
  parts.push(profile.asSeller.ratingCount > 0 ? `rated ${ratingLabel(profile.asSeller.ratingAverage, profile.asSeller.ratingCount)}` : 'new seller');
  if (profile.location) parts.push(`based in ${profile.location}`);
  return `${parts.join(', ')}.`;
}

export function sellerJsonLd(profile: Profile, listings: Product[], publicUrl: string) {
  const url = sellerUrl(publicUrl, profile._id);
  // The profile names its picture absolutely already (lib/image-urls.ts).
  const image = profile.photoURL || undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: profile.name,
    url,
    ...(image ? { image } : {}),
    ...(profile.location ? { homeLocation: { '@type': 'Place', name: profile.location } } : {}),
    owns: {
      '@type': 'ItemList',
      numberOfItems: profile.listings.available,
      itemListElement: listings.slice(0, SELLER_ITEM_LIST_MAX).map((p, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: `${publicUrl}/productDetails/${p._id}`,
        name: p.name,
      })),
    },
  };
}

export function sellerHead(profile: Profile, listings: Product[], publicUrl: string): HeadTag[] {
  // The profile names its picture absolutely already (lib/image-urls.ts).
  const image = profile.photoURL || undefined;
  return [
    ...pageTags({
      title: `${profile.name} | ${SITE_NAME}`,
      description: describe(profile),
      url: sellerUrl(publicUrl, profile._id),
      type: 'profile',
      ...(image ? { image } : {}),
    }),
    { tag: 'script', type: 'application/ld+json', json: sellerJsonLd(profile, listings, publicUrl) },
  ];
}

export function registerSellerPage(
  app: FastifyInstance,
  deps: { config: Config; products: ProductsService; reviews: ReviewsService; indexHtml: string; render: Promise<WebRender>; extraHead?: HeadTag[] },
): void {
  const { config, products, reviews, indexHtml, render, extraHead = [] } = deps;
  app.get<{ Params: { id: string } }>('/sellers/:id', { schema: { hide: true } }, async (request, reply) => {
    const profile = await reviews.profile(request.params.id);
    if (!profile) return sendNotFoundPage(reply, indexHtml, config.publicUrl);
    const page = await products.list(null, ListProductsQuery.parse({ sellerId: profile._id, limit: SELLER_ITEM_LIST_MAX }));
    // Named as the API names them (absolute): the route fetches its listings from the API, so React then renders the
    // same pictures and the browser does not load them twice.
    const listings = page.rows.map((row) => toProduct(row, config));
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', CACHE.page)
      .send(
        renderDocument(indexHtml, {
          head: [...sellerHead(profile, listings, config.publicUrl), ...extraHead],
          page: (await render).renderSellerScreen(profile, listings, config.priceFormat),
        }),
      );
  });
}
