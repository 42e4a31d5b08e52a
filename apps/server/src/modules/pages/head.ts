// The HTML the server fills into the built index.html: every page's head, built from typed tags (HeadTag, renderHead:
// title, description, canonical, OpenGraph, Twitter, JSON-LD, preloads), and a listing's JSON for the web's query
// cache. The painted first screens are the web's own components (web-render.ts). See docs/decisions/009-listing-pages.md.
import { imageSrcSet, type ListingWireStatus, type Product, storedImageId, storedImageUrl } from '@olden/contracts';
import { DEFAULT_PRICE_FORMAT, type PriceFormat } from '@olden/contracts/constants';
import { absoluteImageUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';

export const SITE_NAME = 'Olden Goods';
export const DEFAULT_DESCRIPTION = 'Olden Goods: buy and sell quality second-hand and antique goods.';
/** The share picture of pages without their own (a raster: chat previews ignore SVG). */
export const DEFAULT_IMAGE_PATH = '/categories/homeAndLiving.webp';
/** The id of the script element holding the listing's JSON (apps/web reads it: features/products/api/get-product.ts). */
export const LISTING_DATA_ID = 'olden-listing';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value, safe between tags and inside double or single quotes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON for a <script> element: `<` (so no `</script>` or `<!--` closes or confuses it), `>`, `&` and the two line
 * separators JavaScript once refused are written as \u escapes, which JSON.parse reads back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The picture a listing is shared with (OpenGraph, JSON-LD): a stored image's 1280 px WebP named where it is served
 * (S3_PUBLIC_URL or PUBLIC_URL, lib/image-urls.ts), an https URL as is; nothing for anything else.
 */
export function shareImageUrl(storedImage: string, urls: ImageUrlConfig): string | undefined {
  const id = storedImageId(storedImage);
  if (id !== undefined) return absoluteImageUrl(storedImageUrl(id, 1280), urls);
  try {
    const url = new URL(storedImage);
    return url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** How a server-rendered page names a stored image: from its own origin (`/api/images/...`), or at S3_PUBLIC_URL when set. */
export const pageImageUrls = (config: ImageUrlConfig): ImageUrlConfig => ({ publicUrl: '', S3_PUBLIC_URL: config.S3_PUBLIC_URL });

export const AVAILABILITY: Record<ListingWireStatus, string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
  // Never rendered (the page is a 404 for them); named so the table stays total.
  hidden: 'https://schema.org/Discontinued',
  removed: 'https://schema.org/Discontinued',
};

/** The price as schema.org and OpenGraph want it: a plain decimal with two places. */
const plainPrice = (price: number) => price.toFixed(2);

/** A listing's page as the head names it: the listing as the page shows it and the picture it is shared with. */
export interface ListingHead {
  listing: Product;
  /** shareImageUrl of the stored first photo; none for a photo that cannot be shared. */
  shareImage?: string;
}

export function productJsonLd({ listing, shareImage }: ListingHead, publicUrl: string, priceFormat: PriceFormat = DEFAULT_PRICE_FORMAT) {
  const url = `${publicUrl}/productDetails/${listing._id}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.name,
    description: listing.shortDescription,
    ...(shareImage ? { image: [shareImage] } : {}),
    category: listing.category,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: plainPrice(listing.price),
      priceCurrency: priceFormat.currency,
      availability: AVAILABILITY[listing.status],
      itemCondition: 'https://schema.org/UsedCondition',
      seller: { '@type': 'Person', name: listing.uploaderName },
    },
  };
}

/**
 * One element of a page's head, typed: every page's head is a list of these, written by renderHead alone (values
 * HTML-escaped, JSON written by jsonForScript), so no page writes a tag by hand.
 */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; name: string; content: string }
  | { tag: 'meta'; property: string; content: string }
  /** Attributes in the order given; `true` writes a bare attribute (`crossorigin`), undefined leaves it out. */
  | { tag: 'link'; attrs: Record<string, string | true | undefined> }
  | { tag: 'script'; type: 'application/ld+json' | 'application/json'; id?: string; json: unknown };

function attributes(attrs: Record<string, string | true | undefined>): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | true] => entry[1] !== undefined)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
}

/** One tag as HTML. */
export function renderTag(tag: HeadTag): string {
  switch (tag.tag) {
    case 'title':
      return `<title>${escapeHtml(tag.text)}</title>`;
    case 'meta':
      return 'name' in tag
        ? `<meta name="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}" />`
        : `<meta property="${escapeHtml(tag.property)}" content="${escapeHtml(tag.content)}" />`;
    case 'link':
      return `<link${attributes(tag.attrs)} />`;
    case 'script':
      return `<script${attributes({ type: tag.type, id: tag.id })}>${jsonForScript(tag.json)}</script>`;
  }
}

/** A head block: its tags, one per line at the head's indent. */
export function renderHead(tags: readonly HeadTag[]): string {
  return tags.map(renderTag).join('\n    ');
}

interface HeadFields {
  title: string;
  description: string;
  /** Absolute; omitted on pages with no address of their own. */
  url?: string;
  image?: string;
  type: 'website' | 'product' | 'profile';
  robots?: string;
}

const named = (name: string, content: string): HeadTag => ({ tag: 'meta', name, content });
const property = (key: string, content: string): HeadTag => ({ tag: 'meta', property: key, content });

/** The tags every page has: title, description, canonical, OpenGraph and Twitter; each page adds its own after. */
export function pageTags(fields: HeadFields): HeadTag[] {
  return [
    { tag: 'title', text: fields.title },
    named('description', fields.description),
    ...(fields.robots ? [named('robots', fields.robots)] : []),
    ...(fields.url ? [{ tag: 'link', attrs: { rel: 'canonical', href: fields.url } } as const] : []),
    property('og:site_name', SITE_NAME),
    property('og:type', fields.type),
    property('og:title', fields.title),
    property('og:description', fields.description),
    ...(fields.url ? [property('og:url', fields.url)] : []),
    ...(fields.image ? [property('og:image', fields.image)] : []),
    named('twitter:card', fields.image ? 'summary_large_image' : 'summary'),
  ];
}

/** The head of pages without their own: the site's description and share picture; canonical when `path` is given. */
export function defaultHead(publicUrl: string, path?: string): HeadTag[] {
  return pageTags({
    title: SITE_NAME,
    description: DEFAULT_DESCRIPTION,
    type: 'website',
    image: `${publicUrl}${DEFAULT_IMAGE_PATH}`,
    ...(path ? { url: `${publicUrl}${path}` } : {}),
  });
}

/** The head of the not-found page: never indexed. */
export function notFoundHead(publicUrl: string): HeadTag[] {
  return pageTags({
    title: `Page not found | ${SITE_NAME}`,
    description: DEFAULT_DESCRIPTION,
    type: 'website',
    image: `${publicUrl}${DEFAULT_IMAGE_PATH}`,
    robots: 'noindex',
  });
}

/** Must match the product page's first photo (apps/web/src/app/routes/product-details.tsx) so the preload is used. */
export const PHOTO_SIZES = '(min-width: 1024px) 50vw, 100vw';

/**
 * A preload of a photo as an <img> of SmartImage (apps/web components/smart-image.tsx) asks for it: its src, and its
 * widths when it is a stored image; nothing for a picture that is neither stored nor https.
 */
export function imagePreload(src: string, sizes: string): HeadTag | undefined {
  const srcSet = imageSrcSet(src);
  if (!srcSet && !src.startsWith('https://')) return undefined;
  return {
    tag: 'link',
    attrs: { rel: 'preload', as: 'image', href: src, imagesrcset: srcSet, imagesizes: srcSet ? sizes : undefined, fetchpriority: 'high' },
  };
}

/** A listing's head, with the first photo's preload so it starts before the stylesheet is parsed. */
export function productHead(page: ListingHead, publicUrl: string, priceFormat: PriceFormat = DEFAULT_PRICE_FORMAT): HeadTag[] {
  const { listing, shareImage } = page;
  const preload = imagePreload(listing.image1, PHOTO_SIZES);
  return [
    ...pageTags({
      title: `${listing.name} | ${SITE_NAME}`,
      description: listing.shortDescription,
      url: `${publicUrl}/productDetails/${listing._id}`,
      type: 'product',
      ...(shareImage ? { image: shareImage } : {}),
    }),
    property('product:price:amount', plainPrice(listing.price)),
    property('product:price:currency', priceFormat.currency),
    { tag: 'script', type: 'application/ld+json', json: productJsonLd(page, publicUrl, priceFormat) },
    ...(preload ? [preload] : []),
  ];
}

/** The listing as the web's query cache holds it, for the page to start without a second request. */
export function listingData(product: Product): string {
  return renderTag({ tag: 'script', type: 'application/json', id: LISTING_DATA_ID, json: product });
}

const HEAD_BLOCK = /<!--head-->[\s\S]*?<!--\/head-->/;
const PAGE_MARK = '<!--page-->';

/**
 * index.html with the head block (between `<!--head-->` and `<!--/head-->`, or else its <title>) replaced, the page
 * markup put at `<!--page-->` (after the painted navbar) and `body` added before </body>.
 */
export function renderDocument(indexHtml: string, parts: { head?: readonly HeadTag[]; page?: string; body?: string }): string {
  let html = indexHtml;
  if (parts.head !== undefined) {
    const head = renderHead(parts.head);
    if (HEAD_BLOCK.test(html)) html = html.replace(HEAD_BLOCK, () => `<!--head-->\n    ${head}\n    <!--/head-->`);
    else if (/<title>[\s\S]*?<\/title>/.test(html)) html = html.replace(/<title>[\s\S]*?<\/title>/, () => head);
    else html = head + html;
  }
  if (parts.page !== undefined) {
    const page = parts.page;
    if (html.includes(PAGE_MARK)) html = html.replace(PAGE_MARK, () => page);
    else html = html.replace(/<div id="root">/, () => `<div id="root">${page}`);
  }
  if (parts.body !== undefined) {
    const body = parts.body;
    html = html.includes('</body>') ? html.replace('</body>', () => `${body}\n  </body>`) : html + body;
  }
  return html;
}
