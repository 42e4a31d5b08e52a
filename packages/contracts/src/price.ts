// How a price reads everywhere (the web, the server-rendered pages, JSON-LD, any mail that names one): one
// function, with the currency and locale the operator chose (CURRENCY and LOCALE, docs/deploy.md). The web learns
// them from the <meta name="price-format"> the server puts in every page (priceFormatMeta).

export interface PriceFormat {
  /** ISO 4217 code, e.g. 'USD', 'EUR'. */
  currency: string;
  /** BCP 47 tag, e.g. 'en-US', 'de-DE'. */
  locale: string;
}

export const DEFAULT_PRICE_FORMAT: PriceFormat = { currency: 'USD', locale: 'en-US' };

// Building an Intl.NumberFormat costs far more than using one: a page of 24 cards reuses it.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor({ currency, locale }: PriceFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** '$1,234.50' with the defaults: the currency's symbol and its usual decimals (two for USD, none for JPY). */
export function formatPrice(amount: number, format: PriceFormat = DEFAULT_PRICE_FORMAT): string {
  return formatterFor(format).format(amount);
}

/** Whether Intl accepts the pair (a well-formed currency code and a known locale tag). */
export function isPriceFormat(format: PriceFormat): boolean {
  if (!/^[A-Z]{3}$/.test(format.currency)) return false;
  try {
    formatterFor(format);
    return Intl.getCanonicalLocales(format.locale).length === 1;
  } catch {
    return false;
  }
}

export const PRICE_FORMAT_META = 'price-format';

/** The <meta> tag the server puts in every page's head: `USD en-US` (both values are checked at boot). */
export function priceFormatMeta(format: PriceFormat): string {
  return `<meta name="${PRICE_FORMAT_META}" content="${format.currency} ${format.locale}">`;
}

/** Reads the tag back (in the browser); the defaults when it is missing or unusable (the Vite dev server's page). */
export function readPriceFormat(content: string | null | undefined): PriceFormat {
  const [currency, locale] = (content ?? '').trim().split(/\s+/);
  const format = currency && locale ? { currency, locale } : undefined;
  return format && isPriceFormat(format) ? format : DEFAULT_PRICE_FORMAT;
}
