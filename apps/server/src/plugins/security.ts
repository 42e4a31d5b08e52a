// Security headers on every response; CORS only for origins listed in CORS_ORIGINS.
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_COOKIE } from '../modules/auth/service.ts';
import { imageOrigins } from '../lib/image-urls.ts';

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/** Adds names to Vary without repeating one already there (CORS sets Origin). */
function addVary(current: unknown, names: string[]): string {
  const list = String(current ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  for (const name of names) if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  return list.join(', ');
}

/**
 * Answers to a signed-in caller (the cart's phone and address, the user list, requests to a seller) must not
 * be kept by a browser or a shared cache: no-store, unless the route chose its own caching for content that
 * is the same for everyone (images, categories, built assets). API answers that are not public cache fodder
 * vary with the caller, so a shared cache that stores one never hands it to someone else.
 */
function registerPrivateCaching(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const cacheControl = reply.getHeader('cache-control') ?? reply.raw.getHeader('cache-control');
    const authenticated = Boolean(request.headers.authorization) || SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? '');
    if (authenticated && cacheControl === undefined) reply.header('Cache-Control', 'no-store');
    const isPublic = typeof cacheControl === 'string' && /^\s*public\b/i.test(cacheControl);
    if (request.url.startsWith('/api') && !isPublic) reply.header('Vary', addVary(reply.getHeader('vary'), ['Authorization', 'Cookie']));
    done(null, payload);
  });
}

/** Sets the security headers on a raw response (for answers given before any route, such as the router's own errors). */
export type SecurityHeaders = (req: IncomingMessage, res: ServerResponse, done: (error?: unknown) => void) => void;

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<SecurityHeaders> {
  // helmet's middleware is built once (docs/decisions/015). @fastify/helmet built it (parsing the CSP) on every
  // request, in two hooks; no route has helmet options of its own, so the same headers come from one callback hook.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // No inline <style> or style attribute anywhere: SweetAlert2's stylesheet is bundled as a file (lib/popups.ts),
        // and what Swiper, SweetAlert2 and React set through element.style (the CSSOM) is not governed by style-src.
        'style-src': ["'self'"],
        // Images are named absolutely (docs/decisions/008): PUBLIC_URL's or S3_PUBLIC_URL's origin, https or not.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...imageOrigins(config)],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The Google sign-in popup must be able to message its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  registerPrivateCaching(app);

  if (config.CORS_ORIGINS.length > 0) {
    const allowed = new Set(config.CORS_ORIGINS);
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return;
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      reply.header('Access-Control-Expose-Headers', 'X-Next-Cursor, Link');
      if (request.method === 'OPTIONS') {
        reply.header('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
        reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
        reply.header('Access-Control-Max-Age', '600');
        return reply.status(204).send();
      }
    });
  }
  return securityHeaders;
}
