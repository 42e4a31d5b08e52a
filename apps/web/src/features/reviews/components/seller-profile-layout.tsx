// A seller's public page's frame (docs/product.md#reviews-and-profiles): the profile's header, their listings for
// sale and, in the app, their reviews. The route fills it live; the server paints its first screen with the same
// component (app/server-render.tsx), so the two cannot drift.
import type { ReactNode } from 'react';

export function SellerProfileLayout({ header, children, reviews }: { header: ReactNode; children: ReactNode; reviews?: ReactNode }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      {header}
      <section aria-labelledby="listings-title" className="mt-8">
        <h2 id="listings-title" className="mb-4 text-xl font-semibold">
          For sale
        </h2>
        {children}
      </section>
      {reviews}
    </section>
  );
}
