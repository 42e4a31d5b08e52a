// Absolute image URLs (issue 16): the database keeps `/api/images/<file>`; every reply names the image at
// S3_PUBLIC_URL or PUBLIC_URL, built when answering, so a changed address never breaks a stored listing.
// What a client posts back (its own absolute URL of one of our images) is stored in the short form again.
import type { FastifyInstance } from 'fastify';
import { parseStoredImageFile, STORED_IMAGE_PREFIX, storedImageId } from '@olden/contracts';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';

export type ImageUrlConfig = Pick<Config, 'publicUrl' | 'S3_PUBLIC_URL'>;

/** Reply fields that may name a stored image (products, buy requests, users, categories, uploads and their variants). */
const REPLY_IMAGE_KEYS = new Set(['image', 'image1', 'image2', 'image3', 'image4', 'photoURL', 'display_url', 'url']);
/** Body fields a client sends image URLs in (listings, profiles). */
const BODY_IMAGE_KEYS = ['image1', 'image2', 'image3', 'image4', 'photoURL'] as const;
/** Replies are a few levels deep (page -> item -> product); nothing of ours nests further. */
const MAX_DEPTH = 6;

/** Where the files are published: the CDN / public bucket when set, else this API's image route. */
export function imageBaseUrl(config: ImageUrlConfig): string {
  return config.S3_PUBLIC_URL ? `${config.S3_PUBLIC_URL}/` : `${config.publicUrl}${STORED_IMAGE_PREFIX}`;
}

/** The origins image URLs point to, for the CSP's img-src. */
export function imageOrigins(config: ImageUrlConfig): string[] {
  return [...new Set([config.publicUrl, config.S3_PUBLIC_URL].filter((u): u is string => !!u).map((u) => new URL(u).origin))];
}

/** A stored image's absolute URL; any other value (an external https URL) as it is. */
export function absoluteImageUrl(value: string, config: ImageUrlConfig): string {
  if (storedImageId(value) === undefined) return value;
  return imageBaseUrl(config) + value.slice(STORED_IMAGE_PREFIX.length);
}

/** Every address this server's images have been answered at: its API route and, when set, S3_PUBLIC_URL. */
function ownPrefixes(config: ImageUrlConfig): string[] {
  const prefixes = [`${config.publicUrl}${STORED_IMAGE_PREFIX}`];
  if (config.S3_PUBLIC_URL) prefixes.push(`${config.S3_PUBLIC_URL}/`);
  return prefixes;
}

/**
 * The stored form (`/api/images/<file>`) of an absolute URL of one of this server's images; anything else as it is.
 * Origins compare as URLs do (case of the host, default ports), the rest exactly.
 */
export function storedImageForm(value: string, config: ImageUrlConfig): string {
  if (!/^https?:\/\//i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.username || url.password || url.search || url.hash) return value;
  const normalised = url.toString();
  for (const prefix of ownPrefixes(config)) {
    const base = new URL(prefix).toString();
    if (!normalised.startsWith(base)) continue;
    const file = normalised.slice(base.length);
    if (parseStoredImageFile(file)) return `${STORED_IMAGE_PREFIX}${file}`;
  }
  return value;
}

/** A copy of a reply with every stored image URL made absolute (the original, maybe cached, is left alone). */
export function withAbsoluteImageUrls<T>(payload: T, config: ImageUrlConfig, depth = 0): T {
  if (depth > MAX_DEPTH || payload === null || typeof payload !== 'object') return payload;
  if (Array.isArray(payload)) return payload.map((item: unknown) => withAbsoluteImageUrls(item, config, depth + 1)) as T;
  if (Object.getPrototypeOf(payload) !== Object.prototype) return payload; // Dates, Buffers: not ours to walk
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    copy[key] =
      typeof value === 'string'
        ? REPLY_IMAGE_KEYS.has(key)
          ? absoluteImageUrl(value, config)
          : value
        : withAbsoluteImageUrls(value, config, depth + 1);
  }
  return copy as T;
}

/**
 * One place for both directions, on every /api route: bodies naming our images by their absolute URL are
 * stored in the short form (before validation, so an http PUBLIC_URL in development is accepted too), and
 * every JSON reply names images absolutely. Another server's `http://.../api/images/...` is refused: it
 * could only be shown as insecure mixed content.
 */
export function registerImageUrls(app: FastifyInstance, config: ImageUrlConfig): void {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (!request.url.startsWith('/api/') || body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const fields = body as Record<string, unknown>;
    for (const key of BODY_IMAGE_KEYS) {
      const value = fields[key];
      if (typeof value !== 'string') continue;
      const stored = storedImageForm(value.trim(), config);
      if (stored !== value.trim()) fields[key] = stored;
      else if (/^http:\/\//i.test(stored) && looksStored(stored)) {
        throw badRequest('This image was not uploaded here', [{ path: key, message: 'This image was not uploaded here' }]);
      }
    }
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    request.url.startsWith('/api/') ? withAbsoluteImageUrls(payload, config) : payload,
  );
}

function looksStored(value: string): boolean {
  try {
    return storedImageId(new URL(value).pathname) !== undefined;
  } catch {
    return false;
  }
}
