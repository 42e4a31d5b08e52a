// Test data for reviews: a completed trade through the API (listing, request, handover), and the calls.
import type { InsertedResponse } from '@olden/contracts';
import type { TestApp, TestUser } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';

export interface Trade {
  seller: TestUser;
  buyer: TestUser;
  productId: string;
  requestId: string;
}

/** A listing of `seller`'s, `buyer`'s request for it, and the seller's handover: a Completed trade. */
export async function completeTrade(t: TestApp, seller: TestUser, buyer: TestUser, listing: Record<string, unknown> = {}): Promise<Trade> {
  const productId = await createProduct(t, seller, listing);
  const res = await t.injectAs(buyer, { method: 'POST', url: '/api/buyerProduct', payload: { productId, phoneNumber: '0123456789', buyerAddress: '1 Road' } });
  if (res.statusCode !== 200) throw new Error(`completeTrade: ${res.statusCode} ${res.body}`);
  const requestId = res.json<InsertedResponse>().insertedId!;
  const done = await t.injectAs(seller, { method: 'DELETE', url: `/api/buyerProduct/${requestId}` });
  if (done.statusCode !== 200) throw new Error(`completeTrade handover: ${done.statusCode} ${done.body}`);
  return { seller, buyer, productId, requestId };
}

export const review = (t: TestApp, user: TestUser | null, requestId: string, payload: unknown) =>
  t.injectAs(user, { method: 'POST', url: `/api/buyerProduct/${requestId}/review`, payload: payload as Record<string, unknown> });
