// How prices, dates and ages read everywhere on the site: one format, so a price looks the same on a card,
// a product page and in the dashboard.

import { formatPrice as formatPriceIn, PRICE_FORMAT_META, type PriceFormat, readPriceFormat } from '@olden/contracts/constants';

// The operator's CURRENCY and LOCALE, named by the server in every page's head; the defaults (USD, en-US) without it.
let priceFormat = readPriceFormat(
  typeof document === 'undefined' ? undefined : document.querySelector(`meta[name="${PRICE_FORMAT_META}"]`)?.getAttribute('content'),
);

/**
 * Runs a (synchronous) render with the server's price format, which it knows from its configuration rather than from
 * a page's head (app/server-render.tsx); the format before is back when it returns.
 */
export function withPriceFormat<T>(format: PriceFormat, render: () => T): T {
  const before = priceFormat;
  priceFormat = format;
  try {
    return render();
  } finally {
    priceFormat = before;
  }
}

/** '$1,234.50' with the defaults: the same function as the server-rendered pages and mails (@olden/contracts). */
export function formatPrice(amount: number): string {
  return formatPriceIn(amount, priceFormat);
}

/** A YYYY-MM-DD post date for people ('Jan 5, 2026'), the same in every time zone; anything else is shown as given. */
export function formatDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A listing's age: months of use. */
export function formatAge(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** Today as YYYY-MM-DD in the user's own time zone (the date input's format). */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A moment for people ('Jan 5, 2026, 3:04 PM'), in the reader's own time zone; anything unreadable is shown as given. */
export function formatDateTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
