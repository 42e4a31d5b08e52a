import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './when-near';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

afterEach(() => vi.unstubAllGlobals());

describe('WhenNear', () => {
  it('shows the placeholder until the element nears the viewport, then the children', () => {
    let fire: Callback = () => {};
    let margin = '';
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Callback, options: { rootMargin: string }) {
          fire = callback;
          margin = options.rootMargin;
        }
        observe = observe;
        disconnect = vi.fn();
      },
    );
    render(<WhenNear placeholder={<p>later</p>}><p>carousel</p></WhenNear>);
    expect(screen.getByText('later')).toBeInTheDocument();
    expect(screen.queryByText('carousel')).toBeNull();
    expect(observe).toHaveBeenCalledTimes(1);
    // Near below the viewport, and anywhere above it (a reader who jumped past it).
    expect(margin).toBe('100000px 0px 400px 0px');
    act(() => fire([{ isIntersecting: false }]));
    expect(screen.queryByText('carousel')).toBeNull();
    act(() => fire([{ isIntersecting: true }]));
    expect(screen.getByText('carousel')).toBeInTheDocument();
  });

  it('without IntersectionObserver, shows the children at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WhenNear placeholder={<p>later</p>}><p>carousel</p></WhenNear>);
    expect(screen.getByText('carousel')).toBeInTheDocument();
  });
});
