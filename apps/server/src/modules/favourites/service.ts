// Favourites (docs/product.md#favourites-and-saved-searches): a user keeps listings; each listing's public
// favouriteCount moves in the same transaction (the products module's favouritesIn). A price drop of a saved listing
// is told to its savers off the request path: the listing's change queues a job in the change's own transaction, the
// job records a notice per saver (at most one per listing and saver per PRICE_DROP_REPEAT_SECONDS), publishes a
// `favourite` event, and queues one mail job per saver, batched to one mail per ALERT_MAIL_INTERVAL_SECONDS.
import { FAVOURITES_MAX, type Favourite, type FavouriteEvent, type FavouriteState, PRICE_DROP_SHARE } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isCursorDate, isCursorId, isTuple, keysetPage, type CursorSpec, type Page, type PageRequest } from '../../lib/pagination.ts';
import { isId } from '../../lib/ids.ts';
import type { ImageUrlConfig } from '../../lib/image-urls.ts';
import { listingsMail } from '../../lib/listing-mail.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { BusEvent } from '../events/bus.ts';
import type { ListingChange, ProductsService } from '../products/service.ts';
import { fromCents, toProduct } from '../products/service.ts';
import type { UsersService } from '../users/service.ts';
import { createFavouritesRepository, type ListedFavourite } from './repository.ts';

/** Favourite writes one user may make per hour (RATE_LIMIT_FACTOR scales it). */
export const FAVOURITE_WRITE_BUDGET = { max: 600, windowMs: 60 * 60 * 1000 };
/** Users one bus note names (a NOTIFY payload stays under its limit). */
const PUBLISH_CHUNK = 100;

const FAVOURITE_CURSOR: CursorSpec<ListedFavourite, [string, string]> = {
  keyOf: (row) => [row.favourite.createdAt.toISOString(), row.favourite.productId],
  isKey: (values): values is [string, string] =>
    isTuple(values, ['string', 'string']) && isCursorDate(values[0]) && isCursorId(values[1]),
};

type ChangeJob =
  | { kind: 'updated'; productId: string }
  | { kind: 'status'; productId: string; status: string }
  | { kind: 'removed'; productId: string; name: string; priceCents: number };

export function toFavourite({ favourite, product }: ListedFavourite, urls: ImageUrlConfig): Favourite {
  return {
    productId: favourite.productId,
    savedAt: favourite.createdAt.toISOString(),
    deleted: product === null,
    name: product?.name ?? favourite.name,
    price: fromCents(product?.priceCents ?? favourite.priceCents),
    status: product?.status ?? null,
    product: product ? toProduct(product, urls) : null,
  };
}

