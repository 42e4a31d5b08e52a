import type { BuyerProduct } from '@olden/contracts';
import { formatPrice } from '@/lib/format';
import { sumPrices } from '../lib/cart-total';

/** docs/product.md#dashboard-my-cart: the total is the sum of the item prices, in $. */
export function CartSummary({ items }: { items: BuyerProduct[] }) {
  const total = sumPrices(items);
  return (
    <div className="flex items-center justify-between gap-4 rounded-box border border-base-300 bg-base-200 p-4">
      <p className="text-sm text-base-content/70">
        {items.length} {items.length === 1 ? 'item' : 'items'}
      </p>
      <p className="text-lg">
        Total: <strong data-testid="cart-total" className="tabular-nums">{formatPrice(total)}</strong>
      </p>
    </div>
  );
}
