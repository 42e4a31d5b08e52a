import type { ReactNode } from 'react';
import type { ProductFilters } from '../api/list-products';
import { ProductFiltersBar } from './product-filters';

/**
 * The timeline page: its header, the filters as chosen and, below them, the listings (`children`). The route renders
 * it with the live grid; the server paints its first screen with the same component (app/server-render.tsx).
 * `toolbar`: what the app shows under the filters ("Save this search"; not on the painted screen).
 */
export function TimelineView({
  filters,
  onChange,
  toolbar,
  children,
}: {
  filters: ProductFilters;
  onChange: (next: ProductFilters) => void;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-6">
        <h1 className="font-serif text-3xl font-bold">Timeline</h1>
        <p className="mt-1 text-base-content/70">Everything our sellers have on offer, newest first.</p>
      </header>
      <ProductFiltersBar filters={filters} onChange={onChange} />
      {toolbar}
      <div className="mt-8">{children}</div>
    </section>
  );
}
