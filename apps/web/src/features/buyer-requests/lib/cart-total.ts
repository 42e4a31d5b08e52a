/** docs/product.md#dashboard-my-cart: the cart total is the sum of item prices. Summed in cents so 0.1 + 0.2 shows 0.30. */
export function sumPrices(items: readonly { price: number }[]): number {
  const cents = items.reduce((total, item) => total + Math.round(Number(item.price) * 100), 0);
  return cents / 100;
}
