// Reports and moderation (docs/product.md#reports-and-moderation): the names both sides use, zod-free.

/** What can be reported: a published review too (issue 29), by anyone who can read it. */
export const REPORT_TARGET_TYPES = ['listing', 'user', 'message', 'review'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why. `stolen_photos` is also what the photo check files by itself (a report with no human reporter). */
export const REPORT_REASONS = ['scam', 'stolen_photos', 'prohibited', 'counterfeit', 'offensive', 'spam', 'wrong_category', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report as its reporter sees it: still open, or resolved with action taken or no violation found. */
export const REPORT_OUTCOMES = ['open', 'action_taken', 'no_violation'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/**
 * What a moderator decides for every open report on one target. `remove_listing` applies to a listing only,
 * `remove_review` to a review only (it leaves its subject's rating as an admin's DELETE /api/reviews/:id does).
 */
export const MODERATION_ACTIONS = ['dismiss', 'remove_listing', 'remove_review', 'warn_user', 'ban_user'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The actions that apply to one kind of target only (the others apply to every report). */
export const ACTION_ONLY_FOR: Partial<Record<ModerationAction, ReportTargetType>> = { remove_listing: 'listing', remove_review: 'review' };
/** Whether a moderator may take `action` on a target of this type. */
export const actionApplies = (action: ModerationAction, targetType: ReportTargetType): boolean => (ACTION_ONLY_FOR[action] ?? targetType) === targetType;

/** The queue's two views. */
export const REPORT_QUEUE_VIEWS = ['open', 'resolved'] as const;
export type ReportQueueView = (typeof REPORT_QUEUE_VIEWS)[number];

/**
 * A listing's moderation state, apart from its trade status: `hidden` (reported by enough trusted users, until a
 * moderator decides) and `removed` (taken off sale by a moderator, kept for the record). The wire's `status` of a
 * listing says `hidden` or `removed` instead of its trade status while it is one of them.
 */
export const LISTING_MODERATION_STATES = ['visible', 'hidden', 'removed'] as const;
export type ListingModeration = (typeof LISTING_MODERATION_STATES)[number];

/** A listing's `status` on the wire: its trade status, or its moderation state when it is not visible. */
export const LISTING_WIRE_STATUSES = ['available', 'reserved', 'sold', 'hidden', 'removed'] as const;
export type ListingWireStatus = (typeof LISTING_WIRE_STATUSES)[number];

export const REPORT_NOTE_MAX_LENGTH = 1000;
/** Reports one user may file per day (RATE_LIMIT_FACTOR scales it). */
export const REPORT_BUDGET = { max: 20, windowMs: 24 * 60 * 60 * 1000 } as const;

/** The days the admin overview charts. */
export const OVERVIEW_DAYS = 30;
export const STATS_METRICS = ['listings', 'requests', 'completed', 'users', 'reports'] as const;
export type StatsMetric = (typeof STATS_METRICS)[number];
