// The timeline's HTML for a signed-in person: its first screen painted before the JavaScript (the page's header,
// filters and first cards, with the React page's own classes) and its first page of listings as JSON for the
// web's query cache. A visitor without a valid session gets the plain shell (the app sends them to /login).
// See docs/decisions/014-timeline-first-page.md.
import {
  CATEGORY_KEYS,
  CATEGORY_LABELS,
  categoryLabel,
  imageSrcSet,
  PAGE_LIMIT_DEFAULT,
  parseTimelineFilters,
  PRODUCT_SORTS,
  type Product,
  type ProductSort,
  type TimelineFilters,
} from '@olden/contracts';
import { DEFAULT_PRICE_FORMAT, formatPrice, type PriceFormat } from '@olden/contracts/constants';
import { escapeHtml, jsonForScript } from './head.ts';

/** The id of the script element holding the timeline's first page (apps/web reads it: features/products/api/list-products.ts). */
export const TIMELINE_DATA_ID = 'olden-timeline';
/** How many cards the static first screen shows (a desktop row; a phone shows one). */
export const TIMELINE_STATIC_CARDS = 3;

/** The timeline's filters from its URL query, by the rule the web reads them with (contracts timeline-filters.ts). */
export function timelineFilters(query: Record<string, unknown>): TimelineFilters {
  return parseTimelineFilters((key) => {
    const value = query[key];
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : undefined;
  });
}

/** The query of GET /api/products the web would send for these filters' first page. */
export const firstPageQuery = (filters: TimelineFilters) => ({ ...filters, limit: PAGE_LIMIT_DEFAULT });

export interface TimelinePage {
  filters: TimelineFilters;
  items: Product[];
  nextCursor?: string;
}

/** The first page as JSON in a data block (never executed; `<` and friends are \u escapes). */
export function timelineData(page: TimelinePage): string {
  return `<script type="application/json" id="${TIMELINE_DATA_ID}">${jsonForScript(page)}</script>`;
}

const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  distance: 'Nearest first',
};

