// Absolute image URLs (docs/decisions/008): the database keeps `/api/images/<file>`; every reply names the image at
// S3_PUBLIC_URL or PUBLIC_URL, built when answering, so a changed address never breaks a stored listing.
// What a client posts back (its own absolute URL of one of our images) is stored in the short form again.
import type { FastifyInstance } from 'fastify';
import { normalisedImageUrl, parseStoredImageFile, STORED_IMAGE_PREFIX, storedImageId } from '@olden/contracts';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';

export type ImageUrlConfig = Pick<Config, 'publicUrl' | 'S3_PUBLIC_URL'>;

/** Reply fields that may name a stored image (products, buy requests, users, categories, uploads and their variants). */
const REPLY_IMAGE_KEYS = new Set(['image', 'image1', 'image2', 'image3', 'image4', 'photoURL', 'display_url', 'url', 'photo', 'otherPhoto']);
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

type JsonSchema = Record<string, unknown>;
/** Turns a reply into the one sent: a copy with its image URLs absolute, or the reply itself. */
export type ReplyRewrite = (value: unknown) => unknown;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
const isSchema = (value: unknown): value is JsonSchema => value !== null && typeof value === 'object' && !Array.isArray(value);
/** Keywords that say what a value is; a schema with none of them accepts anything. */
const SHAPE_KEYWORDS = ['type', 'properties', 'additionalProperties', 'patternProperties', 'items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const', 'not'];

/**
 * The rewrite (docs/decisions/015) of one route's replies, compiled once from the JSON Schema its serializer writes,
 * so a reply is looked at only where the schema has an image field (a page of listings: each listing's four
 * pictures), and not at all when it has none (most routes); an object or array is copied only when one of
 * its values changes (the original, maybe cached, is left alone). Only the schema's keys leave the
 * server, so rewriting them is rewriting all that is sent; a part of the schema that accepts anything is
 * walked as withAbsoluteImageUrls walks a whole reply. Undefined: nothing to rewrite.
 */
export function imageUrlRewrite(schema: JsonSchema, config: ImageUrlConfig): ReplyRewrite | undefined {
  const resolving = new Set<string>();
  const resolve = (ref: string): unknown => {
    if (ref === '#') return schema;
    const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(ref);
    const defs = match ? (schema[match[1]!] as Record<string, unknown> | undefined) : undefined;
    return defs?.[decodeURIComponent(match![2]!).replace(/~1/g, '/').replace(/~0/g, '~')];
  };
  const anything = (depth: number): ReplyRewrite => (value) => withAbsoluteImageUrls(value, config, depth);

  function compile(node: unknown, depth: number): ReplyRewrite | undefined {
    if (depth > MAX_DEPTH || node === false) return undefined;
    if (!isSchema(node) || !SHAPE_KEYWORDS.some((k) => k in node)) return anything(depth);
    const parts: ReplyRewrite[] = [];
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      if (resolving.has(ref)) return anything(depth); // a recursive schema: walked, as far as MAX_DEPTH
      const target = resolve(ref);
      resolving.add(ref);
      const rewrite = target === undefined ? anything(depth) : compile(target, depth);
      resolving.delete(ref);
      if (rewrite) parts.push(rewrite);
    }
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      for (const branch of branches) {
        const rewrite = compile(branch, depth);
        if (rewrite) parts.push(rewrite);
      }
    }
    const object = objectRewrite(node, depth);
    if (object) parts.push(object);
    const items = node.items ?? node.prefixItems;
    if (items !== undefined) {
      const list = Array.isArray(items) ? items.map((item) => compile(item, depth + 1)) : undefined;
      const each = Array.isArray(items) ? undefined : compile(items, depth + 1);
      const at = each ? () => each : (i: number) => list?.[i];
      if (each || list?.some(Boolean)) {
        parts.push((value) => {
          if (!Array.isArray(value)) return value;
          let copy: unknown[] | undefined;
          for (let i = 0; i < value.length; i++) {
            const rewrite = at(i);
            if (!rewrite) continue;
            const item: unknown = value[i];
            const next = rewrite(item);
            if (next !== item) (copy ??= value.slice())[i] = next;
          }
          return copy ?? value;
        });
      }
    }
    if (parts.length === 0) return undefined;
    if (parts.length === 1) return parts[0];
    // Each part leaves a value it does not describe as it is, and an absolute URL stays as it is.
    return (value) => parts.reduce((v, part) => part(v), value);
  }

  /** A stored image's key: its string made absolute; any other value under it walked by its schema. */
  function fieldRewrite(key: string, node: unknown, depth: number): ReplyRewrite | undefined {
    const inner = compile(node, depth);
    if (!REPLY_IMAGE_KEYS.has(key)) return inner;
    return (value) => (typeof value === 'string' ? absoluteImageUrl(value, config) : inner ? inner(value) : value);
  }

  function objectRewrite(node: JsonSchema, depth: number): ReplyRewrite | undefined {
    const properties = isSchema(node.properties) ? node.properties : undefined;
    const extra = node.additionalProperties ?? (properties || node.type !== 'object' ? undefined : true);
    if (!properties && extra === undefined && node.patternProperties === undefined) return undefined;
    const fields: [string, ReplyRewrite][] = [];
    for (const [key, child] of Object.entries(properties ?? {})) {
      const rewrite = fieldRewrite(key, child, depth + 1);
      if (rewrite) fields.push([key, rewrite]);
    }
    // Keys the schema does not name (a record, patternProperties): each is rewritten as the walk would.
    const open = (extra !== undefined && extra !== false) || node.patternProperties !== undefined;
    const rest = open ? (key: string) => fieldRewrite(key, extra === true || extra === undefined ? {} : extra, depth + 1) : undefined;
    if (fields.length === 0 && !rest) return undefined;
    // Copied on the first value that changes: a reply whose images are all elsewhere (or already absolute) is sent as it is.
    return (value) => {
      if (!isPlainObject(value)) return value;
      let copy: Record<string, unknown> | undefined;
      const visit = (key: string, rewrite: ReplyRewrite) => {
        const before = value[key];
        const after = rewrite(before);
        if (after !== before) (copy ??= { ...value })[key] = after;
      };
      if (rest) {
        for (const key of Object.keys(value)) {
          if (properties && key in properties) continue;
          const rewrite = rest(key);
          if (rewrite) visit(key, rewrite);
        }
      }
      for (const [key, rewrite] of fields) if (key in value) visit(key, rewrite);
      return copy ?? value;
    };
  }

  return compile(schema, 0);
}

