// Browser journeys against the real server (built web app + API) on a fresh data dir.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// localhost, not 127.0.0.1: WebAuthn refuses an IP address as relying party ID (PUBLIC_URL's host), and passkey
// journeys run here (ownership.spec.ts). The server still listens on 127.0.0.1 only.
const BASE_URL = `http://localhost:${PORT}`;
// Set once in the runner process; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'olden-e2e-'));

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  },
};

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../.test-output/e2e-artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 3,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Our journeys check content, not motion: skip the 1500 ms reveals.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { ...chromium, viewport: { width: 375, height: 812 }, hasTouch: true } },
  ],
  webServer: {
    // What `npm start` runs in production: the bundled server, rebuilt first if its sources changed since the last build.
    command: 'node scripts/start.mjs',
    cwd: resolve(import.meta.dirname, '..'),
    url: `${BASE_URL}/api/category`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Mailed links (verify email, reset password) point here; no SMTP_URL, so mails land in DATA_DIR/outbox.
      PUBLIC_URL: BASE_URL,
      SEED_DEMO: 'true',
      RATE_LIMIT_FACTOR: '100',
      // Listing views are written every second, so a journey sees its own (docs/product.md#reach).
      VIEW_FLUSH_MS: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
