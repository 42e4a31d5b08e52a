// Reports and the moderation queue (docs/product.md#reports-and-moderation). A report is filed by a user (or by the
// system: the stolen-photo check, fileSystemReport); enough trusted reporters hide a listing until a moderator decides;
// a moderator's decision resolves every open report on its target in one transaction, and the reporters are told the
// outcome. Lock order: the listing first (products.moderationIn), then the reports (as every listing transaction).
import {
  ACTION_ONLY_FOR,
  actionApplies,
  type CreateReportBody,
  type ModerationAction,
  type QueueEntry,
  type Report,
  REPORT_BUDGET,
  REPORT_TARGET_TYPES,
  type ReportOutcome,
  type ReportPreview,
  type ReportQueueQuery,
  type ReportReason,
  type ReportTargetType,
  type ResolveReportsBody,
} from '@olden/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { absoluteImageUrl } from '../../lib/image-urls.ts';
import type { Mail, Mailer } from '../../lib/mail.ts';
import { type CursorSpec, isCursorDate, isCursorId, isTuple, keysetPage, type Page } from '../../lib/pagination.ts';
import { PG_UNIQUE_VIOLATION, pgCode } from '../../lib/pg-errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { EventBus } from '../events/bus.ts';
import type { OnListingDeleted, ProductsService } from '../products/service.ts';
import type { RemoveReview } from '../reviews/service.ts';
import type { UsersService } from '../users/service.ts';
import { listingRemovedMail, reportResolvedMail, warningMail } from './mails.ts';
import { createReportsRepository, type MyReportRow, type ReportRow } from './repository.ts';

export interface SystemReport {
  targetType: 'listing';
  targetId: string;
  reason: ReportReason;
  /** The evidence, e.g. `{ matches: [{ photo, otherProductId, otherPhoto, distance }] }`. */
  details: Record<string, unknown>;
}

/** Files a report with no human reporter (the stolen-photo check), in the caller's transaction `tx` when it has one. */
export type FileSystemReport = (tx: Db | null, report: SystemReport) => Promise<void>;

type CreateBody = z.output<typeof CreateReportBody>;
type ResolveBody = z.output<typeof ResolveReportsBody>;
type QueueQuery = z.output<typeof ReportQueueQuery>;

const MINE_CURSOR: CursorSpec<{ createdAt: Date; id: string }, [string, string]> = {
  keyOf: (row) => [row.createdAt.toISOString(), row.id],
  isKey: (v): v is [string, string] => isTuple(v, ['string', 'string']) && isCursorDate(v[0]) && isCursorId(v[1]),
};
const OPEN_QUEUE_CURSOR: CursorSpec<QueueEntry, [string, string, string]> = {
  keyOf: (e) => [e.firstReportedAt, e.targetType, e.targetId],
  isKey: (v): v is [string, string, string] =>
    isTuple(v, ['string', 'string', 'string']) && isCursorDate(v[0]) && (REPORT_TARGET_TYPES as readonly string[]).includes(v[1] as string) && typeof v[2] === 'string' && v[2].length <= 300,
};
const RESOLVED_QUEUE_CURSOR: CursorSpec<QueueEntry & { decisionId: string }, [string, string]> = {
  keyOf: (e) => [e.firstReportedAt, e.decisionId],
  isKey: (v): v is [string, string] => isTuple(v, ['string', 'string']) && isCursorDate(v[0]) && isCursorId(v[1]),
};

export function outcomeOf(status: string, action: ModerationAction | null): ReportOutcome {
  if (status === 'open') return 'open';
  return action === 'dismiss' ? 'no_violation' : 'action_taken';
}

