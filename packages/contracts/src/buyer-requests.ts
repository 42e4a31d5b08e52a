import { z } from 'zod';
import { CATEGORY_KEYS } from './categories.ts';
import { Email, PageQuery, requiredText } from './common.ts';
import { Phone } from './products.ts';
import { BuyerRequestStatusSchema } from './trade.ts';
import { ReviewSchema } from './reviews.ts';
import { REQUEST_LIST_VIEWS } from './trade-status.ts';

/** A new request's status (the spec's); the whole lifecycle is in trade-status.ts. */
export const BUYER_REQUEST_STATUS = 'Pending';

export const CreateBuyerRequestBody = z.object({
  productId: z.string({ error: 'productId is required' }).min(1, 'productId is required').max(200),
  phoneNumber: Phone,
  buyerAddress: requiredText('Address', 500),
});
export type CreateBuyerRequestBody = z.input<typeof CreateBuyerRequestBody>;

export const ListBuyerRequestsQuery = z
  .strictObject({
    ...PageQuery,
    buyerEmail: Email.optional(),
    email: Email.optional(),
    /** open (default): Pending and Accepted, as the spec's lists; closed: the history, newest first. */
    status: z.enum(REQUEST_LIST_VIEWS, { error: 'status must be open or closed' }).default('open'),
  })
  .refine((q) => (q.buyerEmail ? 1 : 0) + (q.email ? 1 : 0) === 1, {
    message: 'Pass exactly one of buyerEmail (your cart) or email (requests to you)',
  });
export type ListBuyerRequestsQuery = z.input<typeof ListBuyerRequestsQuery>;

export const BuyerProductSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  phoneNumber: z.string(),
  buyerAddress: z.string(),
  status: BuyerRequestStatusSchema,
  image1: z.string(),
  name: z.string(),
  age: z.number().int(),
  date: z.string(),
  category: z.enum(CATEGORY_KEYS),
  price: z.number(),
  /** The price an accepted offer agreed (docs/product.md#offers), null otherwise: what the trade costs when set. */
  agreedPrice: z.number().nullable(),
  uploaderName: z.string(),
  uploaderPhone: z.string(),
  uploaderLocation: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** When the status last changed (the creation time until then). */
  updatedAt: z.string(),
  /** Messages in this request's thread the caller has not read (0 for an admin reading others'). */
  unreadMessages: z.number().int(),
  /** The parties' user ids (what PUT /api/blocks/:userId names). */
  buyerId: z.string(),
  sellerId: z.string(),
  /** The caller's review of the other party (Completed requests; null before it is written). */
  myReview: ReviewSchema.nullable().optional(),
  /** Until when a Completed request may be reviewed (null for other statuses). */
  reviewClosesAt: z.string().nullable().optional(),
});
export type BuyerProduct = z.infer<typeof BuyerProductSchema>;
