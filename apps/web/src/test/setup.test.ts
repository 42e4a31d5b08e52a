// What the tests give jsdom that it lacks, so a test never depends on the Node or jsdom version.
import { describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from './match-media';

describe('test set-up', () => {
  it('installMatchMedia: window.matchMedia answers "no match" with a MediaQueryList a listener can be added to and removed from', () => {
    const uninstall = installMatchMedia();
    expect(typeof window.matchMedia).toBe('function');
    const list = window.matchMedia('(prefers-reduced-motion: reduce)');
    expect(list.matches).toBe(false);
    expect(list.media).toBe('(prefers-reduced-motion: reduce)');
    const listener = vi.fn();
    list.addEventListener('change', listener);
    list.removeEventListener('change', listener);
    list.addListener(listener);
    list.removeListener(listener);
    expect(listener).not.toHaveBeenCalled();
    uninstall();
  });
});
