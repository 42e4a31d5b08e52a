/* global process, console, fetch, setTimeout, FormData, Blob, URL */
// Lighthouse 12 (mobile preset, Debian's Chromium) on /, /timeline and a product page, against the real
// server on a fresh data dir: RUNS runs per page (LIGHTHOUSE_RUNS, default 3), each printed with the load average,
// then the median per category. Exits 1 when a median is under its target (MIN below). LIGHTHOUSE_OUT=<dir> keeps
// every run's report (JSON) there. LIGHTHOUSE_PAGES=home,timeline,product audits only those pages (default: all three).
// The signed-in page gets the session cookie as the browser holds it after signing in (its Path and HttpOnly from
// the Set-Cookie), not as a header on every request: the page's own HTML request carries it only if a browser would.
// Needs a built web app (npm run build).
// Lighthouse and its drivers (147 packages, 172 MB) stay out of the default install: they are this folder's own
// package (package.json and lockfile beside this script), installed here on first use by `npm ci`. Its override pins
// third-party-web, which Lighthouse's trace engine asks as `latest`: npm ci refuses a lockfile once that tag moves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

if (!existsSync(join(import.meta.dirname, 'node_modules', 'lighthouse', 'package.json'))) {
  console.log('Installing Lighthouse into apps/web/scripts/node_modules (first run only)...');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: import.meta.dirname, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const chromeLauncher = await import('chrome-launcher');
const { default: lighthouse } = await import('lighthouse');
// Lighthouse's own dependency: sets the session cookie in the browser as a sign-in leaves it.
const { default: puppeteer } = await import('puppeteer-core');

const root = resolve(import.meta.dirname, '../../..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4195);
const base = `http://127.0.0.1:${PORT}`;
const MIN = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 95 };
const CATEGORIES = Object.keys(MIN);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'olden-lighthouse-'));

const server = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, SEED_DEMO: 'true', RATE_LIMIT_FACTOR: '100', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

