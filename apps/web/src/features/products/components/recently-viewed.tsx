import { categoryLabel } from '@olden/contracts/constants';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SmartImage } from '@/components/smart-image';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { recentlyViewed, type ViewedListing } from '../lib/recently-viewed';

/**
 * The home page's "Recently viewed": the last listings opened on this device (lib/recently-viewed.ts). Read after the
 * first render, so the server-painted first screen and the browser's agree; nothing is shown to a first-time visitor.
 */
export function RecentlyViewed() {
  const [items, setItems] = useState<ViewedListing[]>([]);
  useEffect(() => setItems(recentlyViewed()), []);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-title" className="px-4 py-12">
      <div className="mx-auto max-w-7xl">
        <h2 id="recently-viewed-title" className="mb-4 text-2xl font-semibold">
          Recently viewed
        </h2>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {items.map((item) => (
            <li key={item._id}>
              <Link
                to={paths.productDetails.getHref(item._id)}
                className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md focus-visible:outline-2"
              >
                <figure className="aspect-square bg-base-200">
                  <SmartImage src={item.image1} width={320} height={320} loading="lazy" className="size-full object-cover" alt="" />
                </figure>
                <div className="p-3">
                  <p className="line-clamp-2 text-sm font-medium">{item.name}</p>
                  <p className="text-sm font-semibold text-primary">{formatPrice(item.price)}</p>
                  <p className="sr-only">{categoryLabel(item.category)}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
