import type { Product } from '@olden/contracts';
import type { ReactNode } from 'react';
import { useSimilarProducts } from '../api/get-similar-products';
import { ProductCard } from './product-card';

/**
 * docs/product.md#similar-listings: shown under a listing; nothing at all when there are none (or they fail to load).
 * `cardAction`: beside each card's price (the app's heart).
 */
export function SimilarListings({ productId, cardAction }: { productId: string; cardAction?: (product: Product) => ReactNode }) {
  const query = useSimilarProducts(productId);
  if (query.isPending) {
    return (
      <section aria-label="Similar listings loading" aria-busy="true" className="mx-auto mt-14 max-w-7xl px-4">
        <div className="skeleton h-7 w-48" />
        <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="skeleton aspect-[4/5]" />
          ))}
        </div>
      </section>
    );
  }
  const items = query.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="similar-title" className="mx-auto mt-14 max-w-7xl px-4">
      <h2 id="similar-title" className="mb-4 text-xl font-semibold">
        Similar listings
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} action={cardAction?.(product)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