/**
 * Whether a reply with this status is written by its route's response schema (and so rewritten by the
 * serializer, imageUrlRewrite): the same lookup Fastify makes - the status, its class ('2xx'), 'default'.
 */
function writtenBySchema(response: unknown, status: number): boolean {
  if (!isSchema(response)) return false;
  return String(status) in response || `${String(status)[0]}xx` in response || 'default' in response;
}

/**
 * One place for both directions, on every /api route: image URLs in bodies are stored as parsed (their
 * `href`; with control characters they are left for the schema to refuse), ours by their absolute URL in
 * the short form (before validation, so an http PUBLIC_URL in development is accepted too), and
 * every JSON reply names images absolutely. Another server's `http://.../api/images/...` is refused: it
 * could only be shown as insecure mixed content.
 *
 * Replies a route's response schema writes are rewritten by the serializer (app.ts, imageUrlRewrite); this
 * hook walks only the others (a status without a schema, the not-found handler).
 */
export function registerImageUrls(app: FastifyInstance, config: ImageUrlConfig): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !request.url.startsWith('/api/')) return done();
    const fields = body as Record<string, unknown>;
    for (const key of BODY_IMAGE_KEYS) {
      const value = fields[key];
      if (typeof value !== 'string') continue;
      // Parsed as a browser will (its href), so the origin rule below judges what will really be fetched.
      const stored = storedImageForm(normalisedImageUrl(value.trim()), config);
      if (storedImageId(stored) === undefined && /^http:\/\//i.test(stored) && looksStored(stored)) {
        return done(badRequest('This image was not uploaded here', [{ path: key, message: 'This image was not uploaded here' }]));
      }
      if (stored !== value) fields[key] = stored;
    }
    done();
  });
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (!request.url.startsWith('/api/') || writtenBySchema(request.routeOptions.schema?.response, reply.statusCode)) {
      return done(null, payload);
    }
    done(null, withAbsoluteImageUrls(payload, config));
  });
}

function looksStored(value: string): boolean {
  try {
    return storedImageId(new URL(value).pathname) !== undefined;
  } catch {
    return false;
  }
}
