// Building blocks every dashboard page shares: heading, loading rows, and the title element.
import { type ReactNode, type Ref, useState } from 'react';
import { pageTitle } from '@/app/paths';
import { UserIcon } from '@/components/icons';

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

/** Placeholder rows while a list loads; announced once to screen readers. */
export function ListSkeleton({ rows = 3, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-box border border-base-300 p-3">
          <div className="skeleton size-16 shrink-0 rounded-field" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton h-4 w-1/2" />
            <div className="skeleton h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Our stored images come in 320/640/1280 widths; a thumbnail only needs the smallest. */
export function thumbnailUrl(src: string): string {
  return /^\/api\/images\/[a-f0-9]{32}-(640|1280)\.webp$/.test(src) ? src.replace(/-(640|1280)\.webp$/, '-320.webp') : src;
}

/** A small thumbnail that never breaks the row when an image URL is dead. */
export function Thumb({ src, alt, size = 64 }: { src: string; alt: string; size?: number }) {
  return (
    <img
      src={thumbnailUrl(src)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-field bg-base-300 object-cover"
      style={{ width: size, height: size }}
      onError={(e) => {
        e.currentTarget.style.visibility = 'hidden';
      }}
    />
  );
}

/** A round profile photo; a missing or dead URL falls back to the generic icon. */
export function Avatar({ src, size = 48 }: { src: string | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const isShown = Boolean(src) && failed !== src;
  return (
    <span className="shrink-0 overflow-hidden rounded-full bg-base-300 ring-2 ring-primary/20" style={{ width: size, height: size }}>
      {isShown ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        <UserIcon className="size-full p-[22%] text-base-content/60" />
      )}
    </span>
  );
}

/** 'Load more' for a paged list (an infinite query); hidden when there is no next page. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button type="button" className="btn btn-outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Load more
      </button>
    </div>
  );
}
