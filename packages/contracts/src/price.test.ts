import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_FORMAT, formatPrice, isPriceFormat, priceFormatMeta, readPriceFormat } from './price.ts';

describe('formatPrice', () => {
  it('reads as the spec shows with the defaults (USD, en-US): a dollar sign, thousands, two decimals', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(25)).toBe('$25.00');
    expect(formatPrice(1_000_000)).toBe('$1,000,000.00');
    expect(formatPrice(9.999)).toBe('$10.00');
    // The three copies it replaces wrote exactly this.
    for (const amount of [0, 0.5, 12, 99.99, 1234.5, 987654.32]) {
      expect(formatPrice(amount)).toBe(`$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    }
  });

  it('follows the currency and locale settings', () => {
    expect(formatPrice(1234.5, { currency: 'EUR', locale: 'de-DE' })).toBe('1.234,50\u00a0€');
    expect(formatPrice(1234.5, { currency: 'EUR', locale: 'en-US' })).toBe('€1,234.50');
    expect(formatPrice(1234, { currency: 'JPY', locale: 'ja-JP' })).toBe('￥1,234');
  });
});

describe('price format settings', () => {
  it('accepts a currency code and a locale Intl knows, refuses anything else', () => {
    expect(isPriceFormat(DEFAULT_PRICE_FORMAT)).toBe(true);
    expect(isPriceFormat({ currency: 'GBP', locale: 'en-GB' })).toBe(true);
    expect(isPriceFormat({ currency: 'usd', locale: 'en-US' })).toBe(false);
    expect(isPriceFormat({ currency: 'DOLLARS', locale: 'en-US' })).toBe(false);
    expect(isPriceFormat({ currency: 'USD', locale: 'not a locale!' })).toBe(false);
  });

  it('round-trips through the page meta tag, and falls back to the defaults without one', () => {
    const meta = priceFormatMeta({ currency: 'EUR', locale: 'fr-FR' });
    expect(meta).toBe('<meta name="price-format" content="EUR fr-FR">');
    expect(readPriceFormat(/content="([^"]*)"/.exec(meta)![1])).toEqual({ currency: 'EUR', locale: 'fr-FR' });
    expect(readPriceFormat(null)).toEqual(DEFAULT_PRICE_FORMAT);
    expect(readPriceFormat('EUR')).toEqual(DEFAULT_PRICE_FORMAT);
    expect(readPriceFormat('<b> x')).toEqual(DEFAULT_PRICE_FORMAT);
  });
});
