// Review rules shared by server and web, zod-free (docs/product.md#reviews-and-profiles).

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TEXT_MAX_LENGTH = 1000;
export const REVIEW_REPLY_MAX_LENGTH = 1000;
/** The reviewed user's part in the trade. */
export const REVIEW_ROLES = ['seller', 'buyer'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];
/** Pending until both parties reviewed or the window closed (double-blind), then published. */
export const REVIEW_STATUSES = ['pending', 'published'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** The default review window (REVIEW_WINDOW_HOURS): 14 days. */
export const REVIEW_WINDOW_HOURS_DEFAULT = 336;
/** Reviews (and replies) one user may write per hour (RATE_LIMIT_FACTOR scales it). */
export const REVIEW_BUDGET = { max: 60, windowMs: 60 * 60 * 1000 } as const;
/** A profile's figures need at least this many buy requests in the last 90 days. */
export const RESPONSE_MIN_REQUESTS = 3;

/** Stars as a reader hears them: "4.5 out of 5 (12 reviews)". */
/** A running sum and count as the average every reply shows: two decimals, null before the first review. */
export const ratingAverage = (sum: number, count: number): number | null => (count === 0 ? null : Math.round((sum / count) * 100) / 100);

export function ratingLabel(average: number | null, count: number): string {
  if (count === 0 || average === null) return 'New seller';
  return `${average.toFixed(1)} out of 5 (${count} review${count === 1 ? '' : 's'})`;
}
