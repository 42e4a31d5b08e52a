// The first screens the server paints before the JavaScript (apps/server/src/modules/pages), rendered with
// react-dom/server from the same components the app renders, so a change to a card or to the product page shows in
// both. The server loads this module bundled (apps/server/src/modules/pages/web-render.ts); React's first render in
// the browser replaces the painted screen with the same markup (docs/decisions/021-first-screens-from-the-components.md).
import type { PriceFormat, Product, Profile, TimelineFilters } from '@olden/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PageMain } from '@/components/page-main';
import { HeartButton } from '@/features/favourites/components/heart-button';
import { listingUnavailableReason } from '@/features/products/components/listing-status-badge';
import { PhotosFallback, ProductDetailsView } from '@/features/products/components/product-details-view';
import { ProductCardList } from '@/features/products/components/product-grid';
import { TimelineView } from '@/features/products/components/timeline-view';
import { ProfileHeader } from '@/features/reviews/components/profile-header';
import { SellerProfileLayout } from '@/features/reviews/components/seller-profile-layout';
import { withPriceFormat } from '@/lib/format';
import { paths } from '@/config/paths';

/** How many cards the timeline's painted first screen shows (a desktop row; a phone shows one). */
export const TIMELINE_FIRST_CARDS = 3;

const nothing = () => {};

/**
 * The heart as React first renders it for a visitor or a user who has not saved the listing: unpressed (the server
 * paints no page per user; a saved one turns pressed once the app has read the user's favourites).
 */
const paintedHeart = (product: Product, size?: 'md') => (
  <HeartButton name={product.name} pressed={false} favouriteCount={product.favouriteCount} size={size} onClick={nothing} />
);

/**
 * React writes a preload of every eagerly loaded picture before the markup when it renders no <head>; the page's head
 * already has the one preload that matters (apps/server modules/pages/head.ts), so these are dropped.
 */
const withoutPreloads = (html: string) => html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');

/** The timeline's first screen: header, the filters as chosen and the first cards (none for an empty first page). */
export function renderTimelineScreen(page: { filters: TimelineFilters; items: Product[] }, format: PriceFormat): string {
  const first = page.items.slice(0, TIMELINE_FIRST_CARDS);
  return withPriceFormat(format, () =>
    withoutPreloads(renderToStaticMarkup(
      <StaticRouter location={paths.timeline.getHref()}>
        <PageMain>
          <TimelineView filters={page.filters} onChange={nothing}>
            {first.length > 0 && (
              <div className="space-y-8">
                <ProductCardList products={first} cardAction={paintedHeart} />
              </div>
            )}
          </TimelineView>
        </PageMain>
      </StaticRouter>,
    )),
  );
}

/** The product page's body as a visitor first sees it (Buy Now off, with its reason, on a reserved or sold listing). */
export function renderProductScreen(product: Product, format: PriceFormat): string {
  return withPriceFormat(format, () =>
    withoutPreloads(renderToStaticMarkup(
      <StaticRouter location={paths.productDetails.getHref(product._id)}>
        <PageMain>
          <ProductDetailsView product={product} unavailableReason={listingUnavailableReason(product.status)} onBuy={nothing} onOffer={nothing} photos={<PhotosFallback />} heart={paintedHeart(product, 'md')} />
        </PageMain>
      </StaticRouter>,
    )),
  );
}

/** A seller's public page as a visitor first sees it: the profile's header and their first listings for sale. */
export function renderSellerScreen(profile: Profile, listings: Product[], format: PriceFormat): string {
  const first = listings.slice(0, TIMELINE_FIRST_CARDS);
  return withPriceFormat(format, () =>
    withoutPreloads(renderToStaticMarkup(
      <StaticRouter location={paths.sellerProfile.getHref(profile._id)}>
        <PageMain>
          <SellerProfileLayout header={<ProfileHeader profile={profile} />}>
            {first.length > 0 && (
              <div className="space-y-8">
                <ProductCardList products={first} cardAction={paintedHeart} />
              </div>
            )}
          </SellerProfileLayout>
        </PageMain>
      </StaticRouter>,
    )),
  );
}
