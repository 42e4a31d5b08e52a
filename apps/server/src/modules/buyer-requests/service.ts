import { BUYER_REQUEST_STATUS, type BuyerProduct, type CategoryKey, type CreateBuyerRequestBody } from '@olden/contracts';
import type { z } from 'zod';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { decodeCursor } from '../../lib/pagination.ts';
import { type AuthUser, assertSelfOrAdmin, isAdmin } from '../../plugins/auth.ts';
import type { ProductsService } from '../products/service.ts';
import { type BuyerRequestRow, createBuyerRequestsRepository } from './repository.ts';

/** Buy requests one user may send per hour (RATE_LIMIT_FACTOR scales it). */
export const BUY_REQUEST_BUDGET = { max: 60, windowMs: 60 * 60 * 1000 };
const ALREADY_REQUESTED = 'You already asked for this product; it is in your cart';

type CreateInput = z.output<typeof CreateBuyerRequestBody>;

export function toBuyerProduct(row: BuyerRequestRow): BuyerProduct {
  return {
    _id: row.id,
    productId: row.productId,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    phoneNumber: row.phoneNumber,
    buyerAddress: row.buyerAddress,
    status: row.status,
    image1: row.image1,
    name: row.name,
    age: row.age,
    date: row.date,
    category: row.category as CategoryKey,
    price: row.priceCents / 100,
    uploaderName: row.uploaderName,
    uploaderPhone: row.uploaderPhone,
    uploaderLocation: row.uploaderLocation,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function createBuyerRequestsService(ctx: AppContext, deps: { products: ProductsService }) {
  const repo = createBuyerRequestsRepository(ctx.db);

  return {
    /**
     * Buyer fields come from the token and product fields from the stored listing, so neither the
     * price nor the seller can be forged; anything else in the body was stripped by the schema.
     */
    async create(caller: AuthUser, body: CreateInput): Promise<{ acknowledged: true; insertedId: string }> {
      const product = await deps.products.findForPurchase(body.productId);
      if (!product) throw notFound('Product');
      if (product.sellerId === caller.id) throw badRequest('You cannot buy your own product');
      if (await repo.findOpen(caller.id, product.id)) throw conflict(ALREADY_REQUESTED);
      await enforceBudget(ctx, 'buy-request', caller.id, BUY_REQUEST_BUDGET.max, BUY_REQUEST_BUDGET.windowMs);
      try {
        const id = await repo.insert({
          id: newId(),
          productId: product.id,
          buyerId: caller.id,
          sellerId: product.sellerId,
          buyerName: caller.name,
          buyerEmail: caller.email,
          phoneNumber: body.phoneNumber,
          buyerAddress: body.buyerAddress,
          status: BUYER_REQUEST_STATUS,
          image1: product.image1,
          name: product.name,
          age: product.age,
          date: product.date,
          category: product.category,
          priceCents: product.priceCents,
          uploaderName: product.uploaderName,
          uploaderPhone: product.uploaderPhone,
          uploaderLocation: product.uploaderLocation,
          email: product.email,
        });
        return { acknowledged: true, insertedId: id };
      } catch (error) {
        // Two concurrent requests both passed findOpen: the partial unique index decides.
        if (isUniqueViolation(error)) throw conflict(ALREADY_REQUESTED);
        // The listing was deleted between the read and the insert (foreign key).
        if ((error as { cause?: { code?: string } }).cause?.code === '23503') throw notFound('Product');
        throw error;
      }
    },

    /** The cart (?buyerEmail=) or the requests to a seller (?email=): that user or an admin. */
    async list(
      caller: AuthUser,
      query: { buyerEmail?: string; email?: string; limit: number; cursor?: string },
    ): Promise<BuyerRequestRow[]> {
      const after = decodeCursor<[string, string]>(query.cursor, ['string', 'string']);
      if (after && Number.isNaN(Date.parse(after[0]))) {
        throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
      }
      if (query.buyerEmail !== undefined) {
        assertSelfOrAdmin(caller, query.buyerEmail);
        return repo.list({ buyerEmail: query.buyerEmail }, query.limit + 1, after);
      }
      if (query.email !== undefined) {
        assertSelfOrAdmin(caller, query.email);
        return repo.list({ sellerEmail: query.email }, query.limit + 1, after);
      }
      throw badRequest('Pass exactly one of buyerEmail (your cart) or email (requests to you)');
    },

    /** Its buyer cancels, its seller hands over, or an admin removes it. */
    async remove(caller: AuthUser, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isId(id)) throw notFound('Buy request');
      const row = await repo.findById(id);
      if (!row) throw notFound('Buy request');
      if (row.buyerId !== caller.id && row.sellerId !== caller.id && !isAdmin(caller)) {
        throw forbidden('Only the buyer, the seller or an admin may remove this request');
      }
      return { acknowledged: true, deletedCount: await repo.delete(id) };
    },
  };
}
export type BuyerRequestsService = ReturnType<typeof createBuyerRequestsService>;
