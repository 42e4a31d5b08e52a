import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as configureZod } from 'zod/v4/core';
import { paths } from './config/paths';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { isGuardedPath, startEarlySession } from './features/auth/lib/early-session';
import { INJECTED_TIMELINE_ID } from './features/products/api/list-products';
import { onAuthFailure } from './lib/api-client';
import './index.css';

// Zod probes eval (new Function) on first parse; under our CSP that is refused and reported on every page. Never probe.
configureZod({ jitless: true });

// Behind the route guard (or on a timeline the server painted for a live session): check the session while the
// route's code loads, so React's first render is the page (or the way to /login) rather than the guard's loader.
const earlySession =
  isGuardedPath(window.location.pathname) || document.getElementById(INJECTED_TIMELINE_ID) ? startEarlySession() : undefined;

const router = createAppRouter();

// docs/product.md#sessions-and-tokens: a 401/403 from any request sends the person to /login (the auth provider logs them out).
onAuthFailure(() => {
  const { location } = router.state;
  if (location.pathname !== paths.login.path) {
    void router.navigate(paths.login.getHref(), { state: { from: location } });
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// The HTML's painted navbar (and a product page's first screen, put there by the server) stays until the first
// route's code and data are in: React's first render then replaces it with the same page, never with a blank one.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}

if (earlySession) await earlySession;

// The first render is a transition: React yields to the browser every few milliseconds instead of holding the main
// thread in one long task (the page's total blocking time); the painted HTML stays until it commits.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
