// Stolen-photo detection (docs/product.md#stolen-photos, docs/decisions/023-stolen-photo-detection.md): when a
// listing is created or its photos change, each stored photo it shows is compared, by its 64-bit dHash and its
// mirror image's, with the photos other sellers uploaded earlier. A match is stored (photo_matches) and handed to
// `onStolenPhotos`, which app.ts wires to the moderation queue; the listing stays up, moderators decide.
import { storedImageId, storedImageUrl } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import type { ImagesService } from '../images/service.ts';
import { DISPLAY_WIDTH } from '../images/service.ts';
import { createPhotoMatchesRepository, type NearCopy, type PhotoMatchRow } from './repository.ts';

/** One photo of the listing near another seller's earlier photo; photos are stored paths (`/api/images/...`). */
export interface StolenPhotoMatch {
  photo: string;
  otherProductId: string;
  otherPhoto: string;
  distance: number;
}

/**
 * Told of a listing's new matches, inside the transaction `tx` that stores them (so a report filed there and the
 * stored matches commit together, and a failure leaves both to the next check). app.ts wires it to the moderation
 * queue (a system report with reason `stolen_photos`).
 */
export type OnStolenPhotos = (found: { productId: string; matches: StolenPhotoMatch[] }, tx: Db) => Promise<void>;

/** At most this many near copies per photo are kept: a plain photo (a white wall) could match thousands. */
const MATCHES_PER_PHOTO = 20;

export const photoPath = (imageId: string) => storedImageUrl(imageId, DISPLAY_WIDTH);

export function toStolenPhotoMatch(row: PhotoMatchRow): StolenPhotoMatch {
  return { photo: photoPath(row.imageId), otherProductId: row.otherProductId, otherPhoto: photoPath(row.otherImageId), distance: row.distance };
}

export function createPhotoMatchesService(
  ctx: AppContext,
  deps: { images: Pick<ImagesService, 'hashesOf'>; onStolenPhotos: OnStolenPhotos },
) {
  const repo = createPhotoMatchesRepository(ctx.db);
  const bits = ctx.config.PHOTO_MATCH_BITS;

  /** Indexes the listing's photos and reports its new matches; answers them. Throws on a database failure. */
  async function check(listing: { productId: string; sellerId: string; imageIds: string[] }): Promise<StolenPhotoMatch[]> {
    const hashes = await deps.images.hashesOf(listing.imageIds);
    const photos = [...hashes].map(([imageId, h]) => ({ imageId, ...h }));
    await repo.setListingPhotos(
      listing.productId,
      listing.sellerId,
      photos.map((p) => ({ imageId: p.imageId, hash: p.hash, uploadedAt: p.uploadedAt })),
    );
    const found: { photo: (typeof photos)[number]; near: NearCopy }[] = [];
    for (const photo of photos) {
      const near = await repo.nearCopies({
        hashes: photo,
        bits,
        sellerId: listing.sellerId,
        before: photo.uploadedAt,
        limit: MATCHES_PER_PHOTO,
      });
      found.push(...near.map((n) => ({ photo, near: n })));
    }
    if (found.length === 0) return [];
    return repo.transaction(async (tx) => {
      const stored = await repo.insertMatches(
        tx,
        found.map(({ photo, near }) => ({
          id: newId(),
          productId: listing.productId,
          imageId: photo.imageId,
          otherProductId: near.productId,
          otherImageId: near.imageId,
          distance: near.distance,
          mirrored: near.mirrored,
        })),
      );
      const matches = stored.map(toStolenPhotoMatch);
      if (matches.length > 0) await deps.onStolenPhotos({ productId: listing.productId, matches }, tx);
      return matches;
    });
  }

  return {
    /**
     * Deleting an account (lib/account-lifecycle.ts): its listings' photo rows go with its listings (products, order
     * 10, cascade); any left (a photo of a listing already gone) are deleted here. The hashes are not exported: they
     * describe photos the export lists with their listings.
     */
    accountPart(): AccountPart {
      return {
        module: 'photo-matches',
        tables: ['listing_photos'],
        order: 15,
        onDelete: async (tx, userId) => {
          await repo.forgetSeller(tx, userId);
        },
        notExported: { listing_photos: 'perceptual hashes of the photos of the listings the export lists' },
      };
    },

    check,

    /**
     * The products module's hook after a listing's write committed: never fails the write (a detection that fails
     * is logged, and runs again at the listing's next photo change or the backfill).
     */
    async listingPhotosChanged(listing: { productId: string; sellerId: string; imageIds: string[] }): Promise<void> {
      try {
        const matches = await check(listing);
        if (matches.length > 0) {
          ctx.log.info({ event: 'photo-matches.found', productId: listing.productId, matches: matches.length }, 'listing shows photos near other sellers\' earlier photos');
        }
      } catch (error) {
        ctx.log.error({ err: error, productId: listing.productId }, 'stolen-photo check failed');
      }
    },

    /**
     * For listings stored before hashes existed (`npm run admin -- photo-hashes`, after the images are hashed): indexes
     * every listing's photos, then checks every listing, oldest first, reporting matches as a new listing would.
     * Two passes, so a photo uploaded early but listed late is still the original. Safe to re-run: stored pairs are
     * not reported again.
     */
    async backfill(progress: (line: string) => void = () => {}): Promise<{ listings: number; reported: number }> {
      let listings = 0;
      let reported = 0;
      for (const pass of ['index', 'check'] as const) {
        let after: { createdAt: Date; id: string } | undefined;
        for (;;) {
          const page = await repo.listingsPage(after, 500);
          for (const row of page) {
            const imageIds = [row.image1, row.image2, row.image3, row.image4]
              .map((url) => storedImageId(url))
              .filter((id): id is string => id !== undefined);
            const listing = { productId: row.id, sellerId: row.sellerId, imageIds };
            if (pass === 'index') {
              const hashes = await deps.images.hashesOf(imageIds);
              await repo.setListingPhotos(row.id, row.sellerId, [...hashes].map(([imageId, h]) => ({ imageId, hash: h.hash, uploadedAt: h.uploadedAt })));
              listings += 1;
            } else if ((await check(listing)).length > 0) {
              reported += 1;
            }
          }
          if (page.length === 0) break;
          const last = page[page.length - 1]!;
          after = { createdAt: last.createdAt, id: last.id };
        }
        progress(pass === 'index' ? `photo-hashes: ${listings} listings indexed` : `photo-hashes: ${reported} listings reported`);
      }
      return { listings, reported };
    },

    /** The stored matches of a listing, for the moderation queue's side-by-side preview (oldest first). */
    async matchesOf(productId: string): Promise<(StolenPhotoMatch & { mirrored: boolean; createdAt: string })[]> {
      const rows = await repo.matchesOf([productId]);
      return rows.map((r) => ({ ...toStolenPhotoMatch(r), mirrored: r.mirrored, createdAt: r.createdAt.toISOString() }));
    },
  };
}
export type PhotoMatchesService = ReturnType<typeof createPhotoMatchesService>;
