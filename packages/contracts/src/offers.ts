// Offers and counter-offers on a buy request (docs/product.md#offers): bodies, params and replies.
import { z } from 'zod';
import { PARAM_MAX } from './common.ts';
import { OFFER_ACTIONS, OFFER_PARTIES, OFFER_STATUSES } from './offer-rules.ts';
import { amountOrIssue, PRICE_MAX } from './products.ts';

export const OFFER_AMOUNT_MESSAGE = 'Offer must be a positive amount like 120 or 120.50';

/** An amount in the listing's currency: a positive number with at most two decimals, as a number or as text. */
export const OfferAmount = z
  .union([z.number(), z.string().trim()], { error: OFFER_AMOUNT_MESSAGE })
  .transform((v, ctx) => amountOrIssue(v, ctx, OFFER_AMOUNT_MESSAGE))
  .meta({
    description: 'A positive amount in the listing’s currency, at most two decimals.',
    anyOf: [
      { type: 'number', minimum: 0.01, maximum: PRICE_MAX },
      { type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,2})?$' },
    ],
  });

/** POST /api/buyerProduct/:id/offers (the buyer of a Pending request). */
export const MakeOfferBody = z.strictObject({ amount: OfferAmount });
export type MakeOfferBody = z.input<typeof MakeOfferBody>;

/** PATCH /api/buyerProduct/:id/offers/:offerId: the other party's answer; a counter names its amount. */
export const AnswerOfferBody = z
  .strictObject({
    action: z.enum(OFFER_ACTIONS, { error: 'action must be accept, decline or counter' }),
    amount: OfferAmount.optional(),
  })
  .refine((body) => (body.action === 'counter') === (body.amount !== undefined), {
    path: ['amount'],
    message: 'A counter-offer names its amount; accept and decline name none',
  });
export type AnswerOfferBody = z.input<typeof AnswerOfferBody>;

export const OfferParams = z.object({ id: z.string().max(PARAM_MAX), offerId: z.string().max(PARAM_MAX) });

export const OfferSchema = z.object({
  _id: z.string(),
  requestId: z.string(),
  amount: z.number(),
  by: z.enum(OFFER_PARTIES),
  status: z.enum(OFFER_STATUSES),
  createdAt: z.string(),
  /** When an open offer expires (OFFER_TTL_HOURS after it was made). */
  expiresAt: z.string(),
  /** When it was accepted, declined, countered, expired or closed; null while open. */
  answeredAt: z.string().nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** Data of the `offer` event: an offer in one of the caller's threads was made or answered. */
export const OfferEventSchema = z.object({ requestId: z.string(), offer: OfferSchema });
export type OfferEvent = z.infer<typeof OfferEventSchema>;
