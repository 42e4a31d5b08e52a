import { type ReactNode, useEffect, useRef, useState } from 'react';

type Shown = 'hidden' | 'fading' | 'instant';

const JUMPED_PAST_MARGIN_PX = 100_000;

/**
 * Fades its content in when scrolled into view (spec: 1500 ms, CSS). Content a person jumps to (End key, a link,
 * a fast fling) or has already passed shows at once without the fade, so nothing waits invisible; print and
 * prefers-reduced-motion never hide it (index.css).
 */
export function Reveal({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown>('hidden');
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) {
      setShown('instant');
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((e) => e.isIntersecting);
        if (!entry) return;
        setShown(isAbove(entry) || arrivedMidView(entry) ? 'instant' : 'fading');
        observer.disconnect();
      },
      // The root reaches far above the viewport: a section jumped past (never on screen) still reports, and shows.
      { rootMargin: `${JUMPED_PAST_MARGIN_PX}px 0px 0px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={`reveal ${shown === 'hidden' ? '' : 'is-visible'} ${shown === 'instant' ? 'is-instant' : ''} ${className}`}>
      {children}
    </div>
  );
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const viewportHeight = (entry: IntersectionObserverEntry) => entry.rootBounds?.height ?? window.innerHeight;

/** Already scrolled past: it is above the viewport. */
function isAbove(entry: IntersectionObserverEntry): boolean {
  return entry.boundingClientRect.bottom <= 0;
}

/** A gradual scroll sees it first at the bottom edge; a jump lands with it well inside the view. */
function arrivedMidView(entry: IntersectionObserverEntry): boolean {
  return entry.boundingClientRect.top < viewportHeight(entry) * 0.75;
}