export function createFavouritesService(
  ctx: AppContext,
  deps: {
    products: Pick<ProductsService, 'favouritesIn'>;
    users: Pick<UsersService, 'findById'>;
    mailer: Mailer;
    publish: (users: string[], event: BusEvent) => Promise<void>;
  },
) {
  const repo = createFavouritesRepository(ctx.db);
  const intervalMs = ctx.config.ALERT_MAIL_INTERVAL_SECONDS * 1000;

  function publish(users: string[], data: FavouriteEvent): void {
    for (let i = 0; i < users.length; i += PUBLISH_CHUNK) {
      deps
        .publish(users.slice(i, i + PUBLISH_CHUNK), { name: 'favourite', data })
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'favourite event not published'));
    }
  }

  async function write<T>(caller: AuthUser, productId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    await enforceBudget(ctx, 'favourite-write', caller.id, FAVOURITE_WRITE_BUDGET.max, FAVOURITE_WRITE_BUDGET.windowMs);
    if (!isId(productId)) throw notFound('Product');
    return ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await repo.lockUser(tx, caller.id);
      return work(tx);
    });
  }

  ctx.jobs.define<ChangeJob>('favourites.listingChanged', async (job) => {
    if (job.kind === 'removed') {
      publish(await repo.savers(job.productId), { productId: job.productId, kind: 'removed', name: job.name, price: fromCents(job.priceCents), status: null });
      return;
    }
    const told = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const listing = await deps.products.favouritesIn(tx).lockListing(job.productId);
      if (!listing) return undefined;
      if (job.kind === 'status') return { listing, dropped: [] };
      await repo.refreshSnapshot(tx, listing.id, listing.name, listing.priceCents);
      if (listing.status !== 'available') return { listing, dropped: [] };
      const repeatAfter = new Date(Date.now() - ctx.config.PRICE_DROP_REPEAT_SECONDS * 1000);
      const dropped = await repo.claimPriceDrop(tx, listing, PRICE_DROP_SHARE, repeatAfter);
      for (const { userId } of dropped) {
        const due = await repo.markMailDue(tx, userId, intervalMs);
        if (due) await ctx.jobs.send('favourites.mail', { userId }, { startAfter: due, tx });
      }
      return { listing, dropped };
    });
    if (!told) return;
    const { listing, dropped } = told;
    if (job.kind === 'status') {
      publish(await repo.savers(listing.id), {
        productId: listing.id,
        kind: 'status',
        name: listing.name,
        price: fromCents(listing.priceCents),
        status: listing.status as FavouriteEvent['status'],
      });
      return;
    }
    for (const { userId, oldCents } of dropped) {
      publish([userId], {
        productId: listing.id,
        kind: 'priceDrop',
        name: listing.name,
        price: fromCents(listing.priceCents),
        previousPrice: fromCents(oldCents),
        status: listing.status as FavouriteEvent['status'],
      });
    }
  });

  /**
   * One user's price-drop mail: the notices since the last mail, as one batch under one key (a retried job mails
   * the same batch under the same key: lib/mail.ts sendOnce), then the next batch no sooner than the interval.
   */
  ctx.jobs.define<{ userId: string }>('favourites.mail', async ({ userId }) => {
    const batch = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const mailing = await repo.lockMailing(tx, userId);
      if (!mailing) return undefined;
      if (mailing.pendingSeq !== null) return { from: mailing.mailedSeq, to: mailing.pendingSeq };
      const last = await repo.lastNoticeSeq(tx, userId, mailing.mailedSeq);
      if (last === undefined) {
        await repo.setMailing(tx, userId, { dueAt: null });
        return undefined;
      }
      await repo.setMailing(tx, userId, { pendingSeq: last });
      return { from: mailing.mailedSeq, to: last };
    });
    if (!batch) return;
    const notices = await repo.notices(userId, batch.from, batch.to);
    const statuses = await repo.statuses([...new Set(notices.map((n) => n.productId))]);
    // The latest drop of each listing still for sale.
    const latest = new Map<string, (typeof notices)[number]>();
    for (const n of notices) if (statuses.get(n.productId) === 'available') latest.set(n.productId, n);
    const user = await deps.users.findById(userId);
    let mailed = false;
    if (user && user.notifyByEmail && latest.size > 0) {
      const listings = [...latest.values()].map((n) => ({ id: n.productId, name: n.name, priceCents: n.newCents, oldCents: n.oldCents }));
      mailed = await deps.mailer.sendOnceOrRetry(
        `price-drop:${userId}:${batch.to}`,
        listingsMail({
          to: user.email,
          subject: listings.length === 1 ? `Price drop: ${listings[0]!.name}` : `Price drops on ${listings.length} saved listings`,
          intro: listings.length === 1 ? 'A listing you saved is cheaper now:' : 'Listings you saved are cheaper now:',
          sections: [{ listings, moreUrl: `${ctx.config.publicUrl}/dashboard/favourites`, moreText: 'Your favourites' }],
          urls: ctx.config,
          priceFormat: ctx.config.priceFormat,
          footer: 'You get these mails for listings in your favourites. You can turn mails off in your profile.',
        }),
      );
    }
    await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await repo.lockMailing(tx, userId);
      const more = await repo.lastNoticeSeq(tx, userId, batch.to);
      const now = new Date();
      const lastMailedAt = mailed ? now : undefined;
      if (more === undefined) {
        await repo.setMailing(tx, userId, { mailedSeq: batch.to, pendingSeq: null, dueAt: null, ...(lastMailedAt ? { lastMailedAt } : {}) });
        return;
      }
      // Drops told while this batch went: the next mail, no sooner than the interval.
      const due = new Date(now.getTime() + (mailed ? intervalMs : 0));
      await repo.setMailing(tx, userId, { mailedSeq: batch.to, pendingSeq: null, dueAt: due, ...(lastMailedAt ? { lastMailedAt } : {}) });
      await ctx.jobs.send('favourites.mail', { userId }, { startAfter: due, tx });
    });
    await repo.pruneNotices(userId, batch.to);
  });

  return {
    async save(caller: AuthUser, productId: string): Promise<FavouriteState> {
      return write(caller, productId, async (tx) => {
        const listings = deps.products.favouritesIn(tx);
        const listing = await listings.lockListing(productId);
        if (!listing) throw notFound('Product');
        if (listing.sellerId === caller.id) throw new AppError('OWN_LISTING', 'This is your own listing');
        if (await repo.exists(tx, caller.id, productId)) return { favourited: true, favouriteCount: listing.favouriteCount };
        if ((await repo.count(tx, caller.id)) >= FAVOURITES_MAX) {
          throw new AppError('FAVOURITES_FULL', `You can keep at most ${FAVOURITES_MAX} listings in Favourites: remove some first`);
        }
        const added = await repo.insert(tx, {
          userId: caller.id,
          productId,
          name: listing.name,
          priceCents: listing.priceCents,
          toldPriceCents: listing.priceCents,
        });
        const favouriteCount = added ? await listings.addToCount(productId, 1) : listing.favouriteCount;
        return { favourited: true, favouriteCount };
      });
    },

    async unsave(caller: AuthUser, productId: string): Promise<FavouriteState> {
      return write(caller, productId, async (tx) => {
        const listings = deps.products.favouritesIn(tx);
        const listing = await listings.lockListing(productId);
        if (listing && listing.sellerId === caller.id) throw new AppError('OWN_LISTING', 'This is your own listing');
        const removed = await repo.remove(tx, caller.id, productId);
        // A deleted listing's favourite can still be removed; an unknown id that was never saved is a 404.
        if (!listing && !removed) throw notFound('Product');
        if (!listing) return { favourited: false, favouriteCount: 0 };
        const favouriteCount = removed ? await listings.addToCount(productId, -1) : listing.favouriteCount;
        return { favourited: false, favouriteCount };
      });
    },

    async list(caller: AuthUser, page: PageRequest): Promise<Page<ListedFavourite>> {
      return keysetPage(FAVOURITE_CURSOR, page).fetch((after, limit) => repo.list(caller.id, after, limit));
    },

    ids: (caller: AuthUser) => repo.ids(caller.id),

    /** The list's statement for a page of `limit` rows (bench). */
    listQuery: (userId: string, limit: number) => repo.listQuery(userId, undefined, limit),

    /** The products module's onChange (app.ts): queues the savers' job in the change's transaction. */
    async onListingChange(tx: Db, change: ListingChange): Promise<void> {
      if (change.kind === 'created') return;
      if (change.kind === 'deleted') {
        if (change.row.favouriteCount === 0 && !(await repo.hasSavers(tx, change.row.id))) return;
        await repo.markDeleted(tx, change.row.id, change.row.name, change.row.priceCents);
        await ctx.jobs.send<ChangeJob>(
          'favourites.listingChanged',
          { kind: 'removed', productId: change.row.id, name: change.row.name, priceCents: change.row.priceCents },
          { tx },
        );
        return;
      }
      if (change.kind === 'status') {
        if (!(await repo.hasSavers(tx, change.productId))) return;
        await ctx.jobs.send<ChangeJob>('favourites.listingChanged', { kind: 'status', productId: change.productId, status: change.to }, { tx });
        return;
      }
      const { before, after } = change;
      if (before.priceCents === after.priceCents && before.name === after.name) return;
      if (after.favouriteCount === 0) return;
      await ctx.jobs.send<ChangeJob>('favourites.listingChanged', { kind: 'updated', productId: after.id }, { tx });
    },

    /**
     * Favourites' part of an account's deletion and export (lib/account-lifecycle.ts). Deleted with the account: each
     * saved listing's public count moves down with it (after the listings' own part, before the buy requests', so the
     * lock order stays the listing first). Exported: each saved listing by id, name, price and status (its seller not
     * named), and the price drops not mailed yet.
     */
    accountPart(): AccountPart {
      return {
        module: 'favourites',
        tables: ['favourites', 'favourite_notices', 'favourite_mailings'],
        order: 12,
        onDelete: async (tx, userId) => {
          await repo.lockUser(tx, userId);
          const listings = deps.products.favouritesIn(tx);
          for (const productId of await repo.removeAllOf(tx, userId)) {
            if (await listings.lockListing(productId)) await listings.addToCount(productId, -1);
          }
        },
        notExported: { favourite_mailings: 'the price-drop mail throttle of the user (when a mail is due), no data of its own' },
        exportFor: async (userId) => {
          // FAVOURITES_MAX: a user's whole list (the cap is counted under the user's lock).
          const [favourites, notices] = await Promise.all([repo.list(userId, undefined, FAVOURITES_MAX), repo.noticesOf(userId)]);
          return {
            favourites: favourites.map((row) => {
              const f = toFavourite(row, ctx.config);
              return { productId: f.productId, savedAt: f.savedAt, name: f.name, price: f.price, status: f.status, deleted: f.deleted };
            }),
            priceDropNotices: notices.map((n) => ({
              productId: n.productId,
              name: n.name,
              oldPrice: fromCents(n.oldCents),
              newPrice: fromCents(n.newCents),
              createdAt: n.createdAt.toISOString(),
            })),
          };
        },
      };
    },
  };
}
export type FavouritesService = ReturnType<typeof createFavouritesService>;
