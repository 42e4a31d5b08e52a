import type { ReactNode } from 'react';

/** The page's main area below the fixed navbar: the root layout's, and the one the server paints a first screen in. */
export function PageMain({ children }: { children?: ReactNode }) {
  return (
    // At least a screen tall, so the footer never jumps up and down while a page loads.
    <main id="main" className="min-h-screen flex-1 pt-16">
      {children}
    </main>
  );
}
