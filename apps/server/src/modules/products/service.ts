import {
  type CategoryKey,
  type CreateProductBody,
  findCategoryKey,
  type ListProductsQuery,
  type Product,
  storedImageId,
} from '@olden/contracts';
import type { z } from 'zod';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { decodeCursor } from '../../lib/pagination.ts';
import { type AuthUser, assertSelfOrAdmin, isAdmin } from '../../plugins/auth.ts';
import {
  createProductsRepository,
  type ListedProduct,
  type ListFilter,
  type ProductChanges,
  type ProductRow,
  type SearchTerms,
} from './repository.ts';

/** Listings one user may create per hour (RATE_LIMIT_FACTOR scales it). */
export const PRODUCT_CREATE_BUDGET = { max: 30, windowMs: 60 * 60 * 1000 };

type ProductInput = z.output<typeof CreateProductBody>;
type ListQuery = z.output<typeof ListProductsQuery>;

export const toCents = (dollars: number) => Math.round(dollars * 100);
export const fromCents = (cents: number) => cents / 100;

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    image1: row.image1,
    image2: row.image2,
    image3: row.image3,
    image4: row.image4,
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
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Query words for typo matching: letters and digits only, so punctuation never reaches pg_trgm. */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 20);
}

/** Quotes, `-word` and `or` are web-search syntax: such a q is taken literally, without corrections. */
const hasSearchOperators = (q: string) => /"|(^|\s)-\S|(^|\s)or(\s|$)/i.test(q);

type Cursor = ['n', string, string] | ['p', number, string] | ['r', number, string];

/** Cursors name their order, so one made for another sort is a 400, not a silently wrong page. */
function cursorFor(sort: ListFilter['sort'], row: ListedProduct): (string | number)[] {
  if (sort === 'relevance') return ['r', row.rank ?? 0, row.id];
  if (sort === 'price_asc' || sort === 'price_desc') return ['p', row.priceCents, row.id];
  return ['n', row.createdAt.toISOString(), row.id];
}

function parseCursor(sort: ListFilter['sort'], cursor: string | undefined): ListFilter['after'] {
  if (cursor === undefined) return undefined;
  const tag = sort === 'relevance' ? 'r' : sort === 'newest' ? 'n' : 'p';
  const invalid = () => badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
  const decoded = decodeCursor<Cursor>(cursor, tag === 'n' ? ['string', 'string', 'string'] : ['string', 'number', 'string']);
  if (!decoded || decoded[0] !== tag || decoded[2].length > 64) throw invalid();
  if (tag === 'n' && (typeof decoded[1] !== 'string' || Number.isNaN(Date.parse(decoded[1])))) throw invalid();
  if (tag === 'p' && !Number.isSafeInteger(decoded[1])) throw invalid();
  return [decoded[1], decoded[2]];
}

export function createProductsService(ctx: AppContext) {
  const repo = createProductsRepository(ctx.db);

  /** Server-stored image paths must name an image the images module really stored. */
  async function assertImagesExist(body: ProductInput): Promise<void> {
    const fields = ['image1', 'image2', 'image3', 'image4'] as const;
    const stored = fields
      .map((field) => ({ field, id: storedImageId(body[field]) }))
      .filter((s): s is { field: (typeof fields)[number]; id: string } => s.id !== undefined);
    if (stored.length === 0) return;
    const existing = await repo.existingImageIds([...new Set(stored.map((s) => s.id))]);
    const missing = stored.filter((s) => !existing.has(s.id));
    if (missing.length > 0) {
      throw badRequest(
        'This image was not uploaded here',
        missing.map((s) => ({ path: s.field, message: 'This image was not uploaded here' })),
      );
    }
  }

  function changesOf(body: ProductInput): ProductChanges {
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
      uploaderLocation: body.uploaderLocation,
    };
  }

  /** The listing, if the caller may change it: its owner or an admin. */
  async function ownedProduct(caller: AuthUser, id: string): Promise<ProductRow> {
    if (!isId(id)) throw notFound('Product');
    const row = await repo.findById(id);
    if (!row) throw notFound('Product');
    if (row.sellerId !== caller.id && !isAdmin(caller)) throw forbidden('Only the seller or an admin may change this listing');
    return row;
  }

  return {
    /** The owner comes from the token: any uploaderName or email in the body was stripped by the schema. */
    async create(caller: AuthUser, body: ProductInput): Promise<{ acknowledged: true; insertedId: string }> {
      await assertImagesExist(body);
      await enforceBudget(ctx, 'product-create', caller.id, PRODUCT_CREATE_BUDGET.max, PRODUCT_CREATE_BUDGET.windowMs);
      const id = await repo.insert({
        id: newId(),
        sellerId: caller.id,
        uploaderName: caller.name,
        email: caller.email,
        ...changesOf(body),
      });
      return { acknowledged: true, insertedId: id };
    },

    async get(id: string): Promise<ProductRow> {
      if (!isId(id)) throw notFound('Product');
      const row = await repo.findById(id);
      if (!row) throw notFound('Product');
      return row;
    },

    async update(caller: AuthUser, id: string, body: ProductInput): Promise<{ acknowledged: true; modifiedCount: number }> {
      await ownedProduct(caller, id);
      await assertImagesExist(body);
      return { acknowledged: true, modifiedCount: await repo.update(id, changesOf(body)) };
    },

    /** Its buy requests go with it (ON DELETE CASCADE). */
    async remove(caller: AuthUser, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      await ownedProduct(caller, id);
      return { acknowledged: true, deletedCount: await repo.delete(id) };
    },

    /**
     * One page of listings plus how to make the next page's cursor. `?email=` (one seller's list) is
     * for that seller or an admin; an unknown category matches nothing rather than everything.
     */
    async list(caller: AuthUser | null, query: ListQuery) {
      if (query.email !== undefined) assertSelfOrAdmin(caller, query.email);
      const search = query.q ? await this.searchTerms(query.q) : undefined;
      const sort: ListFilter['sort'] = search && query.sort === 'newest' ? 'relevance' : query.sort;
      const after = parseCursor(sort, query.cursor);
      let category: string | undefined;
      if (query.category !== undefined) {
        const key = findCategoryKey(query.category);
        if (!key) return { rows: [] as ListedProduct[], cursorOf: (row: ListedProduct) => cursorFor(sort, row) };
        category = key;
      }
      const rows = await repo.list({
        category,
        email: query.email,
        minCents: query.minPrice !== undefined ? toCents(query.minPrice) : undefined,
        maxCents: query.maxPrice !== undefined ? toCents(query.maxPrice) : undefined,
        search,
        sort,
        after,
        limit: query.limit + 1,
      });
      return { rows, cursorOf: (row: ListedProduct) => cursorFor(sort, row) };
    },

    /** What q searches for, with corrections for words no listing name contains; undefined for a q without words. */
    async searchTerms(q: string): Promise<SearchTerms | undefined> {
      const words = queryWords(q);
      if (words.length === 0) return undefined;
      const corrections = hasSearchOperators(q) ? new Map<string, string[]>() : await repo.corrections(words);
      if (corrections.size === 0) return { q };
      return { q, alternatives: words.map((w) => [w, ...(corrections.get(w) ?? [])]) };
    },

    /** For buy requests: the stored listing, so nothing a buyer sends can change what is copied. */
    async findForPurchase(id: string): Promise<ProductRow | undefined> {
      if (!isId(id)) return undefined;
      return repo.findById(id);
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
