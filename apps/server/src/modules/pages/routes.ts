// Pages the server writes itself (outside /api, so not in the authorisation matrix): robots.txt, the sitemaps and
// the product page's HTML with the listing's head and first screen (docs/decisions/009-listing-pages.md); the first
// screens are the web's components rendered here (web-render.ts, docs/decisions/021-first-screens-from-the-components.md).
import { Readable } from 'node:stream';
import { constants as zlib, brotliCompressSync, gzipSync } from 'node:zlib';
import { ListProductsQuery, type TimelineFilters } from '@olden/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { AppError } from '../../lib/errors.ts';
import type { ProductsService } from '../products/service.ts';
import { toProduct, toProductDetail } from '../products/service.ts';
import { SESSION_COOKIE } from '../auth/service.ts';
import { defaultHead, type HeadTag, listingData, notFoundHead, pageImageUrls, productHead, renderDocument, shareImageUrl } from './head.ts';
import { firstCardPreload, firstPagePreload, firstPageQuery, timelineData, timelineFilters, type TimelinePage } from './timeline.ts';
import type { WebRender } from './web-render.ts';
import { robotsTxt, type Sitemaps } from './sitemap.ts';

export const CACHE = {
  robots: 'public, max-age=86400',
  sitemapIndex: 'public, max-age=300',
  sitemapStatic: 'public, max-age=86400',
  sitemapListings: 'public, max-age=3600',
  page: 'no-cache',
  /** A page carrying what only a signed-in person may see: never stored by any cache. */
  privatePage: 'private, no-store',
} as const;

const xml = (reply: FastifyReply, cache: string) =>
  reply.type('application/xml; charset=utf-8').header('Cache-Control', cache).header('X-Content-Type-Options', 'nosniff');

export function registerSeoRoutes(app: FastifyInstance, deps: { config: Config; sitemaps: Sitemaps }): void {
  const { config, sitemaps } = deps;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE.robots).send(robotsTxt(config.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    xml(reply, CACHE.sitemapIndex).send(await sitemaps.index()),
  );

  app.get('/sitemap-static.xml', { schema: { hide: true } }, async (_request, reply) =>
    xml(reply, CACHE.sitemapStatic).send(sitemaps.staticPages()),
  );

  app.get('/sitemap-sellers.xml', { schema: { hide: true } }, async (_request, reply) =>
    xml(reply, CACHE.sitemapListings).send(await sitemaps.sellers()),
  );

  app.get<{ Params: { n: string } }>('/sitemap-listings-:n.xml', { schema: { hide: true } }, async (request, reply) => {
    const { n } = request.params;
    const file = /^[1-9]\d{0,6}$/.test(n) ? await sitemaps.listings(Number(n)) : undefined;
    if (!file) return reply.callNotFound();
    return xml(reply, CACHE.sitemapListings).send(Readable.from(file));
  });
}

/** The not-found page with a real 404: the app shell, whose router shows its not-found route at this URL. */
export function sendNotFoundPage(reply: FastifyReply, indexHtml: string, publicUrl: string) {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', CACHE.page)
    .send(renderDocument(indexHtml, { head: notFoundHead(publicUrl) }));
}

export function registerProductPage(
  app: FastifyInstance,
  deps: {
    config: Config;
    products: ProductsService;
    indexHtml: string;
    render: Promise<WebRender>;
    extraHead?: HeadTag[];
    /** Someone opened the page (the reach module counts views); never awaited. */
    onView?: (listing: { id: string; sellerId: string }, request: FastifyRequest) => void;
  },
): void {
  const { config, products, indexHtml, render, extraHead = [], onView } = deps;
  app.get<{ Params: { id: string } }>('/productDetails/:id', { schema: { hide: true } }, async (request, reply) => {
    let row;
    try {
      // Hidden and removed listings: the not-found page (the web app asks the API again with the viewer's token).
      row = await products.getFor(async () => null, request.params.id);
      onView?.(row, request);
    } catch (error) {
      // Unknown, deleted or malformed: the same real 404 (sold listings still answer, as SoldOut).
      if (error instanceof AppError && error.statusCode === 404) return sendNotFoundPage(reply, indexHtml, config.publicUrl);
      throw error;
    }
    // The listing as the API answers it, its images named as the page names them (its own origin, or S3_PUBLIC_URL).
    const listing = toProductDetail(row, pageImageUrls(config));
    const page = { listing, shareImage: shareImageUrl(row.image1, config) };
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', CACHE.page)
      .send(
        renderDocument(indexHtml, {
          head: [...productHead(page, config.publicUrl, config.priceFormat), ...extraHead],
          page: (await render).renderProductScreen(listing, config.priceFormat),
          body: listingData(listing),
        }),
      );
  });
}

