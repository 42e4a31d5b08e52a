// The audit log: every admin action (roles, bans, listing and image deletes, moderation decisions) and every report,
// written by the module that acts through `record` (in its own transaction when it has one), read by admins. And
// the admin overview: daily counts the database keeps (migration 0017's triggers).
import { type AuditQuery, OVERVIEW_DAYS, STATS_METRICS, type Stats, type StatsMetric } from '@olden/contracts';
import type { z } from 'zod';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { type CursorSpec, isCursorDate, isCursorId, isTuple, keysetPage, type Page } from '../../lib/pagination.ts';
import { type AuditRow, createAuditRepository } from './repository.ts';

/** What is audited. Admin actions are named `admin.*` as their security log events are. */
export type AuditAction =
  | 'admin.user.promote'
  | 'admin.user.demote'
  | 'admin.user.ban'
  | 'admin.product.delete'
  | 'admin.product.remove'
  | 'admin.image.delete'
  | 'admin.review.delete'
  | 'report.create'
  | 'report.resolve';

export interface AuditEntry {
  /** The acting user; null for the system (the stolen-photo check). */
  actorId: string | null;
  action: AuditAction;
  targetType: 'user' | 'listing' | 'message' | 'image' | 'review';
  targetId: string;
  details?: Record<string, unknown>;
}

/** Writes one audit event, in the caller's transaction `tx` when it has one (so it commits or rolls back with the action). */
export type AuditRecorder = (tx: Db | null, entry: AuditEntry) => Promise<void>;

const AUDIT_CURSOR: CursorSpec<AuditRow, [string, string]> = {
  keyOf: (row) => [row.at.toISOString(), row.id],
  isKey: (values): values is [string, string] => isTuple(values, ['string', 'string']) && isCursorDate(values[0]) && isCursorId(values[1]),
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function createAuditService(ctx: AppContext) {
  const repo = createAuditRepository(ctx.db);

  const record: AuditRecorder = async (tx, entry) => {
    await repo.insert(tx, {
      id: newId(),
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details ?? {},
    });
  };

  return {
    record,

    /**
     * Deleting an account (lib/account-lifecycle.ts): the audit log is the admins' record and stays, naming the
     * account's tombstone (decision 024). Not exported: a member's own reports are (the reports part).
     */
    accountPart(): AccountPart {
      return {
        module: 'audit',
        tables: ['audit_events'],
        notExported: { audit_events: "the admins' log of admin actions and reports, kept for the record; the reports a member filed are exported by the reports part" },
      };
    },

    /** Newest first; each filter is an exact match (an actor's id, an action's name, a target's id). */
    async list(query: z.output<typeof AuditQuery>): Promise<Page<AuditRow>> {
      return keysetPage(AUDIT_CURSOR, query).fetch((after, limit) =>
        repo.list({ actor: query.actor, action: query.action, target: query.target }, limit, after),
      );
    },

    /** The last OVERVIEW_DAYS UTC days, today included, one value per day and metric (0 where nothing happened). */
    async stats(openReports: () => Promise<number>, now = new Date()): Promise<Stats> {
      const days: string[] = [];
      for (let i = OVERVIEW_DAYS - 1; i >= 0; i--) days.push(isoDay(new Date(now.getTime() - i * 86_400_000)));
      const [rows, open] = await Promise.all([repo.dailyCounts(days[0]!), openReports()]);
      const index = new Map(days.map((d, i) => [d, i]));
      const series = Object.fromEntries(STATS_METRICS.map((m) => [m, days.map(() => 0)])) as Record<StatsMetric, number[]>;
      for (const row of rows) {
        const i = index.get(row.day);
        const values = series[row.metric as StatsMetric];
        if (i !== undefined && values) values[i] = row.count;
      }
      return { days, series, openReports: open };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

export function toAuditEvent(row: AuditRow) {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}
