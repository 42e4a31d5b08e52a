import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Reveal } from './reveal';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observed: Callback | undefined;
let observedOptions: IntersectionObserverInit | undefined;

function stubObserver() {
  observed = undefined;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        observed = callback;
        observedOptions = options;
      }
      observe() {}
      disconnect() {}
    },
  );
}

function stubReducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

/** The element's box when the observer reports it, in an 800 px high viewport. */
function report(top: number, height = 300) {
  act(() =>
    observed?.([
      {
        // The observer's root reaches far above the viewport (see Reveal): above counts as intersecting.
        isIntersecting: top < 800,
        boundingClientRect: { top, bottom: top + height, height } as DOMRectReadOnly,
        rootBounds: { height: 800 } as DOMRectReadOnly,
      },
    ]),
  );
}

const section = () => screen.getByText('Partners').parentElement!;

afterEach(() => vi.unstubAllGlobals());

describe('Reveal', () => {
  it('stays hidden until seen, then fades in when scrolled to gradually', () => {
    stubReducedMotion(false);
    stubObserver();
    render(<Reveal><p>Partners</p></Reveal>);
    expect(section()).not.toHaveClass('is-visible');
    report(1200);
    expect(section()).not.toHaveClass('is-visible');
    report(760);
    expect(section()).toHaveClass('is-visible');
    expect(section()).not.toHaveClass('is-instant');
  });

  it('shows at once, without the fade, when the page jumps to it', () => {
    stubReducedMotion(false);
    stubObserver();
    render(<Reveal><p>Partners</p></Reveal>);
    report(200);
    expect(section()).toHaveClass('is-visible', 'is-instant');
  });

  it('shows at once when it was jumped past (above the viewport)', () => {
    stubReducedMotion(false);
    stubObserver();
    render(<Reveal><p>Partners</p></Reveal>);
    // Jumped past without ever being on screen: only a root reaching above the viewport reports that.
    expect(Number.parseInt(observedOptions?.rootMargin ?? '0', 10)).toBeGreaterThan(10_000);
    report(-900);
    expect(section()).toHaveClass('is-visible', 'is-instant');
  });

  it('never hides content from people who ask for reduced motion', () => {
    stubReducedMotion(true);
    stubObserver();
    render(<Reveal><p>Partners</p></Reveal>);
    expect(section()).toHaveClass('is-visible', 'is-instant');
  });
});
