// The trade loop (docs/product.md#trade-lifecycle, #messages-and-notifications): bodies and answers of the lifecycle,
// messages, summary and live events.
import { z } from 'zod';
import { PageQuery } from './common.ts';
import { MESSAGE_FLAGS } from './message-flags.ts';
import { BUYER_REQUEST_STATUSES, LISTING_STATUSES, MESSAGE_MAX_LENGTH, SELLER_DECISIONS } from './trade-status.ts';

export const BuyerRequestStatusSchema = z.enum(BUYER_REQUEST_STATUSES);
export const ListingStatusSchema = z.enum(LISTING_STATUSES);

/** PATCH /api/buyerProduct/:id: the seller's (or an admin's) decision on a request. */
export const UpdateBuyerRequestBody = z.strictObject({
  status: z.enum(SELLER_DECISIONS, { error: 'status must be Accepted or Declined' }),
});
export type UpdateBuyerRequestBody = z.input<typeof UpdateBuyerRequestBody>;

/** One message of a request's thread; `from` says which party wrote it. Plain text, shown as text. */
export const MessageSchema = z.object({
  _id: z.string(),
  requestId: z.string(),
  from: z.enum(['buyer', 'seller']),
  senderName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /**
   * Why the message asks to move off the site (links, addresses, numbers, payment outside it, messaging apps): the
   * recipient is warned beside it (docs/product.md#scam-warnings). Empty for an ordinary message.
   */
  flags: z.array(z.enum(MESSAGE_FLAGS)),
});
export type Message = z.infer<typeof MessageSchema>;

export const PostMessageBody = z.strictObject({
  text: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
});
export type PostMessageBody = z.input<typeof PostMessageBody>;

export const ListMessagesQuery = z.strictObject({ ...PageQuery });
export type ListMessagesQuery = z.input<typeof ListMessagesQuery>;

/** GET /api/me/summary: the navbar's and dashboard's badges. */
export const SummarySchema = z.object({
  /** The caller's open requests as a buyer (the cart). */
  cartCount: z.number().int(),
  /** Open requests to the caller as a seller. */
  requestCount: z.number().int(),
  /** Messages to the caller, in open or closed threads, not yet read. */
  unreadMessages: z.number().int(),
});
export type Summary = z.infer<typeof SummarySchema>;

/** Data of the `message` event: a new message in one of the caller's threads. */
export const MessageEventSchema = z.object({ requestId: z.string(), message: MessageSchema });
export type MessageEvent = z.infer<typeof MessageEventSchema>;
/** Data of the `request` event: a request of the caller's changed status. */
export const RequestEventSchema = z.object({ requestId: z.string(), status: BuyerRequestStatusSchema, productId: z.string() });
export type RequestEvent = z.infer<typeof RequestEventSchema>;
