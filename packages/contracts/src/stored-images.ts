// What the images module stores and how its URLs read: the one home for both (zod-free).

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_MEGABYTES = IMAGE_MAX_BYTES / 1024 / 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_MEGAPIXELS = IMAGE_MAX_PIXELS / 1_000_000;

/** The photo types accepted, recognised by their bytes on the server. */
export const IMAGE_TYPES = [
  { mime: 'image/jpeg', label: 'JPEG' },
  { mime: 'image/png', label: 'PNG' },
  { mime: 'image/webp', label: 'WebP' },
  { mime: 'image/avif', label: 'AVIF' },
  { mime: 'image/gif', label: 'GIF' },
] as const;
export type ImageMime = (typeof IMAGE_TYPES)[number]['mime'];
export const IMAGE_MIME_TYPES: readonly string[] = IMAGE_TYPES.map((t) => t.mime);
/** For `<input type="file" accept>`. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
/** "JPEG, PNG, WebP, AVIF or GIF" */
export const IMAGE_TYPE_NAMES = `${IMAGE_TYPES.slice(0, -1)
  .map((t) => t.label)
  .join(', ')} or ${IMAGE_TYPES[IMAGE_TYPES.length - 1]!.label}`;

/** What POST /api/images answers when it refuses a file (the web shows these as they are). */
export const IMAGE_MESSAGES = {
  unsupported: `Unsupported image type: upload a ${IMAGE_TYPE_NAMES}`,
  damaged: 'The image is damaged or incomplete',
  tooManyPixels: `The image is too large: at most ${IMAGE_MAX_MEGAPIXELS} megapixels`,
  tooLarge: `The image is too large: at most ${IMAGE_MAX_MEGABYTES} MB`,
} as const;

/** Widths every stored image is re-encoded to (WebP). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Where stored images are served: `/api/images/<32 hex id>-<width>.webp`. */
export const STORED_IMAGE_PREFIX = '/api/images/';
const STORED_IMAGE_FILE = /^([a-f0-9]{32})-(320|640|1280)\.webp$/;

/** The file name of one width of a stored image, as the storage and the image route name it. */
export function storedImageFile(id: string, width: ImageWidth): string {
  return `${id}-${width}.webp`;
}

/** The image id and width of a stored file name (`<id>-<width>.webp`); undefined for anything else. */
export function parseStoredImageFile(file: string): { id: string; width: ImageWidth } | undefined {
  const match = STORED_IMAGE_FILE.exec(file);
  if (!match) return undefined;
  return { id: match[1]!, width: Number(match[2]) as ImageWidth };
}

/** The URL of one width of a stored image. */
export function storedImageUrl(id: string, width: ImageWidth): string {
  return `${STORED_IMAGE_PREFIX}${storedImageFile(id, width)}`;
}

/** The image id a stored-image URL names; undefined for any other URL (an external https one). */
export function storedImageId(url: string): string | undefined {
  return url.startsWith(STORED_IMAGE_PREFIX) ? parseStoredImageFile(url.slice(STORED_IMAGE_PREFIX.length))?.id : undefined;
}

export function isStoredImageUrl(url: string): boolean {
  return storedImageId(url) !== undefined;
}

/**
 * The origin and id of a stored image's absolute URL as replies give it (`http(s)://host/api/images/<id>-<w>.webp`,
 * docs/decisions/008); undefined for anything else. Which origins are this server's only the server knows.
 */
function absoluteStoredImage(value: string): { origin: string; id: string } | undefined {
  try {
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) return undefined;
    const id = storedImageId(url.pathname);
    return id === undefined ? undefined : { origin: url.origin, id };
  } catch {
    return undefined;
  }
}

/** C0 controls, DEL and C1 controls: none belongs in a URL, and browsers and URL parsers skip some of them. */
export function hasControlCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- finding them is the point
  return /[\u0000-\u001f\u007f-\u009f]/.test(value);
}

