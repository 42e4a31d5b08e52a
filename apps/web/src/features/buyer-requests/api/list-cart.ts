import type { BuyerProduct } from '@olden/contracts';
import { PAGE_LIMIT_MAX, type RequestListView } from '@olden/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';
import { useRequestHistory } from './request-history';

/** docs/product.md#dashboard-my-cart: GET /buyerProduct?buyerEmail={email}, the buyer's cart (open) or its history (closed). */
export function listCart(email: string, cursor?: string, view: RequestListView = 'open') {
  // The open cart is asked for exactly as the spec does (no status parameter: open is the server's default).
  const status = view === 'closed' ? view : undefined;
  return api.page<BuyerProduct>('/buyerProduct', { query: { buyerEmail: email, status, limit: PAGE_LIMIT_MAX, cursor } });
}

const CART_MAX_PAGES = 10;

/** The whole cart (its total must add up every item), page after page. */
export async function listWholeCart(email: string): Promise<BuyerProduct[]> {
  const items: BuyerProduct[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < CART_MAX_PAGES; page++) {
    const result = await listCart(email, cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return items;
}

export const cartQueryOptions = (email: string) =>
  queryOptions({ queryKey: buyerRequestKeys.cart(email), queryFn: async () => ({ items: await listWholeCart(email) }) });

export function useCart(email: string | undefined, enabled = true) {
  return useQuery({ ...cartQueryOptions(email ?? ''), enabled: enabled && Boolean(email) });
}

/** The buyer's closed requests (Declined, Cancelled, Completed), newest first, a page at a time. */
export function useCartHistory(email: string | undefined, enabled = true) {
  return useRequestHistory(buyerRequestKeys.cart(email ?? '', 'closed'), listCart, email, enabled);
}
