// All SQL of the audit log (audit_events) and the overview's daily counts (daily_stats, written only by the triggers
// of migration 0017). Reads the users table for an actor's name (a read model: the page names who acted).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, dailyStats, users } from '../../db/schema.ts';
import { descNullsLast } from '../../db/order.ts';

export type AuditRow = typeof auditEvents.$inferSelect & { actorName: string | null };
export type NewAuditRow = typeof auditEvents.$inferInsert;

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
}

export function createAuditRepository(db: Db) {
  return {
    async insert(tx: Db | null, row: NewAuditRow): Promise<void> {
      await (tx ?? db).insert(auditEvents).values(row);
    },

    /** Newest first, after the cursor row [at, id]. */
    async list(filter: AuditFilter, limit: number, after?: [string, string]): Promise<AuditRow[]> {
      const conditions = [
        filter.actor !== undefined ? eq(auditEvents.actorId, filter.actor) : undefined,
        filter.action !== undefined ? eq(auditEvents.action, filter.action) : undefined,
        filter.target !== undefined ? eq(auditEvents.targetId, filter.target) : undefined,
        after ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ];
      return db
        .select({
          id: auditEvents.id,
          at: auditEvents.at,
          actorId: auditEvents.actorId,
          action: auditEvents.action,
          targetType: auditEvents.targetType,
          targetId: auditEvents.targetId,
          details: auditEvents.details,
          actorName: users.name,
        })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(and(...conditions))
        .orderBy(...descNullsLast(auditEvents.at, auditEvents.id))
        .limit(limit);
    },

    /** The daily counts from `fromDay` (YYYY-MM-DD, UTC) on. */
    async dailyCounts(fromDay: string): Promise<{ day: string; metric: string; count: number }[]> {
      return db
        .select({ day: dailyStats.day, metric: dailyStats.metric, count: dailyStats.count })
        .from(dailyStats)
        .where(sql`${dailyStats.day} >= ${fromDay}::date`);
    },
  };
}
