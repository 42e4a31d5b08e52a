import { afterEach, describe, expect, it } from 'vitest';
import { confirmAction, showSuccess, showToast } from './popups';

// SweetAlert2 writes titleText with innerText, which jsdom keeps as a plain property: the tests read it back so.
async function swal() {
  return (await import('sweetalert2/dist/sweetalert2.esm.js')).default;
}

// jsdom has no matchMedia; SweetAlert2 asks it for reduced motion before drawing an icon.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

afterEach(async () => {
  (await swal()).close();
});

describe('popups', () => {
  it('inject no <style> element, so the CSP needs no unsafe-inline styles', async () => {
    void showSuccess('Saved');
    await expect.poll(() => document.querySelector<HTMLElement>('.swal2-title')?.innerText).toBe('Saved');
    const injected = [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('swal2'));
    expect(injected).toEqual([]);
  });

  it('keep the confirmation dialog wording and its answer', async () => {
    const answer = confirmAction('Are you sure?', "You won't be able to revert this!", 'Yes, delete it!');
    await expect.poll(() => document.querySelector<HTMLButtonElement>('.swal2-confirm')).not.toBeNull();
    expect(document.querySelector('.swal2-html-container')?.textContent).toBe("You won't be able to revert this!");
    const confirm = document.querySelector<HTMLButtonElement>('.swal2-confirm')!;
    expect(confirm.textContent).toBe('Yes, delete it!');
    confirm.click();
    await expect(answer).resolves.toBe(true);
  });

  it('show toasts at the top right, 350 px wide, with the spec durations', async () => {
    void showToast('Copied', 'success');
    await expect.poll(() => document.querySelector('.swal2-toast')).not.toBeNull();
    expect(document.querySelector('.swal2-container')?.classList.contains('swal2-top-end')).toBe(true);
    // A toast's width is its container's (the popup fills it).
    expect(document.querySelector<HTMLElement>('.swal2-container')?.style.width).toBe('350px');
    expect(document.querySelector<HTMLElement>('.swal2-title')?.innerText).toBe('Copied');
    expect((await swal()).getTimerLeft()).toBeLessThanOrEqual(2000);
    expect((await swal()).getTimerLeft()).toBeGreaterThan(1000);
  });
});