const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** apps/web features/products/components/product-card.tsx, as static markup. */
function cardMarkup(product: Product, isPriority: boolean, priceFormat: PriceFormat): string {
  const srcSet = imageSrcSet(product.image1);
  const status =
    product.status === 'available'
      ? ''
      : `<span class="badge w-fit ${product.status === 'sold' ? 'badge-neutral' : 'badge-warning'}">${product.status === 'sold' ? 'Sold' : 'Reserved'}</span>`;
  return [
    '<li><article class="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:shadow-lg">',
    '<figure class="aspect-[4/3] bg-base-200">',
    `<img src="${escapeHtml(product.image1)}"${srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${CARD_SIZES}"` : ''} width="640" height="480" alt="${escapeHtml(product.name)}" loading="${isPriority ? 'eager' : 'lazy'}" decoding="async"${isPriority ? ' fetchpriority="high"' : ''} class="size-full object-cover" />`,
    '</figure>',
    '<div class="card-body gap-2 p-5">',
    status,
    '<div class="flex items-start justify-between gap-3">',
    `<h2 class="card-title text-lg leading-snug">${escapeHtml(product.name)}</h2>`,
    `<span class="shrink-0 font-semibold text-primary">${escapeHtml(formatPrice(product.price, priceFormat))}</span>`,
    '</div>',
    `<p class="badge badge-ghost badge-sm">${escapeHtml(categoryLabel(product.category))}</p>`,
    `<p class="line-clamp-3 text-sm text-base-content/75">${escapeHtml(product.shortDescription)}</p>`,
    '<div class="card-actions mt-auto pt-2">',
    `<a href="/productDetails/${encodeURIComponent(product._id)}" class="btn btn-primary btn-sm" aria-label="View Details of ${escapeHtml(product.name)}">View Details</a>`,
    '</div></div></article></li>',
  ].join('');
}

/** apps/web features/products/components/product-filters.tsx, as static markup (React replaces it with the live form). */
function filtersMarkup(filters: TimelineFilters): string {
  const selected = (on: boolean) => (on ? ' selected' : '');
  const value = (v: string | undefined) => (v ? ` value="${escapeHtml(v)}"` : '');
  const hasFilters = Boolean(filters.category || filters.q || filters.minPrice || filters.maxPrice || (filters.sort && filters.sort !== 'newest'));
  return [
    '<div class="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">',
    '<div class="flex flex-wrap items-end gap-4">',
    '<div class="flex min-w-48 flex-col gap-1.5">',
    '<label for="tl-category" class="text-sm font-medium">Category</label>',
    '<div class="flex flex-wrap items-center gap-2">',
    '<select id="tl-category" class="select w-auto min-w-48">',
    `<option value="" disabled${selected(!filters.category)}>select a value</option>`,
    ...CATEGORY_KEYS.map((key) => `<option value="${key}"${selected(filters.category === key)}>${escapeHtml(CATEGORY_LABELS[key])}</option>`),
    '</select>',
    filters.category ? '<button type="button" class="btn btn-ghost btn-sm text-primary">All categories</button>' : '',
    '</div></div>',
    '<div class="flex min-w-40 flex-col gap-1.5">',
    '<label for="tl-sort" class="text-sm font-medium">Sort by</label>',
    '<select id="tl-sort" class="select">',
    ...PRODUCT_SORTS.filter((s) => s !== 'distance' || filters.near !== undefined).map((s) => `<option value="${s}"${selected((filters.sort ?? 'newest') === s)}>${SORT_LABELS[s]}</option>`),
    '</select></div></div>',
    '<form role="search" class="mt-4 flex flex-wrap items-end gap-4">',
    '<div class="flex min-w-56 flex-1 flex-col gap-1.5">',
    '<label for="tl-q" class="text-sm font-medium">Search</label>',
    `<input id="tl-q" name="q" type="search" class="input w-full" placeholder="Search by name or description"${value(filters.q)} />`,
    '</div>',
    '<fieldset class="flex items-end gap-2">',
    '<legend class="mb-1.5 text-sm font-medium">Price range ($)</legend>',
    '<label class="sr-only" for="tl-min">Minimum price</label>',
    `<input id="tl-min" name="minPrice" type="number" min="0" step="any" inputmode="decimal" class="input w-28" placeholder="Min"${value(filters.minPrice)} />`,
    '<span aria-hidden="true" class="pb-2">–</span>',
    '<label class="sr-only" for="tl-max">Maximum price</label>',
    `<input id="tl-max" name="maxPrice" type="number" min="0" step="any" inputmode="decimal" class="input w-28" placeholder="Max"${value(filters.maxPrice)} />`,
    '</fieldset>',
    '<div class="flex gap-2"><button type="submit" class="btn btn-primary">Apply</button>',
    hasFilters ? '<button type="button" class="btn btn-ghost">Clear</button>' : '',
    '</div></form></div>',
  ].join('');
}

/**
 * The timeline's first screen (apps/web src/app/routes/timeline.tsx): header, filters and the first cards. An empty
 * first page shows no cards (React paints its empty state).
 */
export function timelineMarkup(page: TimelinePage, priceFormat: PriceFormat = DEFAULT_PRICE_FORMAT): string {
  const cards = page.items.slice(0, TIMELINE_STATIC_CARDS).map((product, i) => cardMarkup(product, i < 2, priceFormat));
  return [
    '<main id="main" class="min-h-screen flex-1 pt-16"><section class="mx-auto max-w-7xl px-4 py-10">',
    '<header class="mb-6"><h1 class="font-serif text-3xl font-bold">Timeline</h1>',
    '<p class="mt-1 text-base-content/70">Everything our sellers have on offer, newest first.</p></header>',
    filtersMarkup(page.filters),
    cards.length > 0 ? `<div class="mt-8"><div class="space-y-8"><ul class="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">${cards.join('')}</ul></div></div>` : '',
    '</section></main>',
  ].join('');
}

/** A preload of the first card's picture, so it starts with the HTML instead of after the stylesheet. */
export function firstCardPreload(page: TimelinePage): string {
  const first = page.items[0];
  if (!first) return '';
  const srcSet = imageSrcSet(first.image1);
  return `<link rel="preload" as="image" href="${escapeHtml(first.image1)}"${srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${CARD_SIZES}"` : ''} fetchpriority="high" />`;
}

/**
 * A preload of the first page's request as the web sends it (`/api/products?<filters>&limit=24`, no token: public
 * listings), so it starts with the HTML rather than after the JavaScript. A hint, not data: the same request the
 * timeline's loader makes for anyone, signed in or not (a visitor is then sent to /login).
 */
export function firstPagePreload(filters: TimelineFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(firstPageQuery(filters))) if (value !== undefined && value !== '') params.set(key, String(value));
  return `<link rel="preload" as="fetch" href="${escapeHtml(`/api/products?${params}`)}" crossorigin="anonymous" />`;
}
