// How a stored image is named (docs/decisions/008): the database keeps `/api/images/<file>`; a reply, a page, its
// OpenGraph and JSON-LD name it at S3_PUBLIC_URL when set, else at PUBLIC_URL, built when answering, so a changed
// address never breaks a stored listing. What a client posts back (its own absolute URL of one of our images) is
// stored short again by the contracts' image URL fields (withOwnImageBases, app.ts's validator).
import { STORED_IMAGE_PREFIX, storedImageId } from '@olden/contracts';
import type { Config } from '../config.ts';

export type ImageUrlConfig = Pick<Config, 'publicUrl' | 'S3_PUBLIC_URL'>;

/** Where the files are published: the CDN / public bucket when set, else this API's image route. */
export function imageBaseUrl(config: ImageUrlConfig): string {
  return config.S3_PUBLIC_URL ? `${config.S3_PUBLIC_URL}/` : `${config.publicUrl}${STORED_IMAGE_PREFIX}`;
}

/**
 * A stored image's URL as it is answered; any other value (an external https URL) as it is. The one place an image
 * changes form on the way out: every mapper that builds a reply calls it. With `publicUrl: ''` (a server-rendered
 * page naming its own origin) a stored image stays `/api/images/<file>` unless S3_PUBLIC_URL is set.
 */
export function absoluteImageUrl(value: string, config: ImageUrlConfig): string {
  if (storedImageId(value) === undefined) return value;
  return imageBaseUrl(config) + value.slice(STORED_IMAGE_PREFIX.length);
}

/** The origins image URLs point to, for the CSP's img-src. */
export function imageOrigins(config: ImageUrlConfig): string[] {
  return [...new Set([config.publicUrl, config.S3_PUBLIC_URL].filter((u): u is string => !!u).map((u) => new URL(u).origin))];
}

/** Every address this server's images have been answered at: its API route and, when set, S3_PUBLIC_URL. */
export function ownImageBases(config: ImageUrlConfig): string[] {
  const bases = [`${config.publicUrl}${STORED_IMAGE_PREFIX}`];
  if (config.S3_PUBLIC_URL) bases.push(`${config.S3_PUBLIC_URL}/`);
  return bases;
}
