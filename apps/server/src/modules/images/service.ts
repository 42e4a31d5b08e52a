// Uploads: recognise by content, refuse bombs before decoding, rotate by EXIF, drop all metadata,
// and store WebP at every width of IMAGE_WIDTHS. Also serves the stored files by name.
import path from 'node:path';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  IMAGE_MAX_PIXELS,
  IMAGE_MESSAGES,
  IMAGE_WIDTHS,
  parseStoredImageFile,
  storedImageFile,
  storedImageId,
  storedImageUrl,
} from '@olden/contracts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { SHARP_FORMAT, sniffImageType } from './detect.ts';
import { createImagesRepository } from './repository.ts';
import { createFsImageStorage, type ImageStorage } from './storage.ts';

export const TOO_MANY_PIXELS_MESSAGE = IMAGE_MESSAGES.tooManyPixels;
/** The width display_url names: the largest. */
export const DISPLAY_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
export const UPLOAD_BUDGET = { max: 60, windowMs: 10 * 60_000 };
/** Decoding a 40-megapixel image holds ~160 MB: a few at a time, the rest wait. */
const MAX_CONCURRENT_DECODES = 2;
const WEBP_QUALITY = 80;
/** sharp's default is 4; 3 costs noticeably less CPU per upload for a few percent more bytes. */
const WEBP_EFFORT = 3;

export interface StoredImage {
  id: string;
  display_url: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

function createSemaphore(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await job();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export function createImagesService(ctx: AppContext, deps: { storage?: ImageStorage } = {}) {
  const storage = deps.storage ?? createFsImageStorage(path.join(path.resolve(ctx.config.DATA_DIR), 'images'));
  const repo = createImagesRepository(ctx.db);
  const limit = createSemaphore(MAX_CONCURRENT_DECODES);

  /** Reads only the header: the type by magic number, then the pixel count, before any pixel is decoded. */
  async function inspect(input: Buffer): Promise<void> {
    const type = sniffImageType(input);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupported);
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw badRequest(IMAGE_MESSAGES.damaged);
    }
    // A HEIC (or anything else) dressed in an AVIF brand is not what we accept.
    if (meta.format !== SHARP_FORMAT[type] || (type === 'image/avif' && meta.compression !== 'av1')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupported);
    }
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (width < 1 || height < 1) throw badRequest(IMAGE_MESSAGES.damaged);
    if (width * height > IMAGE_MAX_PIXELS) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
  }

  /** Decodes once (rotated, at most the largest width) and encodes every width from those pixels. */
  async function render(input: Buffer, effort: number): Promise<{ width: number; height: number; data: Buffer }[]> {
    let pixels: { data: Buffer; info: OutputInfo };
    try {
      pixels = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: Math.max(...IMAGE_WIDTHS), withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (/pixel limit/i.test((error as Error).message)) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
      throw badRequest(IMAGE_MESSAGES.damaged);
    }
    const { width, height, channels } = pixels.info;
    return Promise.all(
      IMAGE_WIDTHS.map(async (w) => {
        // No withMetadata(): sharp writes no EXIF, XMP or ICC, so GPS and camera data are gone.
        const out = await sharp(pixels.data, { raw: { width, height, channels } })
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort })
          .toBuffer({ resolveWithObject: true });
        return { width: out.info.width, height: out.info.height, data: out.data };
      }),
    );
  }

  return {
    storage,

    /** Counts one upload against the caller's budget; call before reading the body. */
    assertUploadAllowed: (userId: string) =>
      enforceBudget(ctx, 'image-upload', userId, UPLOAD_BUDGET.max, UPLOAD_BUDGET.windowMs),

    /**
     * Validates, re-encodes and stores an image; every `<id>-<width>.webp` exists afterwards.
     * `effort` (0-6) trades CPU for bytes: uploads take the default, drawn demo pictures the fastest.
     */
    async store(input: Buffer, ownerId: string | null, options: { effort?: number } = {}): Promise<StoredImage> {
      await inspect(input);
      const variants = await limit(() => render(input, options.effort ?? WEBP_EFFORT));
      const id = newId();
      const keys = IMAGE_WIDTHS.map((w) => storedImageFile(id, w));
      try {
        await Promise.all(variants.map((v, i) => storage.put(keys[i]!, v.data)));
        const largest = variants[variants.length - 1]!;
        await repo.insert({
          id,
          ownerId,
          width: largest.width,
          height: largest.height,
          bytes: variants.reduce((sum, v) => sum + v.data.length, 0),
        });
        const url = storedImageUrl(id, DISPLAY_WIDTH);
        return {
          id,
          display_url: url,
          url,
          width: largest.width,
          height: largest.height,
          variants: variants.map((v, i) => ({ width: v.width, url: storedImageUrl(id, IMAGE_WIDTHS[i]!) })),
        };
      } catch (error) {
        await Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));
        throw error;
      }
    },

    /** The bytes of a stored file, or undefined for an unknown or malformed name. */
    async read(file: string): Promise<Buffer | undefined> {
      // `<id>-<width>.webp` are the only names looked up.
      if (!parseStoredImageFile(file)) return undefined;
      return storage.get(file);
    },

    /** Whether a URL names an image this server stored (and it is still there). */
    async exists(url: string): Promise<boolean> {
      const id = storedImageId(url);
      if (id === undefined) return false;
      return (await storage.get(storedImageFile(id, DISPLAY_WIDTH))) !== undefined;
    },

    /** Which of these image ids were uploaded here (a listing may only name those). */
    existingIds: (ids: string[]): Promise<Set<string>> => repo.existingIds([...new Set(ids)]),

    /** Deletes an image's files and row. */
    async remove(id: string): Promise<void> {
      await Promise.all(IMAGE_WIDTHS.map((w) => storage.delete(storedImageFile(id, w))));
      await repo.delete(id);
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
