import {
  BUYER_REQUEST_STATUS,
  type BuyerProduct,
  type CategoryKey,
  canBuy,
  canRemoveBuyRequest,
  type CreateBuyerRequestBody,
} from '@olden/contracts';
import type { z } from 'zod';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, badRequest, notFound, notYours } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { CREATED_AT_CURSOR, keysetPage, type Page, type PageRequest } from '../../lib/pagination.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgCode } from '../../lib/pg-errors.ts';
import { type AuthUser, assertSelfOrAdmin } from '../../plugins/auth.ts';
import type { ProductRow, ProductsService } from '../products/service.ts';
import { type BuyerRequestRow, createBuyerRequestsRepository, type NewBuyerRequestRow } from './repository.ts';

/** Buy requests one user may send per hour (RATE_LIMIT_FACTOR scales it). */
export const BUY_REQUEST_BUDGET = { max: 60, windowMs: 60 * 60 * 1000 };
const alreadyRequested = () => new AppError('ALREADY_REQUESTED', 'You already asked for this product; it is in your cart');

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
    email: row.sellerEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new, pending buy request: the buyer's side from the buyer, the listing's side copied from the stored
 * listing (the API and the demo seed both build their rows here).
 */
export function buyRequestRow(input: {
  product: ProductRow;
  buyer: { id: string; name: string; email: string };
  phoneNumber: string;
  buyerAddress: string;
}): NewBuyerRequestRow {
  const { product, buyer } = input;
  return {
    id: newId(),
    productId: product.id,
    buyerId: buyer.id,
    sellerId: product.sellerId,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    phoneNumber: input.phoneNumber,
    buyerAddress: input.buyerAddress,
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
    sellerEmail: product.sellerEmail,
  };
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
      if (!canBuy(caller, { email: product.sellerEmail })) throw new AppError('OWN_LISTING', 'You cannot buy your own product');
      if (await repo.findOpen(caller.id, product.id)) throw alreadyRequested();
      await enforceBudget(ctx, 'buy-request', caller.id, BUY_REQUEST_BUDGET.max, BUY_REQUEST_BUDGET.windowMs);
      try {
        const { phoneNumber, buyerAddress } = body;
        const id = await repo.insert(buyRequestRow({ product, buyer: caller, phoneNumber, buyerAddress }));
        return { acknowledged: true, insertedId: id };
      } catch (error) {
        const code = pgCode(error);
        // Two concurrent requests both passed findOpen: the partial unique index decides.
        if (code === PG_UNIQUE_VIOLATION) throw alreadyRequested();
        // The listing was deleted between the read and the insert.
        if (code === PG_FOREIGN_KEY_VIOLATION) throw notFound('Product');
        throw error;
      }
    },

    /** The cart (?buyerEmail=) or the requests to a seller (?email=): that user or an admin. */
    async list(
      caller: AuthUser,
      query: PageRequest & { buyerEmail?: string; email?: string },
    ): Promise<Page<BuyerRequestRow>> {
      const page = keysetPage(CREATED_AT_CURSOR, query);
      if (query.buyerEmail !== undefined) {
        assertSelfOrAdmin(caller, query.buyerEmail);
        const buyerEmail = query.buyerEmail;
        return page.fetch((after, limit) => repo.list({ buyerEmail }, limit, after));
      }
      if (query.email !== undefined) {
        assertSelfOrAdmin(caller, query.email);
        const sellerEmail = query.email;
        return page.fetch((after, limit) => repo.list({ sellerEmail }, limit, after));
      }
      throw badRequest('Pass exactly one of buyerEmail (your cart) or email (requests to you)');
    },

    /** Its buyer cancels, its seller hands over, or an admin removes it. */
    async remove(caller: AuthUser, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isId(id)) throw notFound('Buy request');
      const row = await repo.findById(id);
      if (!row) throw notFound('Buy request');
      if (!canRemoveBuyRequest(caller, { buyerEmail: row.buyerEmail, email: row.sellerEmail })) {
        throw notYours('Only the buyer, the seller or an admin may remove this request');
      }
      return { acknowledged: true, deletedCount: await repo.delete(id) };
    },
  };
}
export type BuyerRequestsService = ReturnType<typeof createBuyerRequestsService>;
