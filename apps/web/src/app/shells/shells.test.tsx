// The home page's first screen in the first HTML response (docs/decisions/009-listing-pages.md): the build ships
// shells/home.html, the server puts it into `/`, React replaces it with the same markup. It must stay the hero's.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Hero } from '@/features/home/components/hero';
import homeShell from './home.html?raw';

describe('the home shell', () => {
  it('is the hero as React renders it (run the update below after changing the hero)', () => {
    const rendered = renderToStaticMarkup(
      <MemoryRouter>
        <Hero />
      </MemoryRouter>,
    ).replace(/<link rel="preload"[^>]*\/>/g, '');
    const shell = homeShell.trim();
    // If this fails, write `rendered` into apps/web/src/app/shells/home.html.
    expect(shell).toBe(rendered);
  });
});
