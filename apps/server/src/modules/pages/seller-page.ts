// A seller's public page, /sellers/:id (docs/product.md#reviews-and-profiles): the head (title, description,
// canonical, OpenGraph, JSON-LD Person with their listings for sale as an ItemList) and a first screen painted before
// the JavaScript (name, rating, member since); a real 404 for an unknown or banned member. The web's route renders
// the rest from the API (profile, listings, reviews).
import { ListProductsQuery, type Product, type Profile, ratingLabel } from '@olden/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { ProductsService } from '../products/service.ts';
import { toProduct } from '../products/service.ts';
import type { ReviewsService } from '../reviews/service.ts';
import { absoluteImageUrl, escapeHtml, headTags, jsonForScript, renderDocument, SITE_NAME } from './head.ts';
import { CACHE, sendNotFoundPage } from './routes.ts';

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
  const image = profile.photoURL ? absoluteImageUrl(profile.photoURL, publicUrl) : undefined;
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

export function sellerHead(profile: Profile, listings: Product[], publicUrl: string): string {
  const image = profile.photoURL ? absoluteImageUrl(profile.photoURL, publicUrl) : undefined;
  const tags = headTags({
    title: `${profile.name} | ${SITE_NAME}`,
    description: describe(profile),
    url: sellerUrl(publicUrl, profile._id),
    type: 'profile',
    ...(image ? { image } : {}),
  });
  tags.push(`<script type="application/ld+json">${jsonForScript(sellerJsonLd(profile, listings, publicUrl))}</script>`);
  return tags.join('\n    ');
}

/** The first screen: the profile's header as the React page draws it (features/reviews/components/profile-header.tsx). */
export function sellerMarkup(profile: Profile): string {
  const since = new Date(profile.memberSince).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return [
    '<main id="main" class="min-h-screen flex-1 pt-16"><section class="mx-auto max-w-7xl px-4 py-10">',
    `<header class="mb-6"><h1 class="font-serif text-3xl font-bold">${escapeHtml(profile.name)}</h1>`,
    `<p class="mt-1 text-base-content/70">${escapeHtml(ratingLabel(profile.asSeller.ratingAverage, profile.asSeller.ratingCount))} · Member since ${escapeHtml(since)}</p>`,
    '</header></section></main>',
  ].join('');
}

export function registerSellerPage(
  app: FastifyInstance,
  deps: { config: Config; products: ProductsService; reviews: ReviewsService; indexHtml: string; extraHead?: string },
): void {
  const { config, products, reviews, indexHtml, extraHead } = deps;
  app.get<{ Params: { id: string } }>('/sellers/:id', { schema: { hide: true } }, async (request, reply) => {
    const profile = await reviews.profile(request.params.id);
    if (!profile) return sendNotFoundPage(reply, indexHtml, config.publicUrl);
    const page = await products.list(null, ListProductsQuery.parse({ sellerId: profile._id, limit: SELLER_ITEM_LIST_MAX }));
    const listings = page.rows.map(toProduct);
    const head = sellerHead(profile, listings, config.publicUrl);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', CACHE.page)
      .send(renderDocument(indexHtml, { head: extraHead ? `${head}\n    ${extraHead}` : head, page: sellerMarkup(profile) }));
  });
}
