// The heading of every dashboard page, with the document title.
import type { ReactNode, Ref } from 'react';
import { pageTitle } from '@/config/paths';

export function PageHeader({
  title,
  description,
  children,
  headingRef,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Pages move focus here when the row that had it is removed. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3 border-b border-base-300 pb-4">
      <title>{pageTitle(title)}</title>
      <div className="min-w-0">
        <h1 ref={headingRef} tabIndex={-1} className="font-serif text-2xl font-bold outline-none sm:text-3xl">
          {title}
        </h1>
        {description && <p className="mt-1 text-sm text-base-content/70">{description}</p>}
      </div>
      {children}
    </header>
  );
}
