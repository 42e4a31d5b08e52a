import { formatPrice } from '@/lib/format';

interface Props {
  price: number;
  agreedPrice: number | null;
  /** Classes of the price itself (the agreed one when there is one). */
  className?: string;
  /** inline: "Agreed price $80.00 (listed $100.00)" on one line; stacked: the agreed price over "Agreed, listed $100.00". */
  layout?: 'inline' | 'stacked';
}

/**
 * What a request costs (docs/product.md#offers): the listed price, or once an offer was accepted the agreed price with
 * the listed one struck through. The words say which is which, so neither the strike nor a colour carries it alone.
 */
export function TradePrice({ price, agreedPrice, className = '', layout = 'inline' }: Props) {
  if (agreedPrice === null || agreedPrice === undefined) return <span className={className}>{formatPrice(price)}</span>;
  if (layout === 'stacked') {
    return (
      <span className="inline-flex flex-col">
        <span className={className}>{formatPrice(agreedPrice)}</span>
        <span className="text-xs font-normal text-base-content">
          Agreed, listed <s>{formatPrice(price)}</s>
        </span>
      </span>
    );
  }
  return (
    <span>
      Agreed price <span className={className}>{formatPrice(agreedPrice)}</span>{' '}
      <span className="text-sm font-normal text-base-content">
        (listed <s>{formatPrice(price)}</s>)
      </span>
    </span>
  );
}
