// Favourites and saved searches (docs/product.md#favourites-and-saved-searches): the bodies, replies and events the
// server and the web share; the limits and the filters' rules are in discovery-rules.ts.
import { z } from 'zod';
import { SAVED_SEARCH_ALERTS } from './discovery-rules.ts';
import { ProductSchema } from './products.ts';
import { ListingStatusSchema } from './trade.ts';

export const ProductIdParams = z.object({ productId: z.string().max(300) });

export const FavouriteStateSchema = z.object({ favourited: z.boolean(), favouriteCount: z.number().int() });
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;

/**
 * One saved listing as GET /api/favourites lists it: the listing as it is now (`product`), or, once deleted, the name
 * and price it had (`deleted: true`, `product: null`).
 */
export const FavouriteSchema = z.object({
  productId: z.string(),
  savedAt: z.string(),
  deleted: z.boolean(),
  name: z.string(),
  price: z.number(),
  /** null once deleted. */
  status: ListingStatusSchema.nullable(),
  product: ProductSchema.nullable(),
});
export type Favourite = z.infer<typeof FavouriteSchema>;

export const FavouriteIdsSchema = z.object({ ids: z.array(z.string()) });

export const SavedSearchFiltersSchema = z
  .object({
    q: z.string().optional(),
    category: z.string().optional(),
    minPrice: z.string().optional(),
    maxPrice: z.string().optional(),
  })
  .catchall(z.string());

export const CreateSavedSearchBody = z.object({
  filters: z.record(z.string().max(40), z.union([z.string().max(300), z.number()])).refine((f) => Object.keys(f).length <= 20, 'Too many filters'),
  alert: z.enum(SAVED_SEARCH_ALERTS).default('instant'),
});
export type CreateSavedSearchBody = z.input<typeof CreateSavedSearchBody>;

export const UpdateSavedSearchBody = z.object({ alert: z.enum(SAVED_SEARCH_ALERTS).optional() });
export type UpdateSavedSearchBody = z.input<typeof UpdateSavedSearchBody>;

export const SavedSearchSchema = z.object({
  _id: z.string(),
  label: z.string(),
  filters: SavedSearchFiltersSchema,
  alert: z.enum(SAVED_SEARCH_ALERTS),
  /** Listings created since the search was last opened, at most NEW_COUNT_CAP. */
  newCount: z.number().int(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchReply = z.object({ savedSearch: SavedSearchSchema });

export const UnsubscribeQuery = z.object({ token: z.string().max(500) });
export const UnsubscribeReply = z.object({ label: z.string(), alert: z.literal('off') });

/** The live events of this feature (GET /api/events). */
export const FavouriteEventSchema = z.object({
  productId: z.string(),
  /** What happened: a price drop, a status change (reserved, sold, back on sale) or the listing removed. */
  kind: z.enum(['priceDrop', 'status', 'removed']),
  name: z.string(),
  price: z.number(),
  previousPrice: z.number().optional(),
  status: ListingStatusSchema.nullable(),
});
export type FavouriteEvent = z.infer<typeof FavouriteEventSchema>;

export const SavedSearchEventSchema = z.object({
  savedSearchId: z.string(),
  label: z.string(),
  productId: z.string(),
  name: z.string(),
  price: z.number(),
});
export type SavedSearchEvent = z.infer<typeof SavedSearchEventSchema>;
