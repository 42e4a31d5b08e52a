const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** Spec: prices are in $. */
export function formatPrice(price: number): string {
  return money.format(price);
}

export function formatDate(value: string): string {
  const d = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatAge(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}
