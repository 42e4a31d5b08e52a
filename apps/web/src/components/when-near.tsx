import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Mounts its children once they come within `margin` of the viewport, or once the reader is past them (a jump
 * down the page, a link to a lower section: the observed area reaches far above the viewport), at once without
 * IntersectionObserver; until then `placeholder` holds their place. For below-the-fold widgets whose code (Swiper) the first paint does
 * not need: their chunks then load after the page is up, not during its start (docs/decisions/009-listing-pages.md).
 */
/** Above the viewport, everything counts as near: content the reader scrolled past is never left unmounted. */
const PASSED_MARGIN = '100000px';

export function WhenNear({ children, placeholder, margin = '400px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${PASSED_MARGIN} 0px ${margin} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [margin]);
  return <div ref={ref}>{isNear ? children : placeholder}</div>;
}
