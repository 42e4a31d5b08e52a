// Reports, the moderation queue, the audit log and the admin overview (docs/product.md#reports-and-moderation).
import { z } from 'zod';
import { IdParams, PageQuery } from './common.ts';
import {
  LISTING_WIRE_STATUSES,
  MODERATION_ACTIONS,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_OUTCOMES,
  REPORT_QUEUE_VIEWS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  STATS_METRICS,
} from './moderation-status.ts';

export { IdParams };

export const ReportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` });
export const ModerationActionSchema = z.enum(MODERATION_ACTIONS, { error: `action must be one of ${MODERATION_ACTIONS.join(', ')}` });

/** Control characters but line breaks and tabs: plain text a moderator reads. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
const plainNote = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), 'Plain text only');

/** An id as every route takes it: anything else is its 404, not a 400. */
const TargetId = z.string().min(1).max(300);

/** POST /api/reports */
export const CreateReportBody = z
  .strictObject({
    targetType: ReportTargetTypeSchema,
    /** The listing's, user's, message's or review's id; may be left out for a user reported as `sellerOf` a listing. */
    targetId: TargetId.optional(),
    /**
     * targetType 'user' only: report the seller of this listing (a product page names its seller but not their id).
     */
    sellerOf: TargetId.optional(),
    reason: ReportReasonSchema,
    note: plainNote(REPORT_NOTE_MAX_LENGTH).optional(),
  })
  .refine((b) => b.targetId !== undefined || (b.targetType === 'user' && b.sellerOf !== undefined), {
    message: 'targetId is required',
    path: ['targetId'],
  })
  .refine((b) => b.sellerOf === undefined || b.targetType === 'user', { message: 'sellerOf is for targetType user', path: ['sellerOf'] });
export type CreateReportBody = z.input<typeof CreateReportBody>;

/** A report as its reporter sees it: what they reported, why, and the outcome (never who else reported or what was done). */
export const ReportSchema = z.object({
  _id: z.string(),
  targetType: ReportTargetTypeSchema,
  targetId: z.string(),
  /** The listing's name, the user's name, the message's or the review's first words, when the target still exists. */
  targetLabel: z.string().nullable(),
  reason: ReportReasonSchema,
  note: z.string(),
  outcome: z.enum(REPORT_OUTCOMES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;
export const CreateReportResponse = z.object({ report: ReportSchema });

export const MyReportsQuery = z.strictObject({ ...PageQuery });

/** Data of the `report` live event: one of the caller's reports was resolved. */
export const ReportEventSchema = z.object({ reportId: z.string(), outcome: z.enum(REPORT_OUTCOMES) });
export type ReportEvent = z.infer<typeof ReportEventSchema>;

/** GET /api/admin/reports */
export const ReportQueueQuery = z.strictObject({ ...PageQuery, status: z.enum(REPORT_QUEUE_VIEWS).default('open') });
export type ReportQueueQuery = z.input<typeof ReportQueueQuery>;

const ListingPreview = z.object({
  _id: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  longDescription: z.string(),
  price: z.number(),
  status: z.enum(LISTING_WIRE_STATUSES),
  image1: z.string(),
  image2: z.string(),
  image3: z.string(),
  image4: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  createdAt: z.string(),
});
export type ListingPreview = z.infer<typeof ListingPreview>;

/** What a queue entry shows of its target; null fields for a target that is gone (a banned seller's listing). */
export const ReportPreviewSchema = z.object({
  listing: ListingPreview.nullable(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string(), joinedAt: z.string(), emailVerified: z.boolean() }).nullable(),
  message: z
    .object({
      _id: z.string(),
      requestId: z.string(),
      senderId: z.string(),
      text: z.string(),
      createdAt: z.string(),
      /** The thread around it, oldest first (at most 20 messages). */
      thread: z.array(z.object({ _id: z.string(), senderId: z.string(), senderName: z.string(), text: z.string(), createdAt: z.string() })),
    })
    .nullable(),
  /** A reported review: what it says, who wrote it about whom, on which trade's listing (names as they are now). */
  review: z
    .object({
      _id: z.string(),
      rating: z.number().int(),
      text: z.string(),
      reply: z.string().nullable(),
      role: z.enum(['seller', 'buyer']),
      productName: z.string(),
      authorId: z.string().nullable(),
      authorName: z.string().nullable(),
      subjectId: z.string(),
      subjectName: z.string(),
      publishedAt: z.string().nullable(),
    })
    .nullable(),
  /** For a system stolen-photo report: the other sellers' listings whose photos match, side by side with this one's. */
  photoMatches: z
    .array(z.object({ photo: z.string(), otherProductId: z.string(), otherPhoto: z.string(), distance: z.number(), other: ListingPreview.nullable() }))
    .optional(),
});
export type ReportPreview = z.infer<typeof ReportPreviewSchema>;

export const QueueEntrySchema = z.object({
  targetType: ReportTargetTypeSchema,
  targetId: z.string(),
  reportCount: z.number().int(),
  reasons: z.array(ReportReasonSchema),
  notes: z.array(z.object({ reason: ReportReasonSchema, note: z.string(), reporterName: z.string().nullable(), createdAt: z.string() })),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  preview: ReportPreviewSchema,
  /** Resolved entries: what was decided, by whom and when. */
  resolution: z
    .object({ action: ModerationActionSchema, note: z.string(), moderatorName: z.string().nullable(), resolvedAt: z.string() })
    .nullable(),
});
export type QueueEntry = z.infer<typeof QueueEntrySchema>;

/** POST /api/admin/reports/resolve */
export const ResolveReportsBody = z.strictObject({
  targetType: ReportTargetTypeSchema,
  targetId: TargetId,
  action: ModerationActionSchema,
  note: plainNote(REPORT_NOTE_MAX_LENGTH).default(''),
});
export type ResolveReportsBody = z.input<typeof ResolveReportsBody>;
export const ResolveReportsResponse = z.object({ resolved: z.number().int(), action: ModerationActionSchema });

export const OpenReportsCountSchema = z.object({ open: z.number().int() });

/** GET /api/admin/audit */
export const AuditQuery = z.strictObject({
  ...PageQuery,
  actor: z.string().max(300).optional(),
  action: z.string().max(80).optional(),
  target: z.string().max(300).optional(),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** The admin (or reporter) who acted; null for the system (the photo check). */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** GET /api/admin/stats: one value per day and metric, oldest day first, for the last OVERVIEW_DAYS days (today included). */
export const StatsSchema = z.object({
  days: z.array(z.string()),
  series: z.record(z.enum(STATS_METRICS), z.array(z.number().int())),
  openReports: z.number().int(),
});
export type Stats = z.infer<typeof StatsSchema>;
