// Uploads: recognise by content, refuse bombs before decoding, rotate by EXIF, drop all metadata,
// and store WebP at every width of IMAGE_WIDTHS. Also serves the stored files by name.
import path from 'node:path';
import type { Metadata, OutputInfo } from 'sharp';
import {
  IMAGE_MAX_PIXELS,
  IMAGE_MESSAGES,
  IMAGE_WIDTHS,
  parseStoredImageFile,
  storedImageFile,
  storedImageId,
  storedImageUrl,
} from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, badRequest, notFound, notYours } from '../../lib/errors.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { hashesOfFile, hashesOfPixels, type PhotoHashes } from '../../lib/dhash.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { isId, newId } from '../../lib/ids.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { SHARP_FORMAT, sniffImageType } from './detect.ts';
import { createFairQueue } from './queue.ts';
import { createImagesRepository, disownImagesOf, imagesOf, lockStoredImages } from './repository.ts';
import { createS3ImageStorage, type S3Settings } from './s3-storage.ts';
import { createFsImageStorage, type ImageStorage } from './storage.ts';

export const TOO_MANY_PIXELS_MESSAGE = IMAGE_MESSAGES.tooManyPixels;
/** The width display_url names: the largest. */
export const DISPLAY_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
export const UPLOAD_BUDGET = { max: 60, windowMs: 10 * 60_000 };
/** Decoding a 40-megapixel image holds ~160 MB: a few at a time (one per user), the rest wait their turn. */
const MAX_CONCURRENT_DECODES = 2;
/** An upload nothing shows is kept this long (a listing being written may be about to name it), then swept. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;
/** When the sweep runs: hourly, as a job one process takes (lib/jobs.ts); a sweep racing another is safe too (see the repository). */
export const SWEEP_CRON = '17 * * * *';
export const SWEEP_JOB = 'images.sweep';
const SWEEP_BATCH = 200;

export const quotaMessage = (mb: number) =>
  `You have used your ${mb} MB of photo storage: delete some listings or photos first`;
export const IMAGE_IN_USE_MESSAGE = 'This image is still shown by a listing, a profile or a buy request: remove it there first';
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

/** IMAGE_STORE picks the store: `fs` (DATA_DIR/images, the default) or `s3` (the S3_* bucket). */
export function createImageStorage(
  config: Pick<AppContext['config'], 'IMAGE_STORE' | 'DATA_DIR'> & S3Settings,
  log?: AppContext['log'],
): ImageStorage {
  if (config.IMAGE_STORE === 's3') return createS3ImageStorage(config, log);
  return createFsImageStorage(path.join(path.resolve(config.DATA_DIR), 'images'));
}

