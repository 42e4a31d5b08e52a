// Serves the built web app on the API's port: hashed assets cached forever, SPA fallback for client routes, the
// product pages' HTML with their heads, robots.txt and the sitemaps (docs/decisions/009-listing-pages.md).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { priceFormatMeta, type PriceFormat } from '@olden/contracts/constants';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { defaultHead, type HeadTag, renderDocument } from '../modules/pages/head.ts';
import { loadWebRender } from '../modules/pages/web-render.ts';
import { compressHtml, htmlEncoding, registerProductPage, registerSeoRoutes, registerTimelinePage, sendNotFoundPage } from '../modules/pages/routes.ts';
import { createSitemaps, type SitemapOptions, STATIC_PAGES } from '../modules/pages/sitemap.ts';
import type { ProductsService } from '../modules/products/service.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import type { ReviewsService } from '../modules/reviews/service.ts';
import { registerSellerPage } from '../modules/pages/seller-page.ts';
import { errorBody } from '../lib/error-responses.ts';

/**
 * A path with a segment starting with a dot (/.env, /.vite/manifest.json, /assets/.x), decoded first so
 * /%2eenv is one too. The build manifest lists every source module, and a dotfile is never part of the app.
 */
export function isDotPath(url: string): boolean {
  let pathname = url.split('?')[0]!;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Undecodable: judged as written.
  }
  return pathname.split(/[/\\]/).some((segment) => segment.startsWith('.'));
}

