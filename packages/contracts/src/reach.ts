// What a seller sees of their listings' reach, and the listings like one (docs/product.md#reach).
import { z } from 'zod';
import { PARAM_MAX } from './common.ts';

/** Days of views a listing's stats show (today included). */
export const STATS_DAYS = 30;
/** Listings GET /api/products/:id/similar answers at most. */
export const SIMILAR_LIMIT = 8;
/** Listings GET /api/listingStats takes at once (a page of My Added Products). */
export const LISTING_STATS_MAX_IDS = 100;

export const ProductStatsSchema = z.object({
  views: z.array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), count: z.number().int() })).length(STATS_DAYS),
  totalViews: z.number().int(),
  favouriteCount: z.number().int(),
  openRequests: z.number().int().describe('Pending and Accepted requests'),
});
export type ProductStats = z.infer<typeof ProductStatsSchema>;

export const ListingStatsQuery = z.object({
  ids: z
    .string()
    .max(LISTING_STATS_MAX_IDS * (PARAM_MAX + 1))
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(PARAM_MAX)).min(1).max(LISTING_STATS_MAX_IDS))
    .describe(`Comma-separated listing ids, 1 to ${LISTING_STATS_MAX_IDS}`),
});

export const ListingStatsResponse = z.object({
  items: z.array(z.object({ productId: z.string(), totalViews: z.number().int(), favouriteCount: z.number().int() })),
});
export type ListingStatsResponse = z.infer<typeof ListingStatsResponse>;
