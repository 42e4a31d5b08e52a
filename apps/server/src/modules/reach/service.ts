// Views of listings, counted once per visitor per day, and what their seller sees of them (docs/product.md#reach).
// Counting never slows a page: a view is a Set insertion; each process writes its views in one statement every
// VIEW_FLUSH_MS and when it closes, and the database drops a visitor another process counted already.
import { createHmac } from 'node:crypto';
import { isAdminUser, type ListingStatsResponse, type ProductStats, STATS_DAYS } from '@olden/contracts';
import { isbot } from 'isbot';
import type { AppContext } from '../../lib/context.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { notFound, notYours } from '../../lib/errors.ts';
import { createReachRepository, type ViewSeen } from './repository.ts';

/** A listing as the reach module needs it: whose it is. */
export interface ListingOwner {
  id: string;
  sellerId: string;
}

export interface Visit {
  /** The signed-in caller, if any. */
  userId?: string | null;
  ip: string;
  userAgent?: string;
}

const PRUNE_JOB = 'reach.prune-viewers';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, as YYYY-MM-DD. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export function createReachService(
  ctx: AppContext,
  deps: {
    /** The listing, or undefined when there is none. */
    findListing: (id: string) => Promise<ListingOwner | undefined>;
    /** How many users saved each listing (the count the favourites module keeps on it: products.favouriteCounts, app.ts). */
    favouriteCounts?: (ids: string[]) => Promise<Map<string, number>>;
  },
) {
  const repo = createReachRepository(ctx.db);
  let pending = new Map<string, ViewSeen>();
  let flushing: Promise<void> = Promise.resolve();
  /** Visits whose visitor is still being identified. */
  const identifying = new Set<Promise<void>>();

  /**
   * Who a visit is, today: a signed-in user by id; anyone else by a hash of address and user agent salted with the
   * day and the server's secret, so the stored value names no address and cannot be matched across days.
   */
  function visitorOf(visit: Visit, day: string): string {
    if (visit.userId) return `u:${visit.userId}`;
    const mac = createHmac('sha256', ctx.config.jwtSecret).update(`views|${day}|${visit.ip}|${visit.userAgent ?? ''}`);
    return `a:${mac.digest('base64url').slice(0, 22)}`;
  }

  async function flush(): Promise<void> {
    await Promise.all([...identifying]);
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await repo.record(batch);
    } catch (error) {
      // Lost views are a smaller harm than a growing queue: the batch is dropped and logged.
      ctx.log.warn({ err: error, views: batch.length }, 'listing views not recorded');
    }
  }

  /** Flushes one batch at a time, so two never race for the same rows. */
  const flushInTurn = () => (flushing = flushing.then(flush));

  const timer = setInterval(() => void flushInTurn(), ctx.config.VIEW_FLUSH_MS);
  timer.unref();

  ctx.jobs.define(PRUNE_JOB, async () => {
    const pruned = await repo.pruneViewers(dayOf(new Date(Date.now() - DAY_MS)));
    if (pruned > 0) ctx.log.info({ event: PRUNE_JOB, pruned }, 'yesterday’s viewer marks pruned');
  });
  ctx.jobs.schedule(PRUNE_JOB, '23 1 * * *');

  async function assertOwnerOrAdmin(caller: AuthUser, id: string): Promise<ListingOwner> {
    const listing = await deps.findListing(id);
    if (!listing) throw notFound('Product');
    if (listing.sellerId !== caller.id && !isAdminUser(caller)) throw notYours('Only the seller or an admin may see this listing’s stats');
    return listing;
  }

  return {
    /**
     * A view of a listing's page (the API's or the server-rendered one). Bots and the seller's own views are not
     * counted. The visit may still be being identified (a token or a session checked after the reply): the next
     * flush waits for it.
     */
    countView(listing: ListingOwner, visit: Visit | Promise<Visit>): void {
      if (visit instanceof Promise) {
        const settled: Promise<void> = visit
          .then((known) => this.countView(listing, known))
          .catch(() => {})
          .finally(() => identifying.delete(settled));
        identifying.add(settled);
        return;
      }
      if (visit.userId && visit.userId === listing.sellerId) return;
      if (visit.userAgent && isbot(visit.userAgent)) return;
      const day = dayOf(new Date());
      const visitor = visitorOf(visit, day);
      pending.set(`${day}|${listing.id}|${visitor}`, { productId: listing.id, day, visitor });
    },

    /** Writes the views gathered so far (the timer does it every VIEW_FLUSH_MS; the app at close). */
    flush: flushInTurn,

    async close(): Promise<void> {
      clearInterval(timer);
      await flushInTurn();
    },

    /** GET /api/products/:id/stats: the seller or an admin. */
    async stats(caller: AuthUser, id: string): Promise<ProductStats> {
      const listing = await assertOwnerOrAdmin(caller, id);
      const today = Date.now();
      const since = dayOf(new Date(today - (STATS_DAYS - 1) * DAY_MS));
      const [{ days, total }, openRequests, favourites] = await Promise.all([
        repo.viewsOf(listing.id, since),
        repo.openRequestsOf(listing.id),
        deps.favouriteCounts?.([listing.id]) ?? Promise.resolve(new Map<string, number>()),
      ]);
      const byDay = new Map(days.map((d) => [d.day, d.count]));
      const views = Array.from({ length: STATS_DAYS }, (_, i) => {
        const date = dayOf(new Date(today - (STATS_DAYS - 1 - i) * DAY_MS));
        return { date, count: byDay.get(date) ?? 0 };
      });
      return { views, totalViews: total, favouriteCount: favourites.get(listing.id) ?? 0, openRequests };
    },

    /** GET /api/listingStats: totals for the listed ids the caller may see (their own; an admin's any); others left out. */
    async listingStats(caller: AuthUser, ids: string[]): Promise<ListingStatsResponse> {
      const listings = (await Promise.all(ids.map((id) => deps.findListing(id)))).filter(
        (l): l is ListingOwner => l !== undefined && (l.sellerId === caller.id || isAdminUser(caller)),
      );
      const visible = listings.map((l) => l.id);
      const [totals, favourites] = await Promise.all([
        repo.totalsOf(visible),
        deps.favouriteCounts?.(visible) ?? Promise.resolve(new Map<string, number>()),
      ]);
      return {
        items: visible.map((productId) => ({
          productId,
          totalViews: totals.get(productId) ?? 0,
          favouriteCount: favourites.get(productId) ?? 0,
        })),
      };
    },
  };
}
export type ReachService = ReturnType<typeof createReachService>;
