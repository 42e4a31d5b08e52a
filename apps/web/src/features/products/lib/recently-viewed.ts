// The last listings a visitor opened, kept on the device (localStorage), newest first (docs/product.md#recently-viewed).
// Nothing leaves the browser; a full or blocked storage simply keeps nothing.
import type { Product } from '@olden/contracts';

export const RECENTLY_VIEWED_KEY = 'olden.recentlyViewed';
export const RECENTLY_VIEWED_MAX = 12;

/** What a home-page tile needs, as the listing was when it was opened. */
export type ViewedListing = Pick<Product, '_id' | 'name' | 'price' | 'image1' | 'category'>;

function isViewed(value: unknown): value is ViewedListing {
  const v = value as ViewedListing;
  return (
    typeof v === 'object' && v !== null && typeof v._id === 'string' && typeof v.name === 'string' &&
    typeof v.price === 'number' && typeof v.image1 === 'string' && typeof v.category === 'string'
  );
}

export function recentlyViewed(): ViewedListing[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isViewed).slice(0, RECENTLY_VIEWED_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts the listing first (once), keeping at most RECENTLY_VIEWED_MAX. */
export function rememberViewed(product: Product): void {
  const entry: ViewedListing = { _id: product._id, name: product.name, price: product.price, image1: product.image1, category: product.category };
  const next = [entry, ...recentlyViewed().filter((v) => v._id !== product._id)].slice(0, RECENTLY_VIEWED_MAX);
  try {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused (private mode): nothing is remembered.
  }
}
