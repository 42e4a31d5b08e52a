// Test data for threads: a seller's listing, a buyer's request for it, and a way to close it (the lifecycle's
// transitions belong to the buy-requests module; a thread's tests only need the status).
import { eq } from 'drizzle-orm';
import type { BuyerRequestStatus, InsertedResponse, Message } from '@olden/contracts';
import { buyerRequests } from '../../db/schema.ts';
import type { TestApp, TestUser } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';

export interface Thread {
  seller: TestUser;
  buyer: TestUser;
  productId: string;
  requestId: string;
}

/** A fresh seller and buyer, a listing of the seller's and the buyer's request for it. */
export async function openThread(t: TestApp, names: { seller?: string; buyer?: string; listing?: string } = {}): Promise<Thread> {
  const seller = await t.createUser({ name: names.seller ?? 'Sam Seller' });
  const buyer = await t.createUser({ name: names.buyer ?? 'Bea Buyer' });
  const productId = await createProduct(t, seller, { name: names.listing ?? 'Walnut bureau' });
  const res = await t.injectAs(buyer, {
    method: 'POST',
    url: '/api/buyerProduct',
    payload: { productId, phoneNumber: '0123456789', buyerAddress: '2 Station Road' },
  });
  if (res.statusCode !== 200) throw new Error(`openThread: ${res.statusCode} ${res.body}`);
  return { seller, buyer, productId, requestId: res.json<InsertedResponse>().insertedId! };
}

export async function setStatus(t: TestApp, requestId: string, status: BuyerRequestStatus): Promise<void> {
  await t.database.db.update(buyerRequests).set({ status }).where(eq(buyerRequests.id, requestId));
}

export function post(t: TestApp, user: TestUser | null, requestId: string, text: unknown) {
  return t.injectAs(user, { method: 'POST', url: `/api/buyerProduct/${requestId}/messages`, payload: { text } });
}

export async function postOk(t: TestApp, user: TestUser, requestId: string, text: string): Promise<Message> {
  const res = await post(t, user, requestId, text);
  if (res.statusCode !== 200) throw new Error(`post: ${res.statusCode} ${res.body}`);
  return res.json<Message>();
}

export function list(t: TestApp, user: TestUser | null, requestId: string, query = '') {
  return t.injectAs(user, { method: 'GET', url: `/api/buyerProduct/${requestId}/messages${query}` });
}

export async function summaryOf(t: TestApp, user: TestUser) {
  const res = await t.injectAs(user, { method: 'GET', url: '/api/me/summary' });
  if (res.statusCode !== 200) throw new Error(`summary: ${res.statusCode} ${res.body}`);
  return res.json<{ cartCount: number; requestCount: number; unreadMessages: number }>();
}