/**
 * An absolute URL as the WHATWG parser reads it (host case, default port, backslashes, percent-encoding
 * settled: its `href`), so what is stored and checked is what a browser will fetch; anything that is not
 * an absolute URL (a stored `/api/images/...` path, text) as it is.
 */
export function normalisedImageUrl(value: string): string {
  if (hasControlCharacters(value) || isStoredImageUrl(value)) return value;
  try {
    return new URL(value).href;
  } catch {
    return value;
  }
}

/**
 * An image URL a listing or profile may hold: one stored here, an https URL without credentials, or a stored
 * image's absolute URL as replies give it (http on a development PUBLIC_URL; the server stores it in short form).
 */
export function isSafeImageUrl(value: string): boolean {
  // URL parsing drops tabs and line breaks ("h\tttp://..." is read as "http://..."): what is checked would not be what is stored.
  if (hasControlCharacters(value)) return false;
  if (isStoredImageUrl(value) || absoluteStoredImage(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** One width of a stored image, short or absolute (same address); any other URL as it is (it has only itself). */
export function imageVariantUrl(url: string, width: ImageWidth): string {
  const id = storedImageId(url);
  if (id !== undefined) return storedImageUrl(id, width);
  const absolute = absoluteStoredImage(url);
  return absolute ? `${absolute.origin}${storedImageUrl(absolute.id, width)}` : url;
}

/** srcset for a stored image (its three widths), short or absolute; undefined for external URLs, which have only themselves. */
export function imageSrcSet(url: string): string | undefined {
  const id = storedImageId(url);
  if (id !== undefined) return IMAGE_WIDTHS.map((w) => `${storedImageUrl(id, w)} ${w}w`).join(', ');
  const absolute = absoluteStoredImage(url);
  if (!absolute) return undefined;
  return IMAGE_WIDTHS.map((w) => `${absolute.origin}${storedImageUrl(absolute.id, w)} ${w}w`).join(', ');
}

/**
 * The stored form (`/api/images/<file>`) of an absolute URL of one of this server's images, given the addresses it
 * answers them at (`bases`: `https://host/api/images/`, S3_PUBLIC_URL + `/`); anything else as it is. Origins compare
 * as URLs do (case of the host, default ports), the rest exactly.
 */
export function storedImageForm(value: string, bases: readonly string[]): string {
  if (!/^https?:\/\//i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.username || url.password || url.search || url.hash) return value;
  const normalised = url.toString();
  for (const prefix of bases) {
    const base = new URL(prefix).toString();
    if (!normalised.startsWith(base)) continue;
    const file = normalised.slice(base.length);
    if (parseStoredImageFile(file)) return `${STORED_IMAGE_PREFIX}${file}`;
  }
  return value;
}

/** Whether an absolute http(s) URL's path is a stored image's (`/api/images/<id>-<w>.webp`), whoever's server it names. */
export function looksLikeStoredImage(value: string): boolean {
  try {
    return storedImageId(new URL(value).pathname) !== undefined;
  } catch {
    return false;
  }
}

/** The server's image addresses while it parses one request body (withOwnImageBases); none in the browser. */
let ownBases: readonly string[] | undefined;

/**
 * Runs a (synchronous) parse knowing this server's own image addresses: the image URL fields then store its absolute
 * URLs short and refuse another server's http ones (ImageUrlInput, common.ts). Set around each parse rather than once,
 * so two servers in one process (tests) never see each other's; a parse is synchronous, nothing runs in between.
 */
export function withOwnImageBases<T>(bases: readonly string[], parse: () => T): T {
  const before = ownBases;
  ownBases = bases;
  try {
    return parse();
  } finally {
    ownBases = before;
  }
}

/** The server's image addresses for the parse under way; undefined outside withOwnImageBases (the browser). */
export function currentOwnImageBases(): readonly string[] | undefined {
  return ownBases;
}