/**
 * The session check the web makes first on a guarded page (features/auth/api/get-session.ts: a plain GET, cookie
 * only), started with the HTML instead of after the JavaScript: one round trip fewer before the page can render.
 */
export const SESSION_PRELOAD: HeadTag = { tag: 'link', attrs: { rel: 'preload', as: 'fetch', href: '/api/auth/session', crossorigin: 'anonymous' } };

/**
 * `GET /timeline` (docs/decisions/021-first-screens-from-the-components.md): for a live session, the page with its first screen
 * painted and its first page of listings as JSON (`private, no-store`); for anyone else, the plain shell, which
 * sends them to /login. A failing read (a search over its budget, the database away) also falls back to the shell.
 */
export function registerTimelinePage(
  app: FastifyInstance,
  deps: {
    config: Config;
    products: ProductsService;
    indexHtml: string;
    render: Promise<WebRender>;
    extraHead?: HeadTag[];
    /** The user of the live session the cookie names, if any (the auth service's sessionUser). */
    sessionUser: (cookieValue: string | undefined) => Promise<AuthUser | undefined>;
  },
): void {
  const { config, products, indexHtml, render, extraHead = [], sessionUser } = deps;
  const shellHead = (filters: TimelineFilters): HeadTag[] => [...defaultHead(config.publicUrl, '/timeline'), SESSION_PRELOAD, firstPagePreload(filters), ...extraHead];
  const listingUrls = pageImageUrls(config);
  app.get('/timeline', { schema: { hide: true } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Vary', 'Cookie');
    const filters = timelineFilters(request.query as Record<string, unknown>);
    const head = shellHead(filters);
    let page: TimelinePage | undefined;
    try {
      const viewer = await sessionUser(request.cookies?.[SESSION_COOKIE]);
      if (viewer) {
        // The viewer's own first page: their blocks leave sellers out (docs/product.md#blocking), as their API calls do.
        const found = await products.list(viewer, ListProductsQuery.parse(firstPageQuery(filters)), request.ip);
        page = { filters, items: found.rows.map((row) => toProduct(row, listingUrls)), ...(found.nextCursor !== undefined ? { nextCursor: found.nextCursor } : {}) };
      }
    } catch (error) {
      request.log.warn({ err: error }, 'timeline page: served without its first page');
      page = undefined;
    }
    if (!page) return reply.header('Cache-Control', CACHE.page).send(renderDocument(indexHtml, { head }));
    const html = renderDocument(indexHtml, {
      head: [...head, ...firstCardPreload(page)],
      page: (await render).renderTimelineScreen(page, config.priceFormat),
      body: timelineData(page),
    });
    reply.header('Cache-Control', CACHE.privatePage);
    return sendCompressed(reply, request.headers['accept-encoding'], html);
  });
}

/** The encoding to answer HTML in: brotli, else gzip, when the browser takes it (a `q=0` refuses), else none. */
export function htmlEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = [acceptEncoding ?? ''].flat().join(',').toLowerCase();
  const takes = (name: string) => new RegExp(`(?:^|[\\s,])${name}(?![\\w-])(?!\\s*;\\s*q=0(?:\\.0*)?(?:[\\s,]|$))`).test(accepted);
  if (takes('br')) return 'br';
  return takes('gzip') ? 'gzip' : 'identity';
}

/** HTML compressed as the static files are: `fast` per request, `best` once for HTML that is kept and sent again. */
export function compressHtml(html: string, encoding: 'br' | 'gzip', effort: 'fast' | 'best'): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: effort === 'fast' ? 5 : 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } });
  }
  return gzipSync(html, { level: effort === 'fast' ? 6 : 9 });
}

/**
 * HTML written per request (the timeline's is about 40 kB with its first page), compressed as the static files are:
 * brotli or gzip when the browser takes them, as is otherwise. A few milliseconds at these sizes.
 */
export function sendCompressed(reply: FastifyReply, acceptEncoding: string | string[] | undefined, html: string) {
  const encoding = htmlEncoding(acceptEncoding);
  reply.header('Vary', 'Cookie, Accept-Encoding');
  if (encoding === 'identity') return reply.send(html);
  return reply.header('Content-Encoding', encoding).send(compressHtml(html, encoding, 'fast'));
}
