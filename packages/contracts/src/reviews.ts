// Reviews after a completed trade and public profiles (docs/product.md#reviews-and-profiles).
import { z } from 'zod';
import { PageQuery } from './common.ts';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_REPLY_MAX_LENGTH, REVIEW_ROLES, REVIEW_STATUSES, REVIEW_TEXT_MAX_LENGTH } from './review-rules.ts';


export const CreateReviewBody = z.object({
  rating: z
    .number({ error: `Rating must be a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}` })
    .int(`Rating must be a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`)
    .min(REVIEW_RATING_MIN, `Rating must be a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`)
    .max(REVIEW_RATING_MAX, `Rating must be a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`),
  text: z
    .string({ error: 'Text must be text' })
    .trim()
    .max(REVIEW_TEXT_MAX_LENGTH, `A review is at most ${REVIEW_TEXT_MAX_LENGTH} characters`)
    .default(''),
});
export type CreateReviewBody = z.input<typeof CreateReviewBody>;

export const ReplyReviewBody = z.object({
  text: z
    .string({ error: 'Reply is required' })
    .trim()
    .min(1, 'Reply is required')
    .max(REVIEW_REPLY_MAX_LENGTH, `A reply is at most ${REVIEW_REPLY_MAX_LENGTH} characters`),
});
export type ReplyReviewBody = z.input<typeof ReplyReviewBody>;

export const ReviewRoleSchema = z.enum(REVIEW_ROLES);
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);

export const ReviewReplySchema = z.object({ text: z.string(), createdAt: z.string() });

/** A review as its author sees it (the POST reply, `myReview`) and as lists show it once published. */
export const ReviewSchema = z.object({
  _id: z.string(),
  requestId: z.string(),
  /** The reviewed user's part in the trade: `seller` (reviewed by the buyer) or `buyer`. */
  role: ReviewRoleSchema,
  subjectId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  status: ReviewStatusSchema,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  reply: ReviewReplySchema.nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;
/** POST /api/buyerProduct/:id/review answers 201 `{review}`, as POST /api/reports answers `{report}`. */
export const CreateReviewResponse = z.object({ review: ReviewSchema });

/** A published review in a profile's list: who wrote it, about which listing. */
export const PublicReviewSchema = z.object({
  _id: z.string(),
  role: ReviewRoleSchema,
  rating: z.number().int(),
  text: z.string(),
  reply: ReviewReplySchema.nullable(),
  /** When it was published. */
  date: z.string(),
  author: z.object({ _id: z.string().nullable(), name: z.string(), photoURL: z.string() }),
  listing: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const ListReviewsQuery = z.strictObject({
  ...PageQuery,
  role: z.enum(REVIEW_ROLES, { error: 'role must be seller or buyer' }).default('seller'),
});
export type ListReviewsQuery = z.input<typeof ListReviewsQuery>;

export const RatingSummarySchema = z.object({ ratingAverage: z.number().nullable(), ratingCount: z.number().int() });

export const ProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photoURL: z.string(),
  memberSince: z.string(),
  emailVerified: z.boolean(),
  /** The most frequent location of the user's listings (null without listings). */
  location: z.string().nullable(),
  listings: z.object({ available: z.number().int(), sold: z.number().int() }),
  asSeller: RatingSummarySchema,
  asBuyer: RatingSummarySchema,
  /** Share (0 to 1) of buy requests of the last 90 days answered within 48 hours; null below 3 requests. */
  responseRate: z.number().nullable(),
  /** The median first answer as a human step ("within an hour"); null below 3 requests. */
  responseTime: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Every product reply's seller rating (average null before the first review). */
export const SellerRatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type SellerRating = z.infer<typeof SellerRatingSchema>;

/** Data of the `review` event: a review window opened (`opened`) or a review of the caller was published (`published`). */
export const ReviewEventSchema = z.object({
  requestId: z.string(),
  kind: z.enum(['opened', 'published']),
  productName: z.string(),
});
export type ReviewEvent = z.infer<typeof ReviewEventSchema>;