export function createImagesService(ctx: AppContext, deps: { storage?: ImageStorage; audit?: AuditRecorder } = {}) {
  const storage = deps.storage ?? createImageStorage(ctx.config, ctx.log);
  const repo = createImagesRepository(ctx.db);
  const queue = createFairQueue(MAX_CONCURRENT_DECODES);
  const quotaBytes = ctx.config.IMAGE_QUOTA_MB * 1024 * 1024;

  /** Refuses when the owner's stored bytes already reach the quota; the image that crosses it is kept. */
  async function assertQuota(ownerId: string): Promise<void> {
    if ((await repo.bytesOf(ownerId)) >= quotaBytes) {
      throw new AppError('QUOTA_EXCEEDED', quotaMessage(ctx.config.IMAGE_QUOTA_MB));
    }
  }

  const removeFiles = (ids: string[]) =>
    Promise.all(
      ids.flatMap((id) =>
        IMAGE_WIDTHS.map((w) =>
          storage.delete(storedImageFile(id, w)).catch((error: unknown) => ctx.log.warn({ err: error, imageId: id }, 'image file not deleted')),
        ),
      ),
    );

  /** Deletes, in batches, the uploads older than the grace period that nothing shows; answers how many. */
  async function sweep(now = new Date()): Promise<number> {
    const olderThan = new Date(now.getTime() - UNUSED_IMAGE_GRACE_MS);
    let total = 0;
    for (;;) {
      const ids = await repo.deleteUnreferenced({ olderThan, limit: SWEEP_BATCH });
      await removeFiles(ids);
      total += ids.length;
      // A short batch may still hold images in use or locked by another sweeper: those wait for next time.
      if (ids.length === 0) return total;
    }
  }

  /** Reads only the header: the type by magic number, then the pixel count, before any pixel is decoded. */
  async function inspect(input: Buffer): Promise<void> {
    const type = sniffImageType(input);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupported);
    const sharp = await loadSharp();
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

  /**
   * Decodes once (rotated, at most the largest width) and encodes every width from those pixels; the photo's hashes
   * (stolen-photo detection) come from the same pixels, a few milliseconds beside the encodes.
   */
  async function render(input: Buffer, effort: number): Promise<{ variants: { width: number; height: number; data: Buffer }[]; hashes: PhotoHashes }> {
    const sharp = await loadSharp();
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
    const hashing = hashesOfPixels(pixels.data, { width, height, channels });
    const variants = await Promise.all(
      IMAGE_WIDTHS.map(async (w) => {
        // No withMetadata(): sharp writes no EXIF, XMP or ICC, so GPS and camera data are gone.
        const out = await sharp(pixels.data, { raw: { width, height, channels } })
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort })
          .toBuffer({ resolveWithObject: true });
        return { width: out.info.width, height: out.info.height, data: out.data };
      }),
    );
    return { variants, hashes: await hashing };
  }

  ctx.jobs.define(SWEEP_JOB, async () => {
    const deleted = await sweep();
    if (deleted > 0) ctx.log.info({ event: 'images.sweep', deleted }, 'unused uploads deleted');
  });
  ctx.jobs.schedule(SWEEP_JOB, SWEEP_CRON);

  return {
    storage,

    /**
     * Uploads' part of an account's deletion: released. They become unowned in the deletion's transaction; once it
     * committed, those nothing shows any more (the deleted listings', the old profile photo) are deleted at once, and
     * any a kept buy request still shows stays until nothing does (the sweep).
     */
    accountPart(): AccountPart {
      return {
        module: 'images',
        tables: ['images'],
        order: 80,
        onDelete: async (tx, userId) => {
          const ids = await disownImagesOf(tx, userId);
          if (ids.length === 0) return;
          return async () => {
            await removeFiles(await repo.deleteUnreferenced({ ids }));
          };
        },
        exportFor: async (userId) => ({
          images: (await imagesOf(ctx.db, userId)).map((row) => ({
            _id: row.id,
            url: `/api/images/${storedImageFile(row.id, 1280)}`,
            width: row.width,
            height: row.height,
            bytes: row.bytes,
            createdAt: row.createdAt.toISOString(),
          })),
        }),
      };
    },

    /** Counts one upload against the caller's budget and checks their quota; call before reading the body. */
    async assertUploadAllowed(userId: string): Promise<void> {
      await enforceBudget(ctx, 'image-upload', userId, UPLOAD_BUDGET.max, UPLOAD_BUDGET.windowMs);
      await assertQuota(userId);
    },

    /**
     * Validates, re-encodes and stores an image; every `<id>-<width>.webp` exists afterwards.
     * `effort` (0-6) trades CPU for bytes: uploads take the default, drawn demo pictures the fastest.
     */
    async store(input: Buffer, ownerId: string | null, options: { effort?: number } = {}): Promise<StoredImage> {
      await inspect(input);
      // One job per owner at a time, so the quota is checked again here against every earlier upload
      // of theirs (this process's); only uploads racing on other processes can overshoot, by one image each.
      return queue.run(ownerId ?? '', async () => {
        if (ownerId) await assertQuota(ownerId);
        const { variants, hashes } = await render(input, options.effort ?? WEBP_EFFORT);
        const id = newId();
        const keys = IMAGE_WIDTHS.map((w) => storedImageFile(id, w));
        try {
          // Every write settles before any clean-up, so a late write cannot land after its delete.
          const writes = await Promise.allSettled(variants.map((v, i) => storage.put(keys[i]!, v.data)));
          const failed = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected');
          if (failed) throw failed.reason;
          const largest = variants[variants.length - 1]!;
          await repo.insert({
            id,
            ownerId,
            width: largest.width,
            height: largest.height,
            bytes: variants.reduce((sum, v) => sum + v.data.length, 0),
            phash: hashes.hash,
            phashMirror: hashes.mirror,
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
      });
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
      return storage.has(storedImageFile(id, DISPLAY_WIDTH));
    },

    /** Which of these image ids were uploaded here (a listing may only name those). */
    existingIds: (ids: string[]): Promise<Set<string>> => repo.existingIds([...new Set(ids)]),

    /**
     * The bytes charged to a user's quota: each of their uploads once, however many listings (theirs, or
     * one an admin edited) show it; an image shown by several users is charged to its uploader alone.
     */
    usedBytes: (ownerId: string): Promise<number> => repo.bytesOf(ownerId),

    /** Who uploaded each of these ids that is stored (null for the server's own, such as the demo's). */
    ownersOf: (ids: string[]): Promise<Map<string, string | null>> => repo.ownersOf([...new Set(ids)]),

    /** The photo hashes of these stored images (those hashed: older ones wait for hashMissing), with their upload time. */
    hashesOf: (ids: string[]): Promise<Map<string, PhotoHashes & { uploadedAt: Date }>> => repo.hashesOf([...new Set(ids)]),

    /**
     * Hashes up to `limit` stored images that have no hash yet (stored before hashes existed), from their largest
     * stored file, in id order after `after`; answers how many were hashed, how many could not be read (files gone:
     * those stay unhashed), and the last id looked at, to continue from (undefined when there were no more).
     */
    async hashMissing(limit = 200, after = ''): Promise<{ hashed: number; failed: number; last?: string }> {
      const ids = await repo.unhashed(limit, after);
      let hashed = 0;
      let failed = 0;
      for (const id of ids) {
        try {
          const file = await storage.get(storedImageFile(id, DISPLAY_WIDTH));
          if (!file) throw new Error('file not found');
          await repo.setHashes(id, await hashesOfFile(file));
          hashed += 1;
        } catch (error) {
          failed += 1;
          ctx.log.warn({ err: error, imageId: id }, 'image not hashed');
        }
      }
      return { hashed, failed, last: ids.at(-1) };
    },

    /** For a listing's write: locks the images it names in its transaction `tx` (lockStoredImages); answers the ids gone. */
    lockIn: (tx: Db, imageIds: string[]): Promise<string[]> => lockStoredImages(tx, imageIds),

    /** Deletes an image's files and row, whatever shows it (tests and tools only). */
    async remove(id: string): Promise<void> {
      await Promise.all(IMAGE_WIDTHS.map((w) => storage.delete(storedImageFile(id, w))));
      await repo.delete(id);
    },

    /** The upload queue, for tests that watch the turns. */
    queue,

    /**
     * After a listing let go of these images (deleted, or edited to others): deletes those nothing
     * shows any more. Only the releasing seller's own uploads go at once; anyone else's (an admin's edit,
     * or a listing from before users were held to their own uploads) wait for the sweep, so naming and dropping someone's fresh upload cannot
     * delete it before they use it.
     */
    async releaseUnreferenced(ids: string[], ownerId: string | null): Promise<string[]> {
      const candidates = [...new Set(ids)];
      if (candidates.length === 0) return [];
      const before = new Date(Date.now() - UNUSED_IMAGE_GRACE_MS);
      const released = await repo.deleteUnreferenced({ ids: candidates, ownerOrOlderThan: { ownerId, before } });
      await removeFiles(released);
      return released;
    },

    sweep,

    /**
     * DELETE /api/images/:id: the uploader deletes their own unused upload; an admin any unused image.
     * An image something shows is refused (409) for everyone: deleting the listing releases it.
     */
    async deleteAs(caller: AuthUser, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isId(id)) throw notFound('Image');
      const row = await repo.findById(id);
      if (!row) throw notFound('Image');
      if (caller.role !== 'admin' && row.ownerId !== caller.id) throw notYours('Only its uploader or an admin may delete this image');
      const outcome = await repo.deleteIfUnreferenced(id);
      if (outcome === 'gone') throw notFound('Image');
      if (outcome === 'in-use') throw new AppError('IMAGE_IN_USE', IMAGE_IN_USE_MESSAGE);
      await removeFiles([id]);
      if (row.ownerId !== caller.id) {
        logSecurityEvent(ctx.log, 'admin.image.delete', { userId: caller.id, ip: caller.ip, target: id, ownerId: row.ownerId });
        await deps.audit?.(null, { actorId: caller.id, action: 'admin.image.delete', targetType: 'image', targetId: id, details: { ownerId: row.ownerId } });
      }
      return { acknowledged: true, deletedCount: 1 };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
