// Saved searches and their alerts (docs/product.md#favourites-and-saved-searches, docs/decisions/025). A search keeps
// the timeline's filters (parseTimelineFilters' object, without the order) and is filed under the one word a listing
// must hold to match it (its rarest), so matching a new listing reads the searches of that listing's words, not all.
// A listing created, or edited into a search, is matched off the request path: the write queues a job in its own
// transaction; the job records hits (once per search and listing), sends `savedSearch` events, and queues the instant
// searches' alerts (one job per 50 searches, whose reads and writes are one statement for all of them). Alert and
// digest jobs mail each batch of hits under one key (lib/mail.ts sendOnce) and move the search's progress
// (`alertedSeq`) past it, so a retry, a crash or a second process never mails a listing twice.
// A user who chose one daily digest (savedSearchDigest) still gets the live event of an instant search at once; its
// alert job then mails nothing and leaves the hits to the digest. A batch is finished by the job that took it
// (`pendingSeq`): an alert job's while an alert is queued (`alertDueAt`), else a digest's.
import {
  RADIUS_KM_DEFAULT,
  ALERT_MAIL_LISTINGS,
  type CreateSavedSearchBody,
  filtersQuery,
  NEW_COUNT_CAP,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchAlert,
  savedSearchFilters,
  savedSearchLabel,
  type UpdateSavedSearchBody,
} from '@olden/contracts';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { listingsMail, type ListingSection } from '../../lib/listing-mail.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { BusNote } from '../events/bus.ts';
import { hasSearchOperators, queryWords } from '../products/search/terms.ts';
import type { ListingChange } from '../products/service.ts';
import { fromCents, toCents } from '../products/service.ts';
import type { UsersService } from '../users/service.ts';
import { type AlertProgress, createSavedSearchesRepository, type MailedHit, type StoredSearch } from './repository.ts';
import { createUnsubscribeTokens } from './unsubscribe.ts';

/** Saved-search writes one user may make per hour (RATE_LIMIT_FACTOR scales it). */
export const SAVED_SEARCH_WRITE_BUDGET = { max: 300, windowMs: 60 * 60 * 1000 };
/** Searches one alert job mails at most (a listing's many matches are split), well inside JOB_EXPIRE_SECONDS. */
const ALERT_JOB_SEARCHES = 50;

/**
 * The users whose listings `userId` should not hear of (app.ts asks the blocks module: those either of them blocked).
 * Matching already leaves blocked pairs out; a mail asks again, in one question per mail, for a block made since.
 */
export type HiddenSellers = (userId: string) => Promise<readonly string[]>;

type Input = z.output<typeof CreateSavedSearchBody>;

