// Test steps for offers, shared by the offers tests.
import type { Offer } from '@olden/contracts';
import type { TestApp, TestUser } from '../../test/harness.ts';
import { createProduct } from '../products/fixtures.ts';

/** A new Pending request of `buyer` for a new listing of `seller` at `price` (with the listing's other `overrides`). */
export async function pendingRequest(t: TestApp, seller: TestUser, buyer: TestUser, overrides: Record<string, unknown> = {}) {
  const productId = await createProduct(t, seller, { price: '100', ...overrides });
  const res = await t.injectAs(buyer, {
    method: 'POST',
    url: '/api/buyerProduct',
    payload: { productId, phoneNumber: '0123456789', buyerAddress: '1 Main St' },
  });
  if (res.statusCode !== 200) throw new Error(`pendingRequest: ${res.statusCode} ${res.body}`);
  return { productId, requestId: res.json<{ insertedId: string }>().insertedId };
}

export const makeOffer = (t: TestApp, user: TestUser | null, requestId: string, amount: unknown) =>
  t.injectAs(user, { method: 'POST', url: `/api/buyerProduct/${requestId}/offers`, payload: { amount } });

export const answerOffer = (t: TestApp, user: TestUser | null, requestId: string, offerId: string, body: Record<string, unknown>) =>
  t.injectAs(user, { method: 'PATCH', url: `/api/buyerProduct/${requestId}/offers/${offerId}`, payload: body });

export async function offersOf(t: TestApp, user: TestUser, requestId: string): Promise<Offer[]> {
  const res = await t.injectAs(user, { method: 'GET', url: `/api/buyerProduct/${requestId}/offers` });
  if (res.statusCode !== 200) throw new Error(`offersOf: ${res.statusCode} ${res.body}`);
  return res.json<Offer[]>();
}

/** The buyer's offer, made and checked: its id. */
export async function offered(t: TestApp, buyer: TestUser, requestId: string, amount: number): Promise<string> {
  const res = await makeOffer(t, buyer, requestId, amount);
  if (res.statusCode !== 201) throw new Error(`offered: ${res.statusCode} ${res.body}`);
  return res.json<{ offer: Offer }>().offer._id;
}
