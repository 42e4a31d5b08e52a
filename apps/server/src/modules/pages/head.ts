// The HTML the server fills into the built index.html: a listing's head (title, description, canonical,
// OpenGraph, Twitter, JSON-LD), its main content painted before the JavaScript, and the listing's JSON for the
// web's query cache. See docs/decisions/009-listing-pages.md.
import { categoryLabel, type ListingStatus, type Product, storedImageId, storedImageUrl } from '@olden/contracts';
import { DEFAULT_PRICE_FORMAT, formatPrice, type PriceFormat } from '@olden/contracts/constants';

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

/** An absolute URL of a listing's picture for previews: the 1280 px WebP of a stored image, an https URL as is. */
export function absoluteImageUrl(image: string, publicUrl: string): string | undefined {
  const id = storedImageId(image);
  if (id !== undefined) return `${publicUrl}${storedImageUrl(id, 1280)}`;
  try {
    const url = new URL(image);
    return url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export const AVAILABILITY: Record<ListingStatus, string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
};

/** The price as schema.org and OpenGraph want it: a plain decimal with two places. */
const plainPrice = (price: number) => price.toFixed(2);

export function productJsonLd(product: Product, publicUrl: string, priceFormat: PriceFormat = DEFAULT_PRICE_FORMAT) {
  const url = `${publicUrl}/productDetails/${product._id}`;
  const image = absoluteImageUrl(product.image1, publicUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.shortDescription,
    ...(image ? { image: [image] } : {}),
    category: product.category,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: plainPrice(product.price),
      priceCurrency: priceFormat.currency,
      availability: AVAILABILITY[product.status],
      itemCondition: 'https://schema.org/UsedCondition',
      seller: { '@type': 'Person', name: product.uploaderName },
    },
  };
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

/** The head's common tags (title, description, robots, canonical, OpenGraph, Twitter); each page adds its own after. */
export function headTags(fields: HeadFields): string[] {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(fields.title)}</title>`,
    meta('name', 'description', fields.description),
    ...(fields.robots ? [meta('name', 'robots', fields.robots)] : []),
    ...(fields.url ? [`<link rel="canonical" href="${escapeHtml(fields.url)}" />`] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', fields.type),
    meta('property', 'og:title', fields.title),
    meta('property', 'og:description', fields.description),
    ...(fields.url ? [meta('property', 'og:url', fields.url)] : []),
    ...(fields.image ? [meta('property', 'og:image', fields.image)] : []),
    meta('name', 'twitter:card', fields.image ? 'summary_large_image' : 'summary'),
  ];
}

/** The head of pages without their own: the site's description and share picture; canonical when `path` is given. */
export function defaultHead(publicUrl: string, path?: string): string {
  return headTags({
    title: SITE_NAME,
    description: DEFAULT_DESCRIPTION,
    type: 'website',
    image: `${publicUrl}${DEFAULT_IMAGE_PATH}`,
    ...(path ? { url: `${publicUrl}${path}` } : {}),
  }).join('\n    ');
}

/** The head of the not-found page: never indexed. */
export function notFoundHead(publicUrl: string): string {
  return headTags({
    title: `Page not found | ${SITE_NAME}`,
    description: DEFAULT_DESCRIPTION,
    type: 'website',
    image: `${publicUrl}${DEFAULT_IMAGE_PATH}`,
    robots: 'noindex',
  }).join('\n    ');
}

/** A listing's head; `preload` adds the first photo's preload so it starts before the stylesheet is parsed. */
export function productHead(product: Product, publicUrl: string, priceFormat: PriceFormat = DEFAULT_PRICE_FORMAT): string {
  const image = absoluteImageUrl(product.image1, publicUrl);
  const tags = headTags({
    title: `${product.name} | ${SITE_NAME}`,
    description: product.shortDescription,
    url: `${publicUrl}/productDetails/${product._id}`,
    type: 'product',
    ...(image ? { image } : {}),
  });
  tags.push(
    `<meta property="product:price:amount" content="${plainPrice(product.price)}" />`,
    `<meta property="product:price:currency" content="${escapeHtml(priceFormat.currency)}" />`,
    `<script type="application/ld+json">${jsonForScript(productJsonLd(product, publicUrl, priceFormat))}</script>`,
  );
  const photo = photoAttributes(product);
  if (photo) {
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(photo.src)}"${photo.srcSet ? ` imagesrcset="${escapeHtml(photo.srcSet)}" imagesizes="${PHOTO_SIZES}"` : ''} fetchpriority="high" />`,
    );
  }
  return tags.join('\n    ');
}

