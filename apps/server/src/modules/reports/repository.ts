// All SQL of the reports module's tables (reports, moderation_decisions). Its previews and target checks also read the
// listings, users, messages and reviews tables: a read model, the moderator sees what was reported as it is now (nothing
// here writes them; a listing's moderation state moves through the products module, a ban through the users module, a
// review's removal through the reviews module).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModerationAction, ReportReason, ReportTargetType } from '@olden/contracts/constants';
import type { Db } from '../../db/client.ts';
import { buyerRequests, moderationDecisions, products, reports, requestMessages, reviews, users } from '../../db/schema.ts';
import { descNullsLast } from '../../db/order.ts';

export type ReportRow = typeof reports.$inferSelect;
export type DecisionRow = typeof moderationDecisions.$inferSelect;

/** One entry of the open queue: a target and its open reports' summary. */
export interface OpenTargetRow {
  targetType: ReportTargetType;
  targetId: string;
  reportCount: number;
  reasons: ReportReason[];
  firstReportedAt: Date;
  lastReportedAt: Date;
}

export interface MyReportRow extends ReportRow {
  action: ModerationAction | null;
  targetLabel: string | null;
}

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

export function createReportsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db));
    },

    async insert(tx: Db, row: typeof reports.$inferInsert): Promise<ReportRow> {
      const [inserted] = await tx.insert(reports).values(row).returning();
      return inserted!;
    },

    /** An open report the system filed on this target for this reason (the photo check adds to it rather than filing twice). */
    async openSystemReport(tx: Db, targetType: ReportTargetType, targetId: string, reason: ReportReason): Promise<ReportRow | undefined> {
      const [row] = await tx
        .select()
        .from(reports)
        .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.reason, reason), eq(reports.status, 'open'), sql`${reports.reporterId} is null`))
        .limit(1)
        .for('update');
      return row;
    },

    async setDetails(tx: Db, id: string, details: unknown): Promise<void> {
      await tx.update(reports).set({ details }).where(eq(reports.id, id));
    },

    /**
     * Distinct reporters of the open reports on a listing whose email is verified and whose account is at least
     * `minAgeHours` old (the auto-hide rule's trusted reporters).
     */
    async trustedReporters(tx: Db, listingId: string, minAgeHours: number): Promise<number> {
      const { rows } = (await tx.execute(sql`
        select count(distinct r.reporter_id)::int as n
        from ${reports} r join ${users} u on u.id = r.reporter_id
        where r.target_type = 'listing' and r.target_id = ${listingId} and r.status = 'open'
          and u.email_verified and u.created_at <= now() - make_interval(hours => ${minAgeHours})
      `)) as unknown as { rows: { n: number }[] };
      return rows[0]?.n ?? 0;
    },

    /** Resolves every open report on the target (rows a concurrent resolve holds are waited for, then skipped as resolved). */
    async resolveOpen(tx: Db, targetType: ReportTargetType, targetId: string, decisionId: string): Promise<ReportRow[]> {
      return tx
        .update(reports)
        .set({ status: 'resolved', decisionId, resolvedAt: sql`now()` })
        .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
        .returning();
    },

    async insertDecision(tx: Db, row: typeof moderationDecisions.$inferInsert): Promise<void> {
      await tx.insert(moderationDecisions).values(row);
    },

    async openCount(): Promise<number> {
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from (select 1 from ${reports} where status = 'open' group by target_type, target_id) t`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]?.n ?? 0;
    },

    /** The reporter's reports, newest first, with the decision's action and a label of the target. */
    async mine(reporterId: string, limit: number, after?: [string, string]): Promise<MyReportRow[]> {
      const label = sql<string | null>`case ${reports.targetType}
        when 'listing' then (select p.name from ${products} p where p.id = ${reports.targetId})
        when 'user' then (select u.name from ${users} u where u.id = ${reports.targetId})
        when 'review' then (select left(v.text, 80) from ${reviews} v where v.id = ${reports.targetId})
        else (select left(m.body, 80) from ${requestMessages} m where m.id = ${reports.targetId}) end`;
      const rows = await db
        .select({ report: reports, action: moderationDecisions.action, targetLabel: label })
        .from(reports)
        .leftJoin(moderationDecisions, eq(moderationDecisions.id, reports.decisionId))
        .where(and(eq(reports.reporterId, reporterId), after ? sql`(${reports.createdAt}, ${reports.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined))
        .orderBy(...descNullsLast(reports.createdAt, reports.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.report, action: r.action, targetLabel: r.targetLabel }));
    },

    /** The open queue: one row per target, oldest first report first, after the cursor [first ISO, type, id]. */
    async openTargets(limit: number, after?: [string, string, string]): Promise<OpenTargetRow[]> {
      const { rows } = (await db.execute(sql`
        select target_type, target_id, count(*)::int as report_count, array_agg(distinct reason) as reasons,
          min(created_at) as first_at, max(created_at) as last_at
        from ${reports} where status = 'open'
        group by target_type, target_id
        ${after ? sql`having (min(created_at), target_type, target_id) > (${after[0]}::timestamptz, ${after[1]}, ${after[2]})` : sql``}
        order by min(created_at), target_type, target_id
        limit ${limit}
      `)) as unknown as { rows: { target_type: ReportTargetType; target_id: string; report_count: number; reasons: ReportReason[] | string; first_at: unknown; last_at: unknown }[] };
      return rows.map((r) => ({
        targetType: r.target_type,
        targetId: r.target_id,
        reportCount: r.report_count,
        // node-postgres decodes text[]; PGlite too, but an unknown array type would come as '{a,b}'.
        reasons: (Array.isArray(r.reasons) ? r.reasons : String(r.reasons).replace(/^\{|\}$/g, '').split(',')) as ReportReason[],
        firstReportedAt: toDate(r.first_at),
        lastReportedAt: toDate(r.last_at),
      }));
    },

    /** The resolved view: decisions, oldest first report first, after the cursor [first ISO, id]. */
    async decisions(limit: number, after?: [string, string]): Promise<(DecisionRow & { moderatorName: string | null })[]> {
      const rows = await db
        .select({ decision: moderationDecisions, moderatorName: users.name })
        .from(moderationDecisions)
        .leftJoin(users, eq(users.id, moderationDecisions.moderatorId))
        .where(after ? sql`(${moderationDecisions.firstReportedAt}, ${moderationDecisions.id}) > (${after[0]}::timestamptz, ${after[1]})` : undefined)
        .orderBy(asc(moderationDecisions.firstReportedAt), asc(moderationDecisions.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.decision, moderatorName: r.moderatorName }));
    },

    /** The reports of queue entries: the open ones of targets, or those a decision resolved; oldest first, with reporter names. */
    async reportsOf(where: { open: { targetType: ReportTargetType; targetId: string }[] } | { decisionIds: string[] }) {
      let condition;
      if ('open' in where) {
        if (where.open.length === 0) return [];
        condition = and(
          eq(reports.status, 'open'),
          sql`(${reports.targetType}, ${reports.targetId}) in (${sql.join(where.open.map((t) => sql`(${t.targetType}, ${t.targetId})`), sql`, `)})`,
        );
      } else {
        if (where.decisionIds.length === 0) return [];
        condition = inArray(reports.decisionId, where.decisionIds);
      }
      const rows = await db
        .select({ report: reports, reporterName: users.name })
        .from(reports)
        .leftJoin(users, eq(users.id, reports.reporterId))
        .where(condition)
        .orderBy(asc(reports.createdAt), asc(reports.id));
      return rows.map((r) => ({ ...r.report, reporterName: r.reporterName }));
    },

    // --- The read model: targets as they are now ---

    async listing(id: string) {
      const [row] = await db
        .select({
          id: products.id,
          name: products.name,
          shortDescription: products.shortDescription,
          longDescription: products.longDescription,
          priceCents: products.priceCents,
          status: products.status,
          moderation: products.moderation,
          image1: products.image1,
          image2: products.image2,
          image3: products.image3,
          image4: products.image4,
          sellerId: products.sellerId,
          sellerName: users.name,
          createdAt: products.createdAt,
        })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(eq(products.id, id))
        .limit(1);
      return row;
    },

    async user(id: string) {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    /** A message with its thread's parties. */
    async message(id: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: requestMessages.id,
          requestId: requestMessages.requestId,
          senderId: requestMessages.senderId,
          body: requestMessages.body,
          createdAt: requestMessages.createdAt,
          buyerId: buyerRequests.buyerId,
          sellerId: buyerRequests.sellerId,
        })
        .from(requestMessages)
        .innerJoin(buyerRequests, eq(buyerRequests.id, requestMessages.requestId))
        .where(eq(requestMessages.id, id))
        .limit(1);
      return row;
    },

    /** A review with its author's and subject's names as they are now (the author's null once their account is gone). */
    async review(id: string, tx: Db = db) {
      const author = alias(users, 'author');
      const subject = alias(users, 'subject');
      const [row] = await tx
        .select({
          id: reviews.id,
          status: reviews.status,
          role: reviews.role,
          rating: reviews.rating,
          text: reviews.text,
          replyText: reviews.replyText,
          productName: reviews.productName,
          authorId: reviews.authorId,
          authorName: author.name,
          subjectId: reviews.subjectId,
          subjectName: subject.name,
          publishedAt: reviews.publishedAt,
        })
        .from(reviews)
        .leftJoin(author, eq(author.id, reviews.authorId))
        .innerJoin(subject, eq(subject.id, reviews.subjectId))
        .where(eq(reviews.id, id))
        .limit(1);
      return row;
    },

    /** The thread around a message: up to 10 before it and 9 after, oldest first. */
    async threadAround(requestId: string, at: Date) {
      const columns = { id: requestMessages.id, senderId: requestMessages.senderId, senderName: users.name, body: requestMessages.body, createdAt: requestMessages.createdAt };
      const before = await db
        .select(columns)
        .from(requestMessages)
        .innerJoin(users, eq(users.id, requestMessages.senderId))
        .where(and(eq(requestMessages.requestId, requestId), sql`${requestMessages.createdAt} <= ${at.toISOString()}::timestamptz`))
        .orderBy(desc(requestMessages.createdAt), desc(requestMessages.id))
        .limit(11);
      const afterRows = await db
        .select(columns)
        .from(requestMessages)
        .innerJoin(users, eq(users.id, requestMessages.senderId))
        .where(and(eq(requestMessages.requestId, requestId), sql`${requestMessages.createdAt} > ${at.toISOString()}::timestamptz`))
        .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id))
        .limit(9);
      return [...before.reverse(), ...afterRows];
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
