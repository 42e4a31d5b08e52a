import { z } from 'zod';
import { CATEGORY_KEYS } from './categories.ts';
import { Email, imageUrl, PageQuery, requiredText } from './common.ts';
import { messages } from './messages.ts';
import { RADIUS_KM_MAX, RADIUS_KM_MIN } from './place-rules.ts';
import { ListingPlaceSchema } from './places.ts';
import { PRODUCT_SORTS } from './timeline-filters.ts';
import { LISTING_WIRE_STATUSES } from './moderation-status.ts';
import { SellerRatingSchema } from './reviews.ts';

export const SHORT_DESCRIPTION_HINT_WORDS = 20;
export const LONG_DESCRIPTION_HINT_WORDS = 180;
export const PRICE_MAX = 100_000_000;
export const AGE_MAX_MONTHS = 12_000;

/**
 * A money amount as typed (a number, or its text): above 0, at most PRICE_MAX and two decimals, rounded to the cent.
 * The one rule of a price, an offer and an offer floor; anything else is an issue with the field's own `message`.
 */
export function amountOrIssue(v: number | string, ctx: z.RefinementCtx, message: string): number {
  const text = typeof v === 'number' ? String(v) : v;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || Number(text) <= 0 || Number(text) > PRICE_MAX) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return Math.round(Number(text) * 100) / 100;
}

/** The form sends price as text: "120" and "120.50" are fine, "abc" and "-3" are not. */
export const Price = z
  .union([z.number(), z.string().trim()], { error: messages.required('Price') })
  .transform((v, ctx) => {
    if (v === '') {
      ctx.addIssue({ code: 'custom', message: messages.required('Price') });
      return z.NEVER;
    }
    return amountOrIssue(v, ctx, messages.priceInvalid);
  })
  .meta({
    description: 'A positive price, at most two decimals, as a number or as text.',
    anyOf: [
      { type: 'number', minimum: 0.01, maximum: PRICE_MAX },
      { type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,2})?$' },
    ],
  });

export const Age = z
  .union([z.number(), z.string().trim()], { error: messages.required('Age') })
  .transform((v, ctx) => {
    if (v === '') {
      ctx.addIssue({ code: 'custom', message: messages.required('Age') });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > AGE_MAX_MONTHS) {
      ctx.addIssue({ code: 'custom', message: messages.ageInvalid });
      return z.NEVER;
    }
    return n;
  })
  .meta({
    description: 'A whole number of months, as a number or as text.',
    anyOf: [
      { type: 'integer', minimum: 0, maximum: AGE_MAX_MONTHS },
      { type: 'string', pattern: '^\\d{1,6}$' },
    ],
  });

export const PostDate = requiredText('Date', 40).refine((v) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}, messages.dateInvalid).meta({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const Phone = z
  .union([z.number(), z.string()], { error: messages.required('Phone Number') })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, messages.required('Phone Number'))
      .regex(/^[0-9+\-() ]{5,20}$/, messages.phoneInvalid),
  )
  .meta({ anyOf: [{ type: 'number' }, { type: 'string', pattern: '^[0-9+\\-() ]{5,20}$' }] });

export const CategoryField = z.enum(CATEGORY_KEYS, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required('Category') : messages.categoryInvalid),
});

export const ProductFields = {
  image1: imageUrl('Image 1'),
  image2: imageUrl('Image 2'),
  image3: imageUrl('Image 3'),
  image4: imageUrl('Image 4'),
  name: requiredText('Name', 120),
  age: Age,
  date: PostDate,
  category: CategoryField,
  shortDescription: requiredText('Short Description', 600),
  longDescription: requiredText('Long Description', 5000),
  price: Price,
  uploaderPhone: Phone,
  uploaderLocation: requiredText('Location', 200),
};

export const OFFER_FLOOR_MESSAGE = 'Offer floor must be a positive amount like 60 or 60.50';
/** The lowest offer a seller takes (private: only their own reads show it); null goes back to half the price. */
export const OfferFloor = z
  // null (the documented empty string) takes the floor back to the default.
  .preprocess((v) => (v === null ? '' : v), z.union([z.number(), z.string().trim()], { error: OFFER_FLOOR_MESSAGE }))
  .transform((v, ctx) => {
    if (v === '') return null;
    return amountOrIssue(v, ctx, OFFER_FLOOR_MESSAGE);
  })
  .meta({
    description: 'The lowest offer taken, at most two decimals and not above the price; null or empty: half the price.',
    anyOf: [{ type: 'number', minimum: 0.01, maximum: PRICE_MAX }, { type: 'string', pattern: '^(\\d{1,9}(\\.\\d{1,2})?)?$' }],
  });

/** A place of the gazetteer (GET /api/places), GeoNames' id; null on an update takes the listing's place away. */
export const PlaceIdField = z.number().int().min(1).max(2_147_483_647).nullable().optional();