/** Must match the product page's first photo (apps/web/src/app/routes/product-details.tsx) so the preload is used. */
const PHOTO_SIZES = '(min-width: 1024px) 50vw, 100vw';

function photoAttributes(product: Product): { src: string; srcSet?: string } | undefined {
  const id = storedImageId(product.image1);
  if (id !== undefined) {
    return { src: product.image1, srcSet: [320, 640, 1280].map((w) => `${storedImageUrl(id, w as 320)} ${w}w`).join(', ') };
  }
  return absoluteImageUrl(product.image1, '') ? { src: product.image1 } : undefined;
}

/**
 * The product page's first screen as static markup (same classes and boxes as the React page, so nothing moves
 * when React replaces it): the seller bar, the first photo, the category, name and price.
 */
export function productMarkup(product: Product, priceFormat: PriceFormat = DEFAULT_PRICE_FORMAT): string {
  const photo = photoAttributes(product);
  const img = photo
    ? `<img src="${escapeHtml(photo.src)}"${photo.srcSet ? ` srcset="${escapeHtml(photo.srcSet)}" sizes="${PHOTO_SIZES}"` : ''} width="1280" height="960" alt="${escapeHtml(product.name)}" loading="eager" fetchpriority="high" decoding="async" class="aspect-[4/3] w-full rounded-box bg-base-200 object-cover" />`
    : '<div class="aspect-[4/3] w-full rounded-box bg-base-200"></div>';
  const seller = (label: string, value: string) =>
    `<p class="flex items-center gap-2"><span class="size-5 shrink-0"></span><span class="min-w-0"><span class="block text-xs opacity-70">${label}</span>${escapeHtml(value)}</span></p>`;
  return [
    '<main id="main" class="min-h-screen flex-1 pt-16"><article class="pb-16">',
    '<section aria-label="Seller" class="bg-neutral text-neutral-content"><div class="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:grid-cols-2 lg:grid-cols-4">',
    seller('Uploaded by', product.uploaderName),
    seller('Contact email', product.email),
    seller('Contact number', product.uploaderPhone),
    seller('Location', product.uploaderLocation),
    '</div></section>',
    '<div class="mx-auto grid max-w-7xl gap-10 px-4 pt-10 lg:grid-cols-2">',
    `<div>${img}</div>`,
    '<div>',
    `<p class="badge badge-ghost">${escapeHtml(categoryLabel(product.category))}</p>`,
    `<h1 class="mt-3 font-serif text-3xl font-bold sm:text-4xl">${escapeHtml(product.name)}</h1>`,
    `<p class="mt-3 text-3xl font-semibold text-primary">${escapeHtml(formatPrice(product.price, priceFormat))}</p>`,
    `<p class="mt-6 font-medium">${escapeHtml(product.shortDescription)}</p>`,
    '</div></div></article></main>',
  ].join('');
}

/** The listing as the web's query cache holds it, for the page to start without a second request. */
export function listingData(product: Product): string {
  return `<script type="application/json" id="${LISTING_DATA_ID}">${jsonForScript(product)}</script>`;
}

const HEAD_BLOCK = /<!--head-->[\s\S]*?<!--\/head-->/;
const PAGE_MARK = '<!--page-->';

/**
 * index.html with the head block (between `<!--head-->` and `<!--/head-->`, or else its <title>) replaced, the page
 * markup put at `<!--page-->` (after the painted navbar) and `body` added before </body>.
 */
export function renderDocument(indexHtml: string, parts: { head?: string; page?: string; body?: string }): string {
  let html = indexHtml;
  if (parts.head !== undefined) {
    const head = parts.head;
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
