import { tradePrice } from '@olden/contracts/constants';

/**
 * docs/product.md#dashboard-my-cart: the cart total is the sum of what the items cost: an accepted offer's agreed
 * price, else the listed one (docs/product.md#offers). Summed in cents so 0.1 + 0.2 shows 0.30.
 */
export function sumPrices(items: readonly { price: number; agreedPrice?: number | null }[]): number {
  const cents = items.reduce((total, item) => total + Math.round(Number(tradePrice(item)) * 100), 0);
  return cents / 100;
}
