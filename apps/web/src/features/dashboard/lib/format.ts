// Money and date display for the dashboard tables.

/** Spec: the cart total is the sum of item prices. Summed in cents so 0.1 + 0.2 shows 0.30. */
export function sumPrices(items: readonly { price: number }[]): number {
  const cents = items.reduce((total, item) => total + Math.round(Number(item.price) * 100), 0);
  return cents / 100;
}

/** '$1,234.50': the spec's currency, always two decimals. */
export function formatPrice(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A YYYY-MM-DD post date for people; anything else is shown as given. */
export function formatDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Today as YYYY-MM-DD in the user's own time zone (the date input's format). */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