export function toReport(row: MyReportRow): Report {
  return {
    _id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    reason: row.reason,
    note: row.note,
    outcome: outcomeOf(row.status, row.action),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * A system report filed again on the same open target: its evidence is the new one, but the photo matches already
 * shown stay beside the new ones (the photo check hands over only the pairs it had not stored yet), each pair once.
 */
function mergedDetails(before: unknown, next: Record<string, unknown>): Record<string, unknown> {
  const old = (before as { matches?: unknown } | null)?.matches;
  const added = next.matches;
  if (!Array.isArray(old) || !Array.isArray(added)) return next;
  const key = (m: unknown) => {
    const { photo, otherProductId, otherPhoto } = (m ?? {}) as Record<string, unknown>;
    return JSON.stringify([photo, otherProductId, otherPhoto]);
  };
  const seen = new Set(added.map(key));
  return { ...next, matches: [...old.filter((m) => !seen.has(key(m))), ...added] };
}

const nothingToResolve = () => new AppError('NOTHING_TO_RESOLVE', 'There is no open report on this: another moderator may have resolved it');
const ownTarget = (what: string) => new AppError('OWN_TARGET', `You cannot report ${what}`);

export function createReportsService(
  ctx: AppContext,
  deps: {
    products: ProductsService;
    users: UsersService;
    mailer: Mailer;
    events: Pick<EventBus, 'publish'>;
    audit: AuditRecorder;
    /** A removed listing's open requests are declined (the buyer-requests module's declineOnDeletedListing). */
    declineRequests: OnListingDeleted;
    /** A moderator's `remove_review`, in the decision's transaction (the reviews module's removeIn: sums and audit). */
    removeReview: RemoveReview;
  },
) {
  const repo = createReportsRepository(ctx.db);
  const { REPORTS_TO_HIDE, REPORTER_MIN_AGE_HOURS } = ctx.config;

  async function send(mail: Mail, what: string): Promise<void> {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      ctx.log.error({ err: error }, `moderation mail not sent: ${what}`);
    }
  }

  /** Whether the target exists for the caller; throws 404 or OWN_TARGET. */
  async function assertReportable(caller: AuthUser, type: ReportTargetType, id: string): Promise<void> {
    if (!isId(id)) throw notFound('Target');
    if (type === 'listing') {
      const listing = await repo.listing(id);
      // A removed listing is a record, not something on the site any more.
      if (!listing || listing.moderation === 'removed') throw notFound('Listing');
      if (listing.sellerId === caller.id) throw ownTarget('your own listing');
    } else if (type === 'user') {
      const user = await repo.user(id);
      if (!user) throw notFound('User');
      if (user.id === caller.id) throw ownTarget('yourself');
    } else if (type === 'review') {
      const review = await repo.review(id);
      if (review && review.authorId === caller.id) throw ownTarget('your own review');
      // A pending review is its author's alone (double-blind): to anyone else it does not exist yet.
      if (!review || review.status !== 'published') throw notFound('Review');
    } else {
      const message = await repo.message(id);
      // Only a party to the thread knows the message: anyone else gets the answer an unknown id gets.
      if (!message || (message.buyerId !== caller.id && message.sellerId !== caller.id)) throw notFound('Message');
      if (message.senderId === caller.id) throw ownTarget('your own message');
    }
  }

  /** After a report on a listing: hide it once REPORTS_TO_HIDE trusted users have reported it (in the report's transaction). */
  async function hideIfReportedEnough(tx: Db, listingId: string): Promise<boolean> {
    const trusted = await repo.trustedReporters(tx, listingId, REPORTER_MIN_AGE_HOURS);
    if (trusted < REPORTS_TO_HIDE) return false;
    return deps.products.moderationIn(tx).move(listingId, ['visible'], 'hidden');
  }

  async function preview(type: ReportTargetType, id: string, reports: ReportRow[]): Promise<ReportPreview> {
    const listingPreview = async (listingId: string) => {
      const l = await repo.listing(listingId);
      if (!l) return null;
      return {
        _id: l.id,
        name: l.name,
        shortDescription: l.shortDescription,
        longDescription: l.longDescription,
        price: l.priceCents / 100,
        status: l.moderation === 'visible' ? l.status : l.moderation,
        // Named where they are served, as every reply names a stored image (lib/image-urls.ts, decision 022).
        image1: absoluteImageUrl(l.image1, ctx.config),
        image2: absoluteImageUrl(l.image2, ctx.config),
        image3: absoluteImageUrl(l.image3, ctx.config),
        image4: absoluteImageUrl(l.image4, ctx.config),
        sellerId: l.sellerId,
        sellerName: l.sellerName,
        createdAt: l.createdAt.toISOString(),
      };
    };
    const userPreview = async (userId: string) => {
      const u = await repo.user(userId);
      return u ? { _id: u.id, name: u.name, email: u.email, joinedAt: u.createdAt.toISOString(), emailVerified: u.emailVerified } : null;
    };
    const result: ReportPreview = { listing: null, user: null, message: null, review: null };
    if (type === 'listing') {
      result.listing = await listingPreview(id);
      if (result.listing) result.user = await userPreview(result.listing.sellerId);
      const matches = reports.flatMap((r) => {
        const d = r.details as { matches?: unknown } | null;
        return Array.isArray(d?.matches) ? (d.matches as { photo: string; otherProductId: string; otherPhoto: string; distance: number }[]) : [];
      });
      if (matches.length > 0) {
        const others = new Map<string, Awaited<ReturnType<typeof listingPreview>>>();
        for (const m of matches) if (!others.has(m.otherProductId)) others.set(m.otherProductId, isId(m.otherProductId) ? await listingPreview(m.otherProductId) : null);
        result.photoMatches = matches.map((m) => ({
          photo: absoluteImageUrl(String(m.photo), ctx.config),
          otherProductId: String(m.otherProductId),
          otherPhoto: absoluteImageUrl(String(m.otherPhoto), ctx.config),
          distance: Number(m.distance),
          other: others.get(m.otherProductId) ?? null,
        }));
      }
    } else if (type === 'user') {
      result.user = await userPreview(id);
    } else if (type === 'review') {
      const r = await repo.review(id);
      if (r) {
        result.review = {
          _id: r.id,
          rating: r.rating,
          text: r.text,
          reply: r.replyText,
          role: r.role,
          productName: r.productName,
          authorId: r.authorId,
          authorName: r.authorName,
          subjectId: r.subjectId,
          subjectName: r.subjectName,
          publishedAt: r.publishedAt?.toISOString() ?? null,
        };
        if (r.authorId) result.user = await userPreview(r.authorId);
      }
    } else {
      const m = await repo.message(id);
      if (m) {
        const thread = await repo.threadAround(m.requestId, m.createdAt);
        result.message = {
          _id: m.id,
          requestId: m.requestId,
          senderId: m.senderId,
          text: m.body,
          createdAt: m.createdAt.toISOString(),
          thread: thread.map((t) => ({ _id: t.id, senderId: t.senderId, senderName: t.senderName, text: t.body, createdAt: t.createdAt.toISOString() })),
        };
        result.user = await userPreview(m.senderId);
      }
    }
    return result;
  }

  async function entriesOf(
    targets: { targetType: ReportTargetType; targetId: string; reportCount: number; reasons: ReportReason[]; firstReportedAt: Date; lastReportedAt: Date }[],
    reportsByTarget: Map<string, (ReportRow & { reporterName: string | null })[]>,
  ): Promise<QueueEntry[]> {
    const entries: QueueEntry[] = [];
    for (const t of targets) {
      const rows = reportsByTarget.get(`${t.targetType}:${t.targetId}`) ?? [];
      entries.push({
        targetType: t.targetType,
        targetId: t.targetId,
        reportCount: t.reportCount,
        reasons: t.reasons,
        notes: rows.map((r) => ({ reason: r.reason, note: r.note, reporterName: r.reporterId === null ? null : r.reporterName, createdAt: r.createdAt.toISOString() })),
        firstReportedAt: t.firstReportedAt.toISOString(),
        lastReportedAt: t.lastReportedAt.toISOString(),
        preview: await preview(t.targetType, t.targetId, rows),
        resolution: null,
      });
    }
    return entries;
  }

  const fileSystemReport: FileSystemReport = async (tx, report) => {
    const work = async (t: Db) => {
      const existing = await repo.openSystemReport(t, report.targetType, report.targetId, report.reason);
      if (existing) {
        await repo.setDetails(t, existing.id, mergedDetails(existing.details, report.details));
        return;
      }
      const row = await repo.insert(t, {
        id: newId(),
        reporterId: null,
        targetType: report.targetType,
        targetId: report.targetId,
        reason: report.reason,
        details: report.details,
      });
      await deps.audit(t, { actorId: null, action: 'report.create', targetType: report.targetType, targetId: report.targetId, details: { reportId: row.id, reason: report.reason, system: true } });
    };
    if (tx) await work(tx);
    else await repo.transaction(work);
  };

  return {
    fileSystemReport,

    /**
     * Deleting an account (lib/account-lifecycle.ts): reports and decisions stay for the moderation record, naming the
     * account's tombstone (decision 024: its id names no one), so a scam reported by someone who left is still judged.
     * The export: the reports the user filed, with their outcome (a reported member by name only).
     */
    accountPart(): AccountPart {
      return {
        module: 'reports',
        tables: ['reports', 'moderation_decisions'],
        order: 30,
        // Another member is named by name only (the report's label), never by id.
        exportFor: async (userId) => ({
          reportsFiled: (await repo.mine(userId, 100_000)).map(toReport).map(({ targetId, ...report }) => (report.targetType === 'user' ? report : { ...report, targetId })),
        }),
        notExported: { moderation_decisions: "decisions taken as a moderator on other members' reports, kept for the record" },
      };
    },

    /** POST /api/reports */
    async create(caller: AuthUser, input: CreateBody): Promise<Report> {
      // A seller reported from their listing's page: the listing names them.
      let targetId = input.targetId;
      if (input.sellerOf !== undefined) {
        const listing = isId(input.sellerOf) ? await repo.listing(input.sellerOf) : undefined;
        if (!listing || listing.moderation === 'removed' || (input.targetId !== undefined && input.targetId !== listing.sellerId)) throw notFound('Listing');
        targetId = listing.sellerId;
      }
      const body = { ...input, targetId: targetId! };
      await assertReportable(caller, body.targetType, body.targetId);
      await enforceBudget(ctx, 'report-create', caller.id, REPORT_BUDGET.max, REPORT_BUDGET.windowMs);
      try {
        const { row, hidden } = await repo.transaction(async (tx) => {
          // The listing first, as every transaction that moves it: a report and a decision on it run one after the other.
          if (body.targetType === 'listing' && !(await deps.products.moderationIn(tx).lock(body.targetId))) throw notFound('Listing');
          const inserted = await repo.insert(tx, {
            id: newId(),
            reporterId: caller.id,
            targetType: body.targetType,
            targetId: body.targetId,
            reason: body.reason,
            note: body.note ?? '',
          });
          const hid = body.targetType === 'listing' ? await hideIfReportedEnough(tx, body.targetId) : false;
          await deps.audit(tx, {
            actorId: caller.id,
            action: 'report.create',
            targetType: body.targetType,
            targetId: body.targetId,
            details: { reportId: inserted.id, reason: body.reason, ...(hid ? { hidden: true } : {}) },
          });
          return { row: inserted, hidden: hid };
        });
        if (hidden) ctx.log.info({ listingId: body.targetId }, 'listing hidden by reports');
        return toReport({ ...row, action: null, targetLabel: null });
      } catch (error) {
        if (pgCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('ALREADY_REPORTED', 'You have already reported this; a moderator will look at it');
        throw error;
      }
    },

    /** GET /api/reports/mine: newest first. */
    async mine(caller: AuthUser, query: { limit: number; cursor?: string }): Promise<Page<MyReportRow>> {
      return keysetPage(MINE_CURSOR, query).fetch((after, limit) => repo.mine(caller.id, limit, after));
    },

    openCount: () => repo.openCount(),

    /** GET /api/admin/reports: one entry per target, oldest first. */
    async queue(query: QueueQuery): Promise<Page<QueueEntry>> {
      if (query.status === 'open') {
        return keysetPage(OPEN_QUEUE_CURSOR, query).fetch(async (after, limit) => {
          const targets = await repo.openTargets(limit, after);
          const rows = await repo.reportsOf({ open: targets.map((t) => ({ targetType: t.targetType, targetId: t.targetId })) });
          const byTarget = new Map<string, (ReportRow & { reporterName: string | null })[]>();
          for (const r of rows) {
            const key = `${r.targetType}:${r.targetId}`;
            byTarget.set(key, [...(byTarget.get(key) ?? []), r]);
          }
          return entriesOf(targets, byTarget);
        });
      }
      return keysetPage(RESOLVED_QUEUE_CURSOR, query).fetch(async (after, limit) => {
        const decisions = await repo.decisions(limit, after);
        const rows = await repo.reportsOf({ decisionIds: decisions.map((d) => d.id) });
        const entries: (QueueEntry & { decisionId: string })[] = [];
        for (const d of decisions) {
          const mine = rows.filter((r) => r.decisionId === d.id);
          const [entry] = await entriesOf(
            [
              {
                targetType: d.targetType,
                targetId: d.targetId,
                reportCount: mine.length,
                reasons: [...new Set(mine.map((r) => r.reason))],
                firstReportedAt: d.firstReportedAt,
                lastReportedAt: mine.at(-1)?.createdAt ?? d.firstReportedAt,
              },
            ],
            new Map([[`${d.targetType}:${d.targetId}`, mine]]),
          );
          entries.push({
            ...entry!,
            resolution: { action: d.action, note: d.note, moderatorName: d.moderatorName, resolvedAt: d.createdAt.toISOString() },
            decisionId: d.id,
          });
        }
        return entries;
      });
    },

    /**
     * POST /api/admin/reports/resolve: every open report on the target, in one transaction with the action. Two
     * moderators at once: the second finds no open report left (its UPDATE waits for the first's rows) and gets 409.
     */
    async resolve(caller: AuthUser, body: ResolveBody): Promise<{ resolved: number; action: ModerationAction }> {
      const { targetType, targetId, action, note } = body;
      if (!isId(targetId)) throw notFound('Target');
      if (!actionApplies(action, targetType)) {
        const only = ACTION_ONLY_FOR[action]!;
        throw new AppError('ACTION_NOT_APPLICABLE', `Only a ${only} can be removed this way; warn or ban the user instead`, {
          details: [{ path: 'action', message: `${action} applies to ${only}s only` }],
        });
      }
      const after: (() => Promise<void> | void)[] = [];
      const resolved = await repo.transaction(async (tx) => {
        const moderation = deps.products.moderationIn(tx);
        const listing = targetType === 'listing' ? await moderation.lock(targetId) : undefined;
        const decisionId = newId();
        const rows = await repo.resolveOpen(tx, targetType, targetId, decisionId);
        if (rows.length === 0) throw nothingToResolve();
        const firstReportedAt = rows.reduce((min, r) => (r.createdAt < min ? r.createdAt : min), rows[0]!.createdAt);
        await repo.insertDecision(tx, { id: decisionId, targetType, targetId, action, note, moderatorId: caller.id, firstReportedAt });

        // Whose conduct the decision is about: the listing's seller, the user, the message's sender, the review's author.
        let subjectId: string | undefined;
        if (targetType === 'listing') subjectId = listing?.sellerId;
        else if (targetType === 'user') subjectId = targetId;
        else if (targetType === 'review') subjectId = (await repo.review(targetId, tx))?.authorId ?? undefined;
        else subjectId = (await repo.message(targetId, tx))?.senderId;

        if (action === 'dismiss' || action === 'warn_user') {
          if (listing) await moderation.move(targetId, ['hidden'], 'visible');
        }
        if (action === 'remove_listing') {
          if (!listing) throw notFound('Listing');
          await moderation.move(targetId, ['visible', 'hidden'], 'removed');
          const tellDeclined = await deps.declineRequests(tx, targetId);
          after.push(tellDeclined);
          await deps.audit(tx, { actorId: caller.id, action: 'admin.product.remove', targetType: 'listing', targetId, details: { sellerId: listing.sellerId, note } });
          after.push(async () => {
            const seller = await deps.users.findById(listing.sellerId);
            if (seller) await send(listingRemovedMail(seller, listing.name, note, ctx.config.publicUrl), 'listing removed');
          });
        }
        if (action === 'remove_review' && !(await deps.removeReview(tx, caller, targetId, { via: 'report', note }))) throw notFound('Review');
        if (action === 'warn_user' || action === 'ban_user') {
          if (!subjectId) throw notFound('User');
        }
        if (action === 'warn_user') {
          const user = subjectId!;
          after.push(async () => {
            const warned = await deps.users.findById(user);
            if (warned) await send(warningMail(warned, targetType, note, ctx.config.publicUrl), 'warning');
          });
        }
        if (action === 'ban_user') {
          await deps.users.ban(caller, subjectId!, tx);
          await deps.audit(tx, { actorId: caller.id, action: 'admin.user.ban', targetType: 'user', targetId: subjectId!, details: { via: 'report', note } });
        }
        await deps.audit(tx, {
          actorId: caller.id,
          action: 'report.resolve',
          targetType,
          targetId,
          details: { action, note, reports: rows.length, ...(subjectId ? { userId: subjectId } : {}) },
        });

        // Each reporter is told the outcome, never what happened to whom.
        const outcome = outcomeOf('resolved', action);
        for (const r of rows) {
          if (!r.reporterId) continue;
          const reporterId = r.reporterId;
          after.push(async () => {
            await deps.events.publish([reporterId], { name: 'report', data: { reportId: r.id, outcome } });
            const reporter = await deps.users.findById(reporterId);
            if (reporter) await send(reportResolvedMail(reporter, targetType, outcome === 'action_taken', ctx.config.publicUrl), 'report resolved');
          });
        }
        return rows.length;
      });
      for (const step of after) {
        try {
          await step();
        } catch (error) {
          ctx.log.error({ err: error }, 'after a moderation decision');
        }
      }
      return { resolved, action };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
