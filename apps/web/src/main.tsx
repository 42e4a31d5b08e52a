import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as configureZod } from 'zod/v4/core';
import { paths } from './config/paths';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { onAuthFailure } from './lib/api-client';
import './index.css';

// Zod probes eval (new Function) on first parse; under our CSP that is refused and reported on every page. Never probe.
configureZod({ jitless: true });

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

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