function stopServer() {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/category`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function call(path, init = {}, cookie = '') {
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...(init.headers ?? {}), ...(cookie ? { Cookie: cookie } : {}) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Signs in as the demo user; returns the session cookie and a bearer token. */
async function signIn() {
  const res = await call('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'user@example.com', password: 'User@1234' }),
  });
  // What a browser keeps: an expiring Set-Cookie (a sign-in also expires the session cookie of an older path) is dropped.
  const expired = (c) => /;\s*max-age=0\b/i.test(c) || /;\s*expires=Thu, 01 Jan 1970/i.test(c);
  const setCookies = res.headers.getSetCookie().filter((c) => !expired(c));
  const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  const { hostname } = new URL(base);
  const browserCookies = setCookies.map((c) => {
    const [pair, ...attributes] = c.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const attr = (name) => attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.split('=')[1];
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain: hostname,
      path: attr('path') ?? '/',
      httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
      secure: attributes.some((a) => a.toLowerCase() === 'secure'),
      sameSite: attr('samesite') ?? 'Lax',
    };
  });
  const { token } = await (
    await call('/api/jwt', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'user@example.com' }) }, cookie)
  ).json();
  return { cookie, token, browserCookies };
}

/** A product page to audit: the first listed product, or one created for the run. */
async function productPath({ cookie, token }) {
  const products = await (await call('/api/products?limit=1')).json();
  if (products[0]) return `/productDetails/${products[0]._id}`;
  const form = new FormData();
  form.append('image', new Blob([readFileSync(join(root, 'apps/web/public/categories/homeAndLiving.webp'))], { type: 'image/webp' }), 'photo.webp');
  const auth = { Authorization: `Bearer ${token}` };
  const image = (await (await call('/api/images', { method: 'POST', headers: auth, body: form }, cookie)).json()).data.display_url;
  const body = {
    image1: image, image2: image, image3: image, image4: image, name: 'Oak rocking chair', age: 24, date: '2024-05-01',
    category: 'homeAndLiving', shortDescription: 'A sturdy oak rocking chair with a smooth, even rock.',
    longDescription: 'Solid oak, hand finished, recently waxed. Small marks on one arm, otherwise in lovely condition.',
    price: '120', uploaderPhone: '+1 555 0100', uploaderLocation: 'Springfield',
  };
  const { insertedId } = await (
    await call('/api/products', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, cookie)
  ).json();
  return `/productDetails/${insertedId}`;
}

let chrome;
let browser;
let failed = false;
try {
  await waitForServer();
  const session = await signIn();
  const only = (process.env.LIGHTHOUSE_PAGES ?? 'home,timeline,product').split(',').map((p) => p.trim());
  const pages = [
    ...(only.includes('home') ? [{ path: '/', cookies: [] }] : []),
    ...(only.includes('timeline') ? [{ path: '/timeline', cookies: session.browserCookies }] : []),
    ...(only.includes('product') ? [{ path: await productPath(session), cookies: [] }] : []),
  ];
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const cdp = await browser.target().createCDPSession();
  const header = ['performance', 'accessibility', 'best-pract.', 'seo'];
  const row = (label, values) => console.log(label.padEnd(52), ...values.map((v, i) => String(v).padStart(header[i].length)));
  console.log('page'.padEnd(52), ...header, '  load average (1/5/15 min)');
  const medians = [];
  for (const page of pages) {
    await cdp.send('Storage.clearCookies');
    if (page.cookies.length > 0) await cdp.send('Storage.setCookies', { cookies: page.cookies });
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      let load;
      let result;
      // A run whose trace broke (NO_NAVSTART and the like, on a busy machine) scores nothing: it is run again.
      for (let attempt = 1; attempt <= 3; attempt++) {
        load = loadavg().map((l) => l.toFixed(2)).join(' ');
        result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        const { runtimeError, runWarnings } = result.lhr;
        for (const warning of runWarnings ?? []) console.log(`    warning: ${warning}`);
        if (!runtimeError) break;
        console.log(`    runtime error: ${runtimeError.code} ${runtimeError.message}${attempt < 3 ? ' (run again)' : ''}`);
      }
      const { categories } = result.lhr;
      if (process.env.LIGHTHOUSE_OUT) {
        writeFileSync(join(process.env.LIGHTHOUSE_OUT, `${page.path.replace(/\W+/g, '_')}-${run}.json`), JSON.stringify(result.lhr));
      }
      const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
      runs.push({ scores, lhr: result.lhr });
      console.log(`${page.path} run ${run}`.padEnd(52), ...scores.map((v, i) => String(v).padStart(header[i].length)), ` ${load}`);
    }
    const median = CATEGORIES.map((_, i) => {
      const sorted = runs.map((r) => r.scores[i]).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)];
    });
    medians.push({ page: page.path, median });
    const below = CATEGORIES.filter((c, i) => median[i] < MIN[c]);
    if (below.length > 0) {
      failed = true;
      // What the run at the median performance lost points on.
      const byPerf = [...runs].sort((a, b) => a.scores[0] - b.scores[0]);
      const { audits, categories } = byPerf[Math.floor(byPerf.length / 2)].lhr;
      for (const c of below) {
        console.log(`    ${c} ${median[CATEGORIES.indexOf(c)]} < ${MIN[c]}:`);
        for (const ref of categories[c].auditRefs) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
            console.log(`      ${audit.id}: ${audit.displayValue ?? audit.score}`);
            for (const item of (audit.details?.items ?? []).slice(0, 3)) {
              if (item.node?.selector) console.log(`        ${item.node.selector}: ${item.node.explanation?.split('\n')[0] ?? ''}`);
            }
          }
        }
      }
    }
  }
  console.log(`\nmedian of ${RUNS} runs`);
  console.log('page'.padEnd(52), ...header);
  for (const { page, median } of medians) row(page, median);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser?.disconnect();
  await chrome?.kill();
  stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) console.error(`Below target (medians: ${CATEGORIES.map((c) => `${c} >= ${MIN[c]}`).join(', ')}).`);
process.exit(failed ? 1 : 0);
