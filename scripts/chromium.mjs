// Debian's Chromium and the flags every headless run of it uses (Playwright journeys, Lighthouse, the static-asset bench).
// One list, so a flag added for the CI machine reaches every tool that starts the browser. No tool downloads a browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