/** /api, /api/... and its encoded or backslashed spellings (/api%2F..., /api\\...): never a file or a page. */
const isApiPath = (url: string) => /^\/api(?:$|[/\\?#]|%2f|%5c)/i.test(url);

/** The lazy route modules of the pages the server writes a head for (apps/web/src/app/router.tsx). */
const ROUTE_MODULES: Record<string, string> = {
  '/timeline': 'src/app/routes/timeline.tsx',
  '/productDetails/:id': 'src/app/routes/product-details.tsx',
  '/sellers/:id': 'src/app/routes/seller-profile.tsx',
};

/**
 * `<link rel="modulepreload">` for a lazy route's chunk and the chunks it imports (from the build manifest) that
 * index.html does not already preload: they load alongside the entry instead of after it has run.
 */
export function routePreloads(manifest: Record<string, { file: string; imports?: string[] }>, source: string, indexHtml: string): HeadTag[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  visit(source);
  return [...seen]
    .map((key) => manifest[key]!.file)
    .filter((file) => /^assets\/[\w.-]+\.js$/.test(file) && !indexHtml.includes(`/${file}"`))
    .map((file): HeadTag => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` } }));
}

async function readManifest(distDir: string): Promise<Record<string, { file: string; imports?: string[] }>> {
  try {
    return JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return {};
  }
}

export interface WebDeps {
  config: Config;
  db: Db;
  products: ProductsService;
  /** Sellers' public pages (/sellers/:id); without it they are plain client routes. */
  reviews?: ReviewsService;
  sitemap?: SitemapOptions;
  /** The user of the live session a cookie names, if any: /timeline then carries their first page (modules/pages/timeline.ts). */
  sessionUser?: (cookieValue: string | undefined) => Promise<AuthUser | undefined>;
  /** Someone opened a listing's server-rendered page (the reach module counts views). */
  onProductView?: (listing: { id: string; sellerId: string }, request: FastifyRequest) => void;
}

/** A path under /productDetails the product route did not take (/productDetails/a/b, an over-long id): a 404 too. */
const isProductPath = (url: string) =>
  url === '/productDetails' || url.startsWith('/productDetails/') || url === '/sellers' || url.startsWith('/sellers/');

/** The built index.html with the price format's <meta> before </head>, outside the block each page replaces. */
export function withPriceFormat(indexHtml: string, format: PriceFormat): string {
  return indexHtml.includes('</head>') ? indexHtml.replace('</head>', () => `  ${priceFormatMeta(format)}\n  </head>`) : indexHtml;
}

export async function registerWeb(app: FastifyInstance, distDir: string | undefined, deps: WebDeps): Promise<void> {
  const { config } = deps;
  registerSeoRoutes(app, { config, sitemaps: createSitemaps({ config, db: deps.db }, deps.sitemap) });
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWeb = Boolean(indexFile && existsSync(indexFile));
  if (hasWeb) {
    // The files' wildcard route takes every GET the API did not: an unmatched /api path is the API's JSON 404,
    // whatever it spells (the static server would judge a backslash or an alias a forbidden path, 403).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.url !== '/*' || !isApiPath(request.url)) return done();
      void reply.status(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
    });
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: true,
      // `/` has its own route below, which fills in its canonical URL.
      index: false,
      preCompressed: true,
      // Never serve dotfiles or dot-folders, however the path is spelled: they answer like any unknown file.
      dotfiles: 'ignore',
      allowedPath: (pathname) => !isDotPath(pathname),
      setHeaders(reply, filePath) {
        reply.header('X-Content-Type-Options', 'nosniff');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  // Every page names the price format (CURRENCY, LOCALE) in its head, where the web reads it (lib/format.ts).
  const indexHtml = hasWeb ? withPriceFormat(await readFile(indexFile!, 'utf8'), config.priceFormat) : undefined;
  const manifest = hasWeb ? await readManifest(distDir!) : {};
  const preloadsFor = (route: string) => (indexHtml && ROUTE_MODULES[route] ? routePreloads(manifest, ROUTE_MODULES[route], indexHtml) : []);
  // The web's components, which paint the product page's, the seller page's and the timeline's first screens: loaded beside the start-up
  // (React's server renderer takes a few hundred milliseconds to import), awaited by the first page that needs them.
  const render = indexHtml ? loadWebRender() : undefined;
  render?.catch((error: unknown) => app.log.error({ err: error }, 'the web renderer did not load: painted pages answer 500'));
  if (indexHtml && render) registerProductPage(app, {
      config,
      products: deps.products,
      indexHtml,
      render,
      extraHead: preloadsFor('/productDetails/:id'),
      onView: deps.onProductView,
    });
  if (indexHtml && render && deps.reviews) {
    registerSellerPage(app, { config, products: deps.products, reviews: deps.reviews, indexHtml, render, extraHead: preloadsFor('/sellers/:id') });
  }
  if (indexHtml && render && deps.sessionUser && indexHtml.includes('<!--head-->')) {
    registerTimelinePage(app, { config, products: deps.products, indexHtml, render, extraHead: preloadsFor('/timeline'), sessionUser: deps.sessionUser });
  }

  /** The shell with the default head; the public pages name their canonical URL. Only a built shell (with its head markers) is filled in. */
  // Home's first screen (the hero), painted before the JavaScript: the build ships it (apps/web/vite.config.ts).
  const homeFile = distDir ? path.join(distDir, '.shells', 'home.html') : undefined;
  const homeScreen = homeFile && existsSync(homeFile) ? (await readFile(homeFile, 'utf8')).trim() : undefined;
  // One shell per static page plus one for every other client route, each compressed once per encoding on first use.
  const shells = new Map<string, { html: string; br?: Buffer; gzip?: Buffer }>();
  const shellFor = (url: string) => {
    const key = STATIC_PAGES.includes(url) ? url : '';
    let shell = shells.get(key);
    if (shell === undefined) {
      const html = indexHtml!.includes('<!--head-->')
        ? renderDocument(indexHtml!, {
            head: [...defaultHead(config.publicUrl, key || undefined), ...preloadsFor(key)],
            ...(key === '/' && homeScreen ? { page: `<main id="main" class="min-h-screen flex-1 pt-16">${homeScreen}</main>` } : {}),
          })
        : indexHtml!;
      shell = { html };
      shells.set(key, shell);
    }
    return shell;
  };
  /** A client route's shell: brotli or gzip when taken (as the precompressed static files), revalidated each time. */
  const sendShell = (request: FastifyRequest, reply: FastifyReply, url: string) => {
    const shell = shellFor(url);
    const encoding = htmlEncoding(request.headers['accept-encoding']);
    reply.type('text/html').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    if (encoding === 'identity') return reply.send(shell.html);
    shell[encoding] ??= compressHtml(shell.html, encoding, 'best');
    return reply.header('Content-Encoding', encoding).send(shell[encoding]);
  };

  if (indexHtml) {
    app.get('/', { schema: { hide: true } }, async (request, reply) => sendShell(request, reply, '/'));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url);
    if (!url.startsWith('/api') && indexHtml && isPageRequest && !isDotPath(url)) {
      if (isProductPath(url)) return sendNotFoundPage(reply, indexHtml, config.publicUrl);
      return sendShell(request, reply, url);
    }
    return reply.status(404).send(errorBody(404, `Route ${request.method} ${url} not found`));
  });
}
