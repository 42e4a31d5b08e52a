// The timeline's HTML for a signed-in person: its first screen painted before the JavaScript (the web's own
// components, web-render.ts) and its first page of listings as JSON for the web's query cache. A visitor without a
// valid session gets the plain shell (the app sends them to /login).
// See docs/decisions/021-first-screens-from-the-components.md.
import { imageSrcSet, PAGE_LIMIT_DEFAULT, parseTimelineFilters, type Product, type TimelineFilters } from '@olden/contracts';
import { type HeadTag, renderTag } from './head.ts';

/** The id of the script element holding the timeline's first page (apps/web reads it: features/products/api/list-products.ts). */
export const TIMELINE_DATA_ID = 'olden-timeline';

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
  return renderTag({ tag: 'script', type: 'application/json', id: TIMELINE_DATA_ID, json: page });
}

/** A card's photo sizes: SmartImage's default (apps/web components/smart-image.tsx), which the cards use. */
const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** A preload of the first card's picture, so it starts with the HTML instead of after the stylesheet. */
export function firstCardPreload(page: TimelinePage): HeadTag[] {
  const first = page.items[0];
  if (!first) return [];
  // A card asks for whatever picture it has, with its widths when stored (SmartImage): so does its preload.
  const srcSet = imageSrcSet(first.image1);
  return [
    {
      tag: 'link',
      attrs: { rel: 'preload', as: 'image', href: first.image1, imagesrcset: srcSet, imagesizes: srcSet ? CARD_SIZES : undefined, fetchpriority: 'high' },
    },
  ];
}

/**
 * A preload of the first page's request as the web sends it (`/api/products?<filters>&limit=24`, no token: public
 * listings), so it starts with the HTML rather than after the JavaScript. A hint, not data: the same request the
 * timeline's loader makes for anyone, signed in or not (a visitor is then sent to /login).
 */
export function firstPagePreload(filters: TimelineFilters): HeadTag {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(firstPageQuery(filters))) if (value !== undefined && value !== '') params.set(key, String(value));
  return { tag: 'link', attrs: { rel: 'preload', as: 'fetch', href: `/api/products?${params}`, crossorigin: 'anonymous' } };
}