/**
 * The spec's fields and an optional `placeId`. uploaderLocation stays the spec's free text, required unless a placeId
 * is given (the server then writes the place's name into it); without a placeId the server resolves the text to a
 * place when it names one unambiguously (docs/product.md#near-me).
 */
const listingBody = () =>
  z
    .object({
      ...ProductFields,
      uploaderLocation: z.string({ error: messages.required('Location') }).trim().max(200, messages.tooLong(200)).optional(),
      placeId: PlaceIdField,
      /** Offers on or off (docs/product.md#offers); left out: as it was (true for a new listing). */
      acceptOffers: z.boolean({ error: 'acceptOffers must be true or false' }).optional(),
      /** Left out: as it was (half the price for a new listing). */
      offerFloor: OfferFloor.optional(),
    })
    .refine((body) => (typeof body.uploaderLocation === 'string' && body.uploaderLocation !== '') || typeof body.placeId === 'number', {
      path: ['uploaderLocation'],
      message: messages.required('Location'),
      // Also when other fields failed (as every field's own required message is), unless the field failed itself; never
      // for a body that is no object at all (null: its own type error says so, and there are no fields to read).
      when: (payload) =>
        typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) &&
        !payload.issues.some((issue) => issue.path === undefined || issue.path.length === 0 || issue.path[0] === 'uploaderLocation'),
    })
    .refine((body) => typeof body.offerFloor !== 'number' || typeof body.price !== 'number' || body.offerFloor <= body.price, {
      path: ['offerFloor'],
      message: 'The offer floor must not be above the price',
    });

/** uploaderName and email may be sent by a spec client; the server ignores them (they come from the token). */
export const CreateProductBody = listingBody();
export type CreateProductBody = z.input<typeof CreateProductBody>;
export const UpdateProductBody = listingBody();
export type UpdateProductBody = z.input<typeof UpdateProductBody>;

export const ProductSchema = z.object({
  _id: z.string(),
  image1: z.string(),
  image2: z.string(),
  image3: z.string(),
  image4: z.string(),
  name: z.string(),
  age: z.number().int(),
  date: z.string(),
  category: z.enum(CATEGORY_KEYS),
  shortDescription: z.string(),
  longDescription: z.string(),
  price: z.number(),
  uploaderPhone: z.string(),
  uploaderLocation: z.string(),
  uploaderName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /**
   * available, reserved (a request accepted) or sold (handed over; gone from the lists); hidden (reported, until a
   * moderator decides) or removed (by a moderator), which only its seller and admins ever see.
   */
  status: z.enum(LISTING_WIRE_STATUSES),
  /** How many users keep it in Favourites (public; who they are is not). */
  favouriteCount: z.number().int(),
  /** The seller's user id: their public profile is /sellers/<sellerId>. */
  sellerId: z.string(),
  /** The seller's published reviews as a seller (docs/product.md#reviews-and-profiles). */
  sellerRating: SellerRatingSchema,
  /** The gazetteer's place of the listing, or null (its free-text location named none). */
  place: ListingPlaceSchema.nullable(),
  /** Whether the seller takes offers on it (docs/product.md#offers). */
  acceptOffers: z.boolean(),
  /**
   * The lowest offer the seller takes, null for the default (half the price): only in the seller's own read of their
   * listing (GET /api/products/:id with their token), never to anyone else.
   */
  offerFloor: z.number().nullable().optional(),
  /** Only in a list asked with `near`: the kilometres from that place to the listing's, rounded. */
  distanceKm: z.number().int().min(0).optional(),
});
export type Product = z.infer<typeof ProductSchema>;

/** GET /api/products/:id: a listing and its seller's user id (what PUT /api/blocks/:userId names); lists leave it out. */
export const ProductDetailSchema = ProductSchema.extend({ sellerId: z.string() });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

const money = z.coerce.number().min(0).max(PRICE_MAX);
/** Strict: an unknown or operator-shaped key (price[$gt]) is a 400, not silently ignored. */
export const ListProductsQuery = z.strictObject({
  ...PageQuery,
  category: z.string().max(40).optional(),
  q: z.string().trim().max(200).optional(),
  minPrice: money.optional(),
  maxPrice: money.optional(),
  sort: z.enum(PRODUCT_SORTS).default('newest'),
  email: Email.optional(),
  /** One seller's listings for sale, public (their profile page); browsing only, not with q. */
  sellerId: z.string().max(64).optional(),
  /** A place id: only listings within radiusKm of it (listings without a place are left out), each with its distanceKm. */
  near: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** Only with near (default 25). */
  radiusKm: z.coerce.number().int().min(RADIUS_KM_MIN).max(RADIUS_KM_MAX).optional(),
});
export type ListProductsQuery = z.input<typeof ListProductsQuery>;

export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

export { Email };
