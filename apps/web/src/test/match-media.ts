// jsdom has no matchMedia; components and libraries (the product page's carousel) call it while rendering.
// Installed for every test file by the shared set-up (setup.ts); a test that needs a preference stubs its own.
// Nothing matches, as on a screen with no preference.
export function installMatchMedia(): () => void {
  const had = Object.prototype.hasOwnProperty.call(window, 'matchMedia');
  const previous = window.matchMedia;
  window.matchMedia = (query: string): MediaQueryList => {
    const list = new EventTarget() as MediaQueryList;
    Object.assign(list, { matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {} });
    return list;
  };
  return () => {
    if (had) window.matchMedia = previous;
    else delete (window as { matchMedia?: unknown }).matchMedia;
  };
}
