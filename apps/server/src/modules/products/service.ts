import {
  type CategoryKey,
  canEditListing,
  type CreateProductBody,
  distanceKm,
  findCategoryKey,
  type ListProductsQuery,
  listingOrder,
  SIMILAR_LIMIT,
  type Product,
  type ProductDetail,
  type SellerRating,
  RADIUS_KM_DEFAULT,
  ratingAverage,
  storedImageId,
} from '@olden/contracts';
import type { z } from 'zod';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import { type AppContext, enforceAddressBudget, enforceBudget } from '../../lib/context.ts';
import { AppError, badRequest, notFound, notYours } from '../../lib/errors.ts';
import { absoluteImageUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';
import { isoTime } from '../../lib/iso-time.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { isId, newId } from '../../lib/ids.ts';
import { type CursorSpec, emptyPage, isCursorDate, isCursorId, isTuple, keysetPage, type Page } from '../../lib/pagination.ts';
import { type AuthUser, assertSelfOrAdmin } from '../../lib/auth-user.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { ImagesService } from '../images/service.ts';
import type { NewAccountLimits } from '../users/new-account-limits.ts';
import type { PlacesService } from '../places/service.ts';
import type { Db } from '../../db/client.ts';
import {
  createProductsRepository,
  deleteListingsOfSeller,
  type DistanceAfter,
  type DistancedProduct,
  type ListedProduct,
  listingsOfSeller,
  type NearFilter,
  type PlaceColumns,
  type ProductChanges,
  type ProductRow,
  setSellerEmailIn,
} from './repository.ts';
import type { SearchEngine } from './search/engine.ts';
import { listingModeration } from './moderation.ts';
import { withField } from './rows.ts';
import { createSimilarListings } from './similar.ts';
import { favouriteCountsOf, listingFavourites } from './favourite-count.ts';
import { listingTrade } from './trade.ts';
import { createFullTextSearch } from './search/full-text.ts';
import { RELEVANCE_CURSOR } from './search/rank.ts';
import { queryWords, type SearchTerms } from './search/terms.ts';

export type { ProductRow };

/** Listings one user may create per hour (RATE_LIMIT_FACTOR scales it). */
export const PRODUCT_CREATE_BUDGET = { max: 30, windowMs: 60 * 60 * 1000 };
/** Listing edits one user may make per hour: each rename touches the search dictionary. */
export const PRODUCT_UPDATE_BUDGET = { max: 60, windowMs: 60 * 60 * 1000 };
/** Searches (a q with words) per client address per minute; browsing without q is not counted. */
export const SEARCH_BUDGET = { max: 120, windowMs: 60 * 1000 };

const IMAGE_FIELDS = ['image1', 'image2', 'image3', 'image4'] as const;
/** The ids of the server-stored images a listing (or a body) names. */
const storedImageIds = (row: Record<(typeof IMAGE_FIELDS)[number], string>) =>
  IMAGE_FIELDS.map((f) => storedImageId(row[f])).filter((id): id is string => id !== undefined);

const IMAGE_NOT_STORED_MESSAGE = 'This image was not uploaded here';
const IMAGE_NOT_YOURS_MESSAGE = 'This image was uploaded by someone else: upload your own photo';

type ProductInput = z.output<typeof CreateProductBody>;
type ListQuery = z.output<typeof ListProductsQuery>;
type ProductOrder = 'newest' | 'price_asc' | 'price_desc';

export const toCents = (dollars: number) => Math.round(dollars * 100);
export const fromCents = (cents: number) => cents / 100;

/** No review yet: what a product reply says of a new seller. */
export const NO_RATING: SellerRating = { average: null, count: 0 };

/** A listing with its seller's rating (the reviews module's running sums), as every product reply carries it. */
export type RatedProduct<Row> = Row & { sellerRating: SellerRating };

/**
 * A listing as the API answers it, its images named where they are served (lib/image-urls.ts), with its seller's rating;
 * `distanceKm` only in a list asked with near.
 */
export function toProduct(row: Omit<ProductRow, 'updatedAt'> & { sellerRating?: SellerRating; distanceKm?: number }, urls: ImageUrlConfig): Product {
  const product: Product = {
    _id: row.id,
    image1: absoluteImageUrl(row.image1, urls),
    image2: absoluteImageUrl(row.image2, urls),
    image3: absoluteImageUrl(row.image3, urls),
    image4: absoluteImageUrl(row.image4, urls),
    name: row.name,
    age: row.age,
    date: row.date,
    category: row.category as CategoryKey,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    price: fromCents(row.priceCents),
    uploaderPhone: row.uploaderPhone,
    uploaderLocation: row.uploaderLocation,
    uploaderName: row.uploaderName,
    email: row.sellerEmail,
    createdAt: isoTime(row.createdAt),
    // Hidden and removed say so instead of the trade status (decision 026); only the seller and admins see them.
    status: row.moderation === 'visible' ? row.status : row.moderation,
    favouriteCount: row.favouriteCount,
    sellerId: row.sellerId,
    sellerRating: row.sellerRating ?? NO_RATING,
    place: row.placeId !== null ? { id: row.placeId, name: row.placeName ?? '', countryCode: row.placeCountryCode ?? '' } : null,
    acceptOffers: row.acceptOffers,
  };
  // Added after, not spread into the literal: one shape for every listing of a page (see rated()).
  if (row.distanceKm !== undefined) product.distanceKm = row.distanceKm;
  return product;
}

/** One listing as its page reads it (GET /api/products/:id): with its seller's id, which the lists leave out. */
export function toProductDetail(row: ProductRow, urls: ImageUrlConfig): ProductDetail {
  return { ...toProduct(row, urls), sellerId: row.sellerId };
}

/** A listing without a place. */
const NO_PLACE: PlaceColumns = { placeId: null, placeName: null, placeCountryCode: null, placeLat: null, placeLng: null };
const placeColumns = (place: { id: number; name: string; countryCode: string; lat: number; lng: number }): PlaceColumns => ({
  placeId: place.id,
  placeName: place.name,
  placeCountryCode: place.countryCode,
  placeLat: place.lat,
  placeLng: place.lng,
});
/** The location text a place gives a listing that sent none: "Springfield, Illinois, United States". */
const readableName = (place: { name: string; region: string | null; country: string }) =>
  [place.name, place.region === place.name ? null : place.region, place.country].filter((part) => part !== null && part !== '').join(', ').slice(0, 200);

type DistanceCursor = ['d', number, number, string];
/** A distance page's cursor: the last listing's distance as computed, its place and its id. */
const DISTANCE_CURSOR: CursorSpec<DistancedProduct, DistanceCursor> = {
  keyOf: (row) => ['d', row.distance, row.placeId ?? 0, row.id],
  isKey(values): values is DistanceCursor {
    if (!isTuple(values, ['string', 'number', 'number', 'string'])) return false;
    const [tag, km, placeId, id] = values as DistanceCursor;
    return tag === 'd' && isCursorId(id) && Number.isFinite(km) && km >= 0 && km <= 20_100 && Number.isSafeInteger(placeId) && placeId > 0 && placeId <= 2_147_483_647;
  },
};


type ProductCursor = ['n', string, string] | ['p', number, string];

/**
 * Cursors name their order, so one made for another sort is a 400, not a silently wrong page. Relevance's is
 * search's own (RELEVANCE_CURSOR).
 */
function productCursor(sort: 'newest' | 'price_asc' | 'price_desc'): CursorSpec<ListedProduct, ProductCursor> {
  const tag = sort === 'newest' ? 'n' : 'p';
  return {
    keyOf(row) {
      if (tag === 'p') return ['p', row.priceCents, row.id];
      return ['n', isoTime(row.createdAt), row.id];
    },
    isKey(values): values is ProductCursor {
      if (!isTuple(values, ['string', tag === 'n' ? 'string' : 'number', 'string'])) return false;
      const [valueTag, value, id] = values as ProductCursor;
      if (valueTag !== tag || !isCursorId(id)) return false;
      if (tag === 'n') return isCursorDate(value);
      return Number.isSafeInteger(value) && (value as number) >= 0;
    },
  };
}

const imageNotStored = (fields: string[]) =>
  new AppError('IMAGE_NOT_STORED', IMAGE_NOT_STORED_MESSAGE, {
    details: fields.map((path) => ({ path, message: IMAGE_NOT_STORED_MESSAGE })),
  });

/**
 * What deleting a listing does to its buy requests, in the delete's transaction `tx`; answers what to do once it
 * committed (tell their buyers). The buyer-requests module's declineOnDeletedListing, wired in app.ts.
 */
export type OnListingDeleted = (tx: Db, productId: string) => Promise<() => void>;

/**
 * What happened to a listing, told to `onChange` inside the write's transaction (so a job queued there with
 * `jobs.send(..., { tx })` exists exactly when the change does): favourites and saved searches react off the request
 * path (app.ts wires them).
 */
export type ListingChange =
  | { kind: 'created'; row: ProductRow }
  | { kind: 'updated'; before: ProductRow; after: ProductRow }
  | { kind: 'deleted'; row: ProductRow }
  | { kind: 'status'; productId: string; from: string; to: string };
export type OnListingChange = (tx: Db, change: ListingChange) => Promise<void>;

/**
 * After a listing was created or the stored photos it shows changed (committed): the photo-matches module's
 * stolen-photo check (listingPhotosChanged), wired in app.ts. It never throws.
 */
export type OnListingPhotosChanged = (listing: { productId: string; sellerId: string; imageIds: string[] }) => Promise<void>;

/** Sellers' ratings by seller id (the reviews module's sellerRatings): one query per reply. */
export type SellerRatings = (sellerIds: string[]) => Promise<Map<string, SellerRating>>;

export function createProductsService(
  ctx: AppContext,
  deps: {
    images: ImagesService;
    /** The gazetteer: a listing's location text names its place (docs/product.md#near-me). */
    places: PlacesService;
    onDelete: OnListingDeleted;
    onPhotosChanged?: OnListingPhotosChanged;
    onChange?: OnListingChange[];
    search?: SearchEngine;
    audit?: AuditRecorder;
    /** The blocks module's hiddenUsersFor: whose listings a signed-in viewer's lists leave out (docs/product.md#blocking). */
    hiddenSellersFor?: (viewerId: string) => Promise<string[]>;
    newAccount?: Pick<NewAccountLimits, 'enforce'>;
    /** The reviews module's sellerRatings: every product reply carries its seller's rating. */
    ratings?: SellerRatings;
  },
) {
  const search = deps.search ?? createFullTextSearch(ctx.db);
  const repo = createProductsRepository(ctx.db, { onWrite: (change) => search.listingsChanged(change) });
  const similarListings = createSimilarListings(ctx.db);
  const tell = async (tx: Db, change: ListingChange) => {
    for (const listener of deps.onChange ?? []) await listener(tx, change);
  };

  /**
   * Server-stored image paths must name an image the images module really stored, and, for anyone but an
   * admin, one the caller uploaded or the listing already shows: naming someone else's upload would pin
   * it (its uploader could no longer delete it, and it would stay on their quota).
   */
  async function assertImagesUsable(caller: AuthUser, body: ProductInput, current?: ProductRow): Promise<void> {
    const stored = IMAGE_FIELDS
      .map((field) => ({ field, id: storedImageId(body[field]) }))
      .filter((s): s is { field: (typeof IMAGE_FIELDS)[number]; id: string } => s.id !== undefined);
    if (stored.length === 0) return;
    const owners = await deps.images.ownersOf(stored.map((s) => s.id));
    const missing = stored.filter((s) => !owners.has(s.id));
    if (missing.length > 0) throw imageNotStored(missing.map((s) => s.field));
    if (caller.role === 'admin') return;
    const shown = current ? storedImageIds(current) : [];
    const foreign = stored.filter((s) => owners.get(s.id) !== caller.id && !shown.includes(s.id));
    if (foreign.length > 0) {
      throw new AppError('IMAGE_NOT_YOURS', IMAGE_NOT_YOURS_MESSAGE, {
        details: foreign.map((s) => ({ path: s.field, message: IMAGE_NOT_YOURS_MESSAGE })),
      });
    }
  }

  /** The same refusal when an image went between the check and the write (swept or deleted meanwhile). */
  function assertNoneMissing(body: ProductInput, missing: string[]): void {
    if (missing.length === 0) return;
    throw imageNotStored(IMAGE_FIELDS.filter((f) => missing.includes(storedImageId(body[f]) ?? '')));
  }

  /**
   * The listing's place and location text: a placeId given is that place (its readable name fills an empty text);
   * null is none; without one, the text is resolved (docs/product.md#near-me), except an edit that keeps the text
   * keeps its place (one chosen from the list for a text that names several).
   */
  async function placeOf(body: ProductInput, current?: ProductRow): Promise<{ location: string; place: PlaceColumns }> {
    const text = body.uploaderLocation ?? '';
    if (typeof body.placeId === 'number') {
      const place = await deps.places.get(body.placeId);
      if (!place) throw badRequest('Unknown place', [{ path: 'placeId', message: 'Choose a place from the list' }]);
      return { location: text || readableName(place), place: placeColumns(place) };
    }
    if (body.placeId === null) return { location: text, place: NO_PLACE };
    if (current && current.uploaderLocation === text) {
      const { placeId, placeName, placeCountryCode, placeLat, placeLng } = current;
      return { location: text, place: { placeId, placeName, placeCountryCode, placeLat, placeLng } };
    }
    const resolved = await deps.places.resolve(text);
    return { location: text, place: resolved ? placeColumns(resolved) : NO_PLACE };
  }

  function changesOf(body: ProductInput, where: { location: string; place: PlaceColumns }): ProductChanges {
    return {
      image1: body.image1,
      image2: body.image2,
      image3: body.image3,
      image4: body.image4,
      name: body.name,
      age: body.age,
      date: body.date,
      category: body.category,
      shortDescription: body.shortDescription,
      longDescription: body.longDescription,
      priceCents: toCents(body.price),
      uploaderPhone: body.uploaderPhone,
      uploaderLocation: where.location,
      ...where.place,
      // Left out of a body (a spec client's): as they were, the column defaults for a new listing (docs/product.md#offers).
      ...(body.acceptOffers !== undefined ? { acceptOffers: body.acceptOffers } : {}),
      ...(body.offerFloor !== undefined ? { offerFloorCents: body.offerFloor === null ? null : toCents(body.offerFloor) } : {}),
    };
  }

  async function find(id: string): Promise<ProductRow> {
    if (!isId(id)) throw notFound('Product');
    const row = await repo.findById(id);
    if (!row) throw notFound('Product');
    return row;
  }

  /**
   * One listing for `viewer`: a hidden or removed listing is a 404 to everyone but its seller and admins
   * (docs/product.md#reports-and-moderation). `viewer` is asked only then, so a visible listing's answer never
   * depends on who asks.
   */
  async function visibleTo(viewer: () => Promise<AuthUser | null>, id: string): Promise<ProductRow> {
    const row = await find(id);
    if (row.moderation === 'visible') return row;
    const caller = await viewer();
    if (!caller || !canEditListing(caller, { email: row.sellerEmail })) throw notFound('Product');
    return row;
  }

  /** visibleTo, with the seller's rating (every product reply carries it). */
  async function getFor(viewer: () => Promise<AuthUser | null>, id: string): Promise<RatedProduct<ProductRow>> {
    const [row] = await rated([await visibleTo(viewer, id)]);
    return row!;
  }

  /**
   * The sellers a viewer's public lists leave out (those they blocked or who blocked them); undefined for a visitor,
   * a viewer with no blocks, and one seller's own list (?email=), so those lists keep their shared statements and
   * page memory.
   */
  async function hiddenSellers(caller: AuthUser | null, sellerEmail?: string): Promise<string[] | undefined> {
    if (!caller || sellerEmail !== undefined || !deps.hiddenSellersFor) return undefined;
    const ids = await deps.hiddenSellersFor(caller.id);
    return ids.length > 0 ? ids : undefined;
  }

  /** The rows with their sellers' ratings: one lookup for the whole page, set on each row in place (withField). */
  async function rated<Row extends { sellerId: string; sellerCount?: number | null; sellerSum?: number | null }>(rows: Row[]): Promise<RatedProduct<Row>[]> {
    // A browse page read its sellers' sums in its own statement (products repository, browseSelection).
    if (rows.length > 0 && rows.every((row) => row.sellerCount !== undefined)) {
      return rows.map((row) => withField(row, 'sellerRating', row.sellerCount ? { average: ratingAverage(row.sellerSum ?? 0, row.sellerCount), count: row.sellerCount } : NO_RATING));
    }
    if (rows.length === 0 || !deps.ratings) return rows.map((row) => withField(row, 'sellerRating', NO_RATING));
    const ratings = await deps.ratings(rows.map((row) => row.sellerId));
    return rows.map((row) => withField(row, 'sellerRating', ratings.get(row.sellerId) ?? NO_RATING));
  }

  /** The listing, if the caller may change it: its seller or an admin. */
  async function editableProduct(caller: AuthUser, id: string): Promise<ProductRow> {
    const row = await find(id);
    if (!canEditListing(caller, { email: row.sellerEmail })) throw notYours('Only the seller or an admin may change this listing');
    return row;
  }

  return {
    /** The owner comes from the token: any uploaderName or email in the body was stripped by the schema. */
    async create(caller: AuthUser, body: ProductInput): Promise<{ acknowledged: true; insertedId: string }> {
      await assertImagesUsable(caller, body);
      await enforceBudget(ctx, 'product-create', caller.id, PRODUCT_CREATE_BUDGET.max, PRODUCT_CREATE_BUDGET.windowMs);
      await deps.newAccount?.enforce(caller, 'listings');
      const where = await placeOf(body);
      const { id, missing } = await repo.insert(
        {
          id: newId(),
          sellerId: caller.id,
          uploaderName: caller.name,
          sellerEmail: caller.email,
          ...changesOf(body, where),
        },
        { ids: storedImageIds(body), lock: deps.images.lockIn },
        (tx, row) => tell(tx, { kind: 'created', row }),
      );
      assertNoneMissing(body, missing);
      await deps.onPhotosChanged?.({ productId: id!, sellerId: caller.id, imageIds: storedImageIds(body) });
      return { acknowledged: true, insertedId: id! };
    },

    /** Whose listing this is, or undefined when there is none (the reach module's question). */
    async owner(id: string): Promise<{ id: string; sellerId: string } | undefined> {
      if (!isId(id)) return undefined;
      const row = await repo.findById(id);
      return row && { id: row.id, sellerId: row.sellerId };
    },

    /**
     * GET /api/products/:id/similar: up to SIMILAR_LIMIT available listings like this one (similar.ts), never a hidden
     * or removed one, nor one of a seller the viewer blocked or who blocked them. A hidden or removed listing's own
     * similar listings are a 404 as its page is, but to its seller and admins.
     */
    async similar(id: string, viewer: () => Promise<AuthUser | null> = async () => null): Promise<ListedProduct[]> {
      let caller: Promise<AuthUser | null> | undefined;
      const once = () => (caller ??= viewer());
      const row = await visibleTo(once, id);
      // The viewer's blocks, both ways, leave those sellers out as every other list does (docs/product.md#blocking).
      const hidden = await hiddenSellers(await once());
      return similarListings({ id: row.id, name: row.name, category: row.category }, SIMILAR_LIMIT, { sellerIds: hidden });
    },

    getFor,

    /** Images the edit drops are released (deleted if nothing else shows them). */
    async update(caller: AuthUser, id: string, body: ProductInput): Promise<{ acknowledged: true; modifiedCount: number }> {
      const current = await editableProduct(caller, id);
      await assertImagesUsable(caller, body, current);
      await enforceBudget(ctx, 'product-update', caller.id, PRODUCT_UPDATE_BUDGET.max, PRODUCT_UPDATE_BUDGET.windowMs);
      const kept = storedImageIds(body);
      const { before, missing } = await repo.update(id, changesOf(body, await placeOf(body, current)), { ids: kept, lock: deps.images.lockIn }, (tx, was, after) =>
        tell(tx, { kind: 'updated', before: was, after }),
      );
      assertNoneMissing(body, missing);
      if (!before) return { acknowledged: true, modifiedCount: 0 };
      const shownBefore = storedImageIds(before);
      if (kept.length !== shownBefore.length || kept.some((imageId, i) => imageId !== shownBefore[i])) {
        await deps.onPhotosChanged?.({ productId: id, sellerId: before.sellerId, imageIds: kept });
      }
      await deps.images.releaseUnreferenced(
        storedImageIds(before).filter((imageId) => !kept.includes(imageId)),
        before.sellerId,
      );
      return { acknowledged: true, modifiedCount: 1 };
    },

    /**
     * Its open buy requests are declined (actor 'system', each buyer told after the commit) and kept for
     * history (docs/product.md#trade-lifecycle); its images are released.
     */
    async remove(caller: AuthUser, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const before = await editableProduct(caller, id);
      const { row, also: tellDeclined } = await repo.delete(id, async (tx, productId) => {
        const after = await deps.onDelete(tx, productId);
        await tell(tx, { kind: 'deleted', row: before });
        return after;
      });
      if (!row) return { acknowledged: true, deletedCount: 0 };
      tellDeclined?.();
      if (before.sellerId !== caller.id) {
        logSecurityEvent(ctx.log, 'admin.product.delete', { userId: caller.id, ip: caller.ip, target: id, sellerId: row.sellerId });
        await deps.audit?.(null, { actorId: caller.id, action: 'admin.product.delete', targetType: 'listing', targetId: id, details: { sellerId: row.sellerId, name: row.name } });
      }
      await deps.images.releaseUnreferenced(storedImageIds(row), row.sellerId);
      return { acknowledged: true, deletedCount: 1 };
    },

    /** One page of listings. `?email=` (one seller's list) is for that seller or an admin; an unknown category matches nothing. */
    async list(caller: AuthUser | null, query: ListQuery, ip = ''): Promise<Page<RatedProduct<ListedProduct>>> {
      if (query.email !== undefined) assertSelfOrAdmin(caller, query.email);
      if (query.sellerId !== undefined) {
        if (query.q !== undefined) throw badRequest('sellerId lists a seller’s listings and cannot be combined with q');
        if (!isId(query.sellerId)) return emptyPage();
      }
      // Each search may look up typo corrections: counted per address, so one client cannot flood them.
      if (query.q && queryWords(query.q).length > 0) {
        await enforceAddressBudget(ctx, 'product-search', ip, SEARCH_BUDGET.max, SEARCH_BUDGET.windowMs);
      }
      if (query.near === undefined && query.radiusKm !== undefined) {
        throw badRequest('radiusKm needs near', [{ path: 'radiusKm', message: 'A radius needs a place (near)' }]);
      }
      if (query.near === undefined && query.sort === 'distance') {
        throw badRequest('sort=distance needs near', [{ path: 'sort', message: 'Sorting by distance needs a place (near)' }]);
      }
      const terms = query.q ? await this.searchTerms(query.q) : undefined;
      const order = listingOrder(query.sort, terms !== undefined);
      // Each decodes its cursor at once: an invalid one is a 400 before anything else is asked.
      const ranked = order === 'relevance' ? keysetPage(RELEVANCE_CURSOR, query) : undefined;
      const byDistance = order === 'distance' ? keysetPage(DISTANCE_CURSOR, query) : undefined;
      const sorted = order !== 'relevance' && order !== 'distance' ? keysetPage(productCursor(order), query) : undefined;
      let near: NearFilter | undefined;
      if (query.near !== undefined) {
        const center = await deps.places.get(query.near);
        // As an unknown category: a place no longer (or never) in the gazetteer matches nothing.
        if (!center) return emptyPage();
        near = { lat: center.lat, lng: center.lng, km: query.radiusKm ?? RADIUS_KM_DEFAULT };
      }
      let category: string | undefined;
      if (query.category !== undefined) {
        const key = findCategoryKey(query.category);
        if (!key) return emptyPage();
        category = key;
      }
      const filters = {
        category,
        sellerEmail: query.email,
        minCents: query.minPrice !== undefined ? toCents(query.minPrice) : undefined,
        maxCents: query.maxPrice !== undefined ? toCents(query.maxPrice) : undefined,
        hiddenSellers: await hiddenSellers(caller, query.email),
        near,
      };
      const page = byDistance
        ? await byDistance.fetch((after, limit) =>
            terms
              ? search.nearest({ ...filters, near: near!, terms }, after && ([after[1], after[2], after[3]] as DistanceAfter), limit)
              : repo.distanceList({ ...filters, near: near!, limit }, after && ([after[1], after[2], after[3]] as DistanceAfter)),
          )
        : ranked
          ? await ranked.fetch((after, limit) => search.search({ ...filters, terms: terms! }, after && [after[1], after[2]], limit))
          : await sorted!.fetch((after, limit) =>
              repo.list({ ...filters, sellerId: query.sellerId, search: terms, sort: order as ProductOrder, after: after && [after[1], after[2]], limit }),
            );
      const rows = await rated(page.rows);
      if (!near) return { ...page, rows };
      const center = near;
      return {
        ...page,
        rows: rows.map((row) =>
          withField(row, 'distanceKm', Math.round('distance' in row && typeof row.distance === 'number' ? row.distance : distanceKm(center.lat, center.lng, row.placeLat ?? 0, row.placeLng ?? 0))),
        ),
      };
    },

    /**
     * Resolves the location text of every listing without a place, as a new listing's is (the first start after the
     * gazetteer is loaded: the upgrade's data migration). Answers how many were examined and resolved.
     */
    async resolveUnplaced(signal?: AbortSignal): Promise<{ examined: number; resolved: number }> {
      const known = new Map<string, PlaceColumns | null>();
      let examined = 0;
      let resolved = 0;
      let after = '';
      for (;;) {
        // The server stopping: what is resolved stays, the rest waits for the next start.
        signal?.throwIfAborted();
        const rows = await repo.unplaced(after, 500);
        if (rows.length === 0) break;
        for (const row of rows) {
          examined += 1;
          const text = row.uploaderLocation.trim().toLowerCase();
          let place = known.get(text);
          if (place === undefined) {
            const found = await deps.places.resolve(row.uploaderLocation);
            place = found ? placeColumns(found) : null;
            known.set(text, place);
          }
          if (place) {
            await repo.setPlace(row.id, place);
            resolved += 1;
          }
        }
        after = rows[rows.length - 1]!.id;
      }
      return { examined, resolved };
    },

    hiddenSellers,

    /** What q searches for, with corrections for words no listing name contains; undefined for a q without words. */
    searchTerms: (q: string): Promise<SearchTerms | undefined> => search.terms(q),

    /** For buy requests: the stored listing, so nothing a buyer sends can change what is copied. */
    async findForPurchase(id: string): Promise<ProductRow | undefined> {
      if (!isId(id)) return undefined;
      const row = await repo.findById(id);
      // Hidden and removed listings cannot be bought: the same 404 as an unknown one.
      return row?.moderation === 'visible' ? row : undefined;
    },

    /** A listing's moderation state, on the reports module's transaction `tx` (hide, restore, remove). */
    moderationIn(tx: Db) {
      const statements = listingModeration(tx);
      return {
        ...statements,
        // A listing entering or leaving the lists: search forgets the pages it remembered (as after any listing write).
        async move(...args: Parameters<typeof statements.move>): Promise<boolean> {
          const moved = await statements.move(...args);
          if (moved) search.listingsChanged({ names: false });
          return moved;
        },
      };
    },

    /** The listing's part of a buy request's lifecycle, on that lifecycle's transaction `tx` (it locks and moves the listing). */
    tradeIn: (tx: Db) => {
      const trade = listingTrade(tx);
      return {
        ...trade,
        async setListingStatus(productId: string, from: 'available' | 'reserved', to: 'available' | 'reserved' | 'sold'): Promise<boolean> {
          const moved = await trade.setListingStatus(productId, from, to);
          if (moved) await tell(tx, { kind: 'status', productId, from, to });
          return moved;
        },
      };
    },

    /** The listing's favourite statements on the favourites module's transaction `tx` (it locks the listing and moves its count). */
    favouritesIn: (tx: Db) => listingFavourites(tx),

    /** How many users saved each listing (the reach module's stats). */
    favouriteCounts: (ids: string[]): Promise<Map<string, number>> => favouriteCountsOf(ctx.db, ids),

    /**
     * The listings' part of an account's deletion and export (lib/account-lifecycle.ts): each listing is deleted as its
     * seller deletes it (open requests declined, buyers told after the commit, images released).
     */
    /** An email change's part (accounts module's OnEmailChanged): the seller email on every listing of theirs. */
    sellerEmailChangedIn: async (tx: Db, userId: string, email: string) => {
      await setSellerEmailIn(tx, userId, email);
      search.listingsChanged({ names: false });
    },

    accountPart(): AccountPart {
      return {
        module: 'products',
        tables: ['products'],
        order: 10,
        onDelete: async (tx, userId) => {
          const { rows, also } = await deleteListingsOfSeller(tx, userId, deps.onDelete);
          if (rows.length === 0) return;
          // Favourites and saved searches hear of each deleted listing as they do of a seller's own deletion.
          for (const row of rows) await tell(tx, { kind: 'deleted', row });
          return async () => {
            search.listingsChanged({ names: true });
            for (const tellBuyers of also) tellBuyers();
            await deps.images.releaseUnreferenced(rows.flatMap(storedImageIds), userId);
          };
        },
        exportFor: async (userId) => ({ listings: (await listingsOfSeller(ctx.db, userId)).map((row) => ({ ...toProduct(row, ctx.config), status: row.status })) }),
      };
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