export function createSavedSearchesService(
  ctx: AppContext,
  deps: {
    users: Pick<UsersService, 'findById' | 'findByIds'>;
    mailer: Mailer;
    publishMany: (notes: readonly BusNote[]) => Promise<void>;
    hiddenSellers?: HiddenSellers;
    /** The gazetteer's place of a search with `near` (docs/product.md#near-me): its point and name. */
    placeOf?: (id: number) => Promise<{ name: string; lat: number; lng: number } | undefined>;
  },
) {
  const repo = createSavedSearchesRepository(ctx.db);
  const tokens = createUnsubscribeTokens(ctx.config.jwtSecret);
  const intervalMs = ctx.config.ALERT_MAIL_INTERVAL_SECONDS * 1000;
  const { publicUrl } = ctx.config;
  const hiddenSellers: HiddenSellers = deps.hiddenSellers ?? (async () => []);

  const toSavedSearch = (row: Pick<StoredSearch, 'id' | 'label' | 'filters' | 'alert' | 'createdAt'> & { newCount?: number }): SavedSearch => ({
    _id: row.id,
    label: row.label,
    filters: row.filters as SavedSearch['filters'],
    alert: row.alert,
    newCount: Math.min(NEW_COUNT_CAP, row.newCount ?? 0),
    createdAt: row.createdAt.toISOString(),
  });

  async function owned(caller: AuthUser, id: string): Promise<StoredSearch> {
    if (!isId(id)) throw notFound('Saved search');
    const row = await repo.find(id);
    // Another user's search is as unknown as a missing one.
    if (!row || row.userId !== caller.id) throw notFound('Saved search');
    return row;
  }



  const timelineUrl = (filters: unknown) => `${publicUrl}/timeline${filtersQuery(savedSearchFilters(filters as Record<string, unknown>))}`;
  const unsubscribeLinks = (search: StoredSearch) => {
    const token = encodeURIComponent(tokens.sign(search.id, search.userId));
    return { page: `${publicUrl}/unsubscribe?token=${token}`, oneClick: `${publicUrl}/api/savedSearches/unsubscribe?token=${token}` };
  };

  async function visible(userId: string, hits: MailedHit[]): Promise<MailedHit[]> {
    const others = hits.filter((h) => h.sellerId !== userId);
    if (others.length === 0) return others;
    const hidden = new Set(await hiddenSellers(userId));
    return others.filter((h) => !hidden.has(h.sellerId));
  }

  const section = (search: StoredSearch, hits: MailedHit[], total: number): ListingSection => ({
    heading: search.label,
    listings: hits.map((h) => ({ id: h.productId, name: h.name, priceCents: h.priceCents, image: h.image1 })),
    moreUrl: timelineUrl(search.filters),
    moreText: total > hits.length ? `See all ${total} new listings` : 'See the search',
  });

  /**
   * Queues alert jobs on `tx` for searches marked due (repository markAlertsDue): one job per due second and per
   * ALERT_JOB_SEARCHES searches, so a listing that matches hundreds of searches queues a few jobs, not hundreds.
   */
  async function sendAlertJobs(tx: Db, due: readonly { id: string; dueAt: Date }[]): Promise<void> {
    const byMoment = new Map<number, string[]>();
    for (const { id, dueAt } of due) {
      // Up to the second: the job never starts before the search's alert is due.
      const at = Math.ceil(dueAt.getTime() / 1000) * 1000;
      const ids = byMoment.get(at);
      if (ids) ids.push(id);
      else byMoment.set(at, [id]);
    }
    for (const [at, ids] of byMoment) {
      for (let i = 0; i < ids.length; i += ALERT_JOB_SEARCHES) {
        await ctx.jobs.send('savedSearches.alert', { savedSearchIds: ids.slice(i, i + ALERT_JOB_SEARCHES) }, { startAfter: new Date(at), tx });
      }
    }
  }

  /** Queues the searches' alerts on `tx`, but not of those with one queued or a batch in a digest (markAlertsDue). */
  async function queueAlerts(tx: Db, ids: readonly string[]): Promise<void> {
    await sendAlertJobs(tx, await repo.markAlertsDue(tx, ids, intervalMs));
  }

  // --- Matching ---
  ctx.jobs.define<{ productId: string }>('savedSearches.match', async ({ productId }) => {
    const events = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const hits = await repo.match(tx, productId);
      await queueAlerts(
        tx,
        hits.filter((h) => h.alert === 'instant').map((h) => h.savedSearchId),
      );
      return hits;
    });
    const instant = events.filter((h) => h.alert === 'instant');
    if (instant.length === 0) return;
    const listing = await repo.listingBrief(productId);
    if (!listing) return;
    const notes: BusNote[] = [];
    // Blocked pairs were left out by the match itself (repository `match`): no question per hit here.
    for (const hit of instant) {
      notes.push({
        users: [hit.userId],
        event: { name: 'savedSearch', data: { savedSearchId: hit.savedSearchId, label: hit.label, productId, name: listing.name, price: fromCents(listing.priceCents) } },
      });
    }
    // Awaited, in few statements: a listing matching thousands of searches must not queue thousands of NOTIFYs
    // ahead of the requests on the pool.
    await deps.publishMany(notes).catch((error: unknown) => ctx.log.warn({ err: error }, 'saved-search events not published'));
  });

  // --- Instant alerts ---
  interface Batch {
    search: StoredSearch;
    from: number;
    to: number;
  }

  /**
   * One alert job: each named search's hits since its last alert, one mail per search, in three steps as for a single
   * search: take the batches (pendingSeq) in one transaction, mail them (each under its own key), then move each
   * search's progress past its batch and queue the next alert of those with more hits, in one transaction. The reads
   * and writes of the first and last steps are one statement each for all the job's searches.
   */
  async function alertSearches(ids: readonly string[]): Promise<void> {
    // The owners are read before the transaction: on PGlite a read outside it would wait for it to end.
    const owners = await repo.owners(ids);
    if (owners.length === 0) return;
    const users = new Map((await deps.users.findByIds([...new Set(owners.map((o) => o.userId))])).map((u) => [u.id, u]));
    const batches = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const taken: Batch[] = [];
      const open: StoredSearch[] = [];
      const idle: string[] = [];
      const soon = Date.now() + 1000;
      for (const search of await repo.lockMany(tx, owners.map((o) => o.id))) {
        // Its next alert is not due yet: a later job holds it (this one is a retry, or ran again after it finished).
        if (search.alertDueAt && search.alertDueAt.getTime() > soon) continue;
        if (search.alert !== 'instant') await repo.set(tx, search.id, { alertDueAt: null, pendingSeq: null });
        // A batch taken is finished as it began (its mail may be out already), whatever the user chose since.
        else if (search.pendingSeq !== null) taken.push({ search, from: search.alertedSeq, to: search.pendingSeq });
        // No alert queued any more: the digest takes the hits (repository `inDigest`).
        else if (users.get(search.userId)?.savedSearchDigest) idle.push(search.id);
        else open.push(search);
      }
      const last = await repo.lastHitSeqs(tx, open.map((s) => ({ id: s.id, after: s.alertedSeq })));
      const fresh: Batch[] = [];
      for (const search of open) {
        const to = last.get(search.id);
        if (to === undefined) idle.push(search.id);
        else fresh.push({ search, from: search.alertedSeq, to });
      }
      await repo.clearAlertsDue(tx, idle);
      await repo.takeBatches(tx, fresh.map((b) => ({ id: b.search.id, to: b.to })));
      return [...taken, ...fresh];
    });
    if (batches.length === 0) return;

    const mailed = new Set<string>();
    for (const { search, from, to } of batches) {
      const user = users.get(search.userId);
      if (!user?.notifyByEmail) continue;
      const found = await repo.mailedHits(search.id, from, to, ALERT_MAIL_LISTINGS);
      const hits = await visible(search.userId, found.hits);
      if (hits.length === 0) continue;
      const sent = await deps.mailer.sendOnceOrRetry(
        `saved-search:${search.id}:${to}`,
        listingsMail({
          to: user.email,
          subject: hits.length === 1 ? `New for "${search.label}": ${hits[0]!.name}` : `${found.total} new listings for "${search.label}"`,
          intro: `New listings match your saved search "${search.label}":`,
          sections: [section(search, hits, found.total)],
          urls: ctx.config,
          priceFormat: ctx.config.priceFormat,
          footer: 'You get this mail because you saved this search with instant alerts.',
          unsubscribe: unsubscribeLinks(search),
        }),
      );
      if (sent) mailed.add(search.id);
    }

    await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const now = new Map((await repo.lockMany(tx, batches.map((b) => b.search.id))).map((s) => [s.id, s]));
      const kept = batches.filter((b) => now.has(b.search.id));
      const more = await repo.lastHitSeqs(tx, kept.map((b) => ({ id: b.search.id, after: b.to })));
      const mailedAt = new Date();
      const progress: AlertProgress[] = [];
      const next: { id: string; dueAt: Date }[] = [];
      for (const { search, to } of kept) {
        const wasMailed = mailed.has(search.id);
        const lastMailedAt = wasMailed ? mailedAt : null;
        if (!more.has(search.id) || now.get(search.id)!.alert !== 'instant') {
          progress.push({ id: search.id, alertedSeq: to, alertDueAt: null, lastMailedAt });
          continue;
        }
        const dueAt = new Date(Date.now() + (wasMailed ? intervalMs : 0));
        progress.push({ id: search.id, alertedSeq: to, alertDueAt: dueAt, lastMailedAt });
        next.push({ id: search.id, dueAt });
      }
      await repo.finishBatches(tx, progress);
      await sendAlertJobs(tx, next);
    });
  }

  // Jobs queued before alerts were batched name one search.
  ctx.jobs.define<{ savedSearchIds?: string[]; savedSearchId?: string }>('savedSearches.alert', async (data) => {
    await alertSearches(data.savedSearchIds ?? (data.savedSearchId ? [data.savedSearchId] : []));
  });

  // --- Daily digest ---
  async function runDigest(): Promise<number> {
    const users = await repo.digestUsers();
    for (const userId of users) await ctx.jobs.send('savedSearches.digestUser', { userId });
    return users.length;
  }
  ctx.jobs.define('savedSearches.digest', async () => {
    await runDigest();
  });
  ctx.jobs.schedule('savedSearches.digest', ctx.config.DIGEST_CRON);

  ctx.jobs.define<{ userId: string }>('savedSearches.digestUser', async ({ userId }) => {
    const user = await deps.users.findById(userId);
    const instantToo = user?.savedSearchDigest === true;
    const batches = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const searches = await repo.lockForDigest(tx, userId);
      const out: { search: StoredSearch; from: number; to: number }[] = [];
      for (const search of searches) {
        let to = search.pendingSeq;
        if (to === null) {
          const last = await repo.lastHitSeq(tx, search.id, search.alertedSeq);
          if (last === undefined) continue;
          if (search.alert === 'instant' && !instantToo) {
            // Waiting for a digest the user has turned off since: they go as an instant alert, now.
            await queueAlerts(tx, [search.id]);
            continue;
          }
          to = last;
          await repo.set(tx, search.id, { pendingSeq: to });
        }
        out.push({ search, from: search.alertedSeq, to });
      }
      return out;
    });
    if (batches.length === 0) return;
    const sections: ListingSection[] = [];
    for (const b of batches) {
      const found = await repo.mailedHits(b.search.id, b.from, b.to, ALERT_MAIL_LISTINGS);
      const hits = await visible(userId, found.hits);
      if (hits.length > 0) sections.push(section(b.search, hits, found.total));
    }
    if (user && user.notifyByEmail && sections.length > 0) {
      const key = `digest:${userId}:${batches.map((b) => `${b.search.id}-${b.to}`).join(',')}`;
      // The digest turns off daily alerts of its first search per link; each section names its own search.
      const first = batches.find((b) => sections.some((s) => s.heading === b.search.label))!.search;
      await deps.mailer.sendOnceOrRetry(
        key.length > 200 ? `digest:${userId}:${createHash('sha256').update(key).digest('hex')}` : key,
        listingsMail({
          to: user.email,
          subject: `Your daily digest: new listings for ${sections.length === 1 ? `"${sections[0]!.heading}"` : `${sections.length} saved searches`}`,
          intro: 'New listings match your saved searches:',
          sections,
          urls: ctx.config,
          priceFormat: ctx.config.priceFormat,
          footer: instantToo
            ? 'You get this daily digest because you chose one daily mail for your saved-search alerts in your profile. Manage the searches in your saved searches.'
            : 'You get this daily digest for your saved searches with daily alerts. Manage them in your saved searches.',
          unsubscribe: unsubscribeLinks(first),
        }),
      );
    }
    await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      for (const b of batches) {
        const now = await repo.lock(tx, b.search.id);
        if (!now) continue;
        await repo.set(tx, b.search.id, { alertedSeq: b.to, pendingSeq: null, lastMailedAt: new Date() });
        // Hits that came while this batch was out queued no alert (markAlertsDue waits for the batch): queue it now.
        if (now.alert === 'instant' && (await repo.lastHitSeq(tx, b.search.id, b.to)) !== undefined) await queueAlerts(tx, [b.search.id]);
      }
    });
  });

  return {
    async create(caller: AuthUser, body: Input): Promise<SavedSearch> {
      await enforceBudget(ctx, 'saved-search-write', caller.id, SAVED_SEARCH_WRITE_BUDGET.max, SAVED_SEARCH_WRITE_BUDGET.windowMs);
      const filters = savedSearchFilters(body.filters);
      if (Object.keys(filters).length === 0) {
        throw badRequest('Choose at least one filter to save a search', [{ path: 'filters', message: 'Choose at least one filter' }]);
      }
      const words = filters.q ? queryWords(filters.q) : [];
      const q = words.length > 0 ? filters.q! : null;
      let matchKey = filters.category ? `c:${filters.category}` : '*';
      if (q && !hasSearchOperators(q)) {
        const lexeme = await repo.rarestLexeme(words);
        if (lexeme) matchKey = lexeme;
      }
      // Near a place: its point and the radius, which matching reads (the timeline's default radius when none is given).
      let near: { nearLat: number; nearLng: number; radiusKm: number } | undefined;
      let placeName: string | undefined;
      if (filters.near !== undefined) {
        const place = await deps.placeOf?.(Number(filters.near));
        if (!place) throw badRequest('Unknown place', [{ path: 'filters.near', message: 'Choose a place from the list' }]);
        near = { nearLat: place.lat, nearLng: place.lng, radiusKm: Number(filters.radiusKm ?? RADIUS_KM_DEFAULT) };
        placeName = place.name;
      }
      const row = await ctx.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await repo.lockUser(tx, caller.id);
        if ((await repo.count(tx, caller.id)) >= SAVED_SEARCHES_MAX) {
          throw new AppError('SAVED_SEARCHES_FULL', `You can keep at most ${SAVED_SEARCHES_MAX} saved searches: delete some first`);
        }
        const inserted = await repo.insert(tx, {
          id: newId(),
          userId: caller.id,
          filters,
          filtersKey: filtersQuery(filters),
          label: savedSearchLabel(filters, ctx.config.priceFormat, placeName),
          alert: body.alert,
          q,
          category: filters.category ?? null,
          minCents: filters.minPrice !== undefined ? toCents(Number(filters.minPrice)) : null,
          maxCents: filters.maxPrice !== undefined ? toCents(Number(filters.maxPrice)) : null,
          matchKey,
          ...near,
        });
        if (!inserted) throw new AppError('ALREADY_SAVED', 'You saved this search already');
        return inserted;
      });
      return toSavedSearch(row);
    },

    async list(caller: AuthUser): Promise<SavedSearch[]> {
      return (await repo.list(caller.id)).map(toSavedSearch);
    },

    async update(caller: AuthUser, id: string, body: z.output<typeof UpdateSavedSearchBody>): Promise<SavedSearch> {
      await enforceBudget(ctx, 'saved-search-write', caller.id, SAVED_SEARCH_WRITE_BUDGET.max, SAVED_SEARCH_WRITE_BUDGET.windowMs);
      await owned(caller, id);
      if (body.alert === undefined) throw badRequest('Send an alert to change', [{ path: 'alert', message: 'Send instant, daily or off' }]);
      const row = await repo.update(id, caller.id, { alert: body.alert as SavedSearchAlert });
      if (!row) throw notFound('Saved search');
      return this.one(caller, row);
    },

    async remove(caller: AuthUser, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      await owned(caller, id);
      return { acknowledged: true, deletedCount: (await repo.remove(id, caller.id)) ? 1 : 0 };
    },

    async seen(caller: AuthUser, id: string): Promise<SavedSearch> {
      await owned(caller, id);
      const row = await repo.update(id, caller.id, { seenAt: new Date() });
      if (!row) throw notFound('Saved search');
      return toSavedSearch({ ...row, newCount: 0 });
    },

    async one(caller: AuthUser, row: StoredSearch): Promise<SavedSearch> {
      const listed = (await repo.list(caller.id)).find((r) => r.id === row.id);
      return toSavedSearch(listed ?? row);
    },

    /** One-click unsubscribe: a valid token turns its search's alert off; anything else changes nothing (400). */
    async unsubscribe(token: string): Promise<{ label: string; alert: 'off' }> {
      const invalid = () => new AppError('INVALID_TOKEN', 'This unsubscribe link is not valid');
      const id = tokens.idOf(token);
      if (!id) throw invalid();
      const search = await repo.find(id);
      if (!search || !tokens.verify(token, search.id, search.userId)) throw invalid();
      await repo.update(search.id, search.userId, { alert: 'off', alertDueAt: null });
      return { label: search.label, alert: 'off' };
    },

    /** Queues the digest of every user with daily searches (the DIGEST_CRON job; tests call it). */
    runDigest,

    /** The products module's onChange (app.ts): a new listing, or one edited into a search's filters, is matched off the request path. */
    async onListingChange(tx: Db, change: ListingChange): Promise<void> {
      if (change.kind === 'created') {
        await ctx.jobs.send('savedSearches.match', { productId: change.row.id }, { tx });
        return;
      }
      if (change.kind !== 'updated') return;
      const { before, after } = change;
      const moved =
        before.name !== after.name ||
        before.category !== after.category ||
        before.priceCents !== after.priceCents ||
        before.shortDescription !== after.shortDescription ||
        before.longDescription !== after.longDescription ||
        // Moved into a search's radius.
        before.placeId !== after.placeId;
      if (moved) await ctx.jobs.send('savedSearches.match', { productId: after.id }, { tx });
    },

    /** The matching statement (bench). */
    matchSelect: repo.matchSelect,
    /** The list's statement (bench). */
    listStatement: repo.listStatement,

    /**
     * Saved searches' part of an account's deletion and export (lib/account-lifecycle.ts): deleted with the account
     * (their hits with them; a queued alert job finds no search and does nothing); exported with their filters.
     */
    accountPart(): AccountPart {
      return {
        module: 'saved-searches',
        tables: ['saved_searches'],
        onDelete: async (tx, userId) => {
          await repo.lockUser(tx, userId);
          await repo.removeAllOf(tx, userId);
        },
        exportFor: async (userId) => ({
          savedSearches: (await repo.allOf(userId)).map((row) => ({
            _id: row.id,
            label: row.label,
            filters: row.filters,
            alert: row.alert,
            createdAt: row.createdAt.toISOString(),
            seenAt: row.seenAt.toISOString(),
            lastMailedAt: row.lastMailedAt?.toISOString() ?? null,
          })),
        }),
      };
    },
  };
}
export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
