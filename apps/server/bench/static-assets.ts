// The web app as the production server sends it (docs/decisions/019): precompressed encodings, cache lifetimes, and how
// many round trips a first visit waits for before the first paint, measured in Debian's Chromium.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

export interface StaticCheck {
  name: string;
  figure: string;
  ok: boolean;
}


async function head(url: string, encoding: string) {
  const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
  await res.arrayBuffer();
  return { status: res.status, encoding: res.headers.get('content-encoding') ?? 'identity', cache: res.headers.get('cache-control') ?? '' };
}

interface Timing {
  name: string;
  startTime: number;
  responseEnd: number;
}

/**
 * Round trips before the first paint: the document is the first; a request belongs to the round after the
 * latest one that had ended when it started (it could not have been known earlier). Counted over the requests
 * that started before the first contentful paint.
 */
export function roundTrips(navigationEnd: number, resources: Timing[], firstPaint: number): { trips: number; chain: string[] } {
  const before = resources.filter((r) => r.startTime < firstPaint).sort((a, b) => a.startTime - b.startTime);
  const levels: { end: number; level: number; name: string }[] = [{ end: navigationEnd, level: 1, name: 'document' }];
  for (const r of before) {
    const known = levels.filter((l) => l.end <= r.startTime);
    const level = 1 + Math.max(0, ...known.map((l) => l.level));
    levels.push({ end: r.responseEnd, level, name: r.name });
  }
  const trips = Math.max(...levels.map((l) => l.level));
  const chain: string[] = [];
  for (let level = 1; level <= trips; level++) {
    const names = levels.filter((l) => l.level === level).map((l) => l.name.replace(/^https?:\/\/[^/]+/, ''));
    chain.push(`${level}: ${names.join(' ')}`);
  }
  return { trips, chain };
}

export async function measureStatic(base: string): Promise<StaticCheck[]> {
  const checks: StaticCheck[] = [];
  const html = await fetch(`${base}/`).then((r) => r.text());
  const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!asset) {
    return [{ name: 'static assets', figure: 'apps/web/dist has no built index.html with assets (run npm run build)', ok: false }];
  }
  const index = await head(`${base}/`, 'br, gzip');
  const br = await head(`${base}${asset}`, 'br, gzip');
  const gz = await head(`${base}${asset}`, 'gzip');
  checks.push({
    name: 'hashed assets precompressed (brotli, gzip) and cached for a year, immutable',
    figure: `${asset}: ${br.encoding} / ${gz.encoding}, "${br.cache}"`,
    ok: br.encoding === 'br' && gz.encoding === 'gzip' && /max-age=31536000/.test(br.cache) && /immutable/.test(br.cache),
  });
  checks.push({
    name: 'index.html compressed and cached briefly (revalidated)',
    figure: `${index.encoding}, "${index.cache}"`,
    ok: index.encoding !== 'identity' && /no-cache|max-age=(\d{1,3})\b/.test(index.cache) && !/immutable/.test(index.cache),
  });

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 15_000 });
    // Runs in the page (the server's types have no DOM): entries typed by the fields read. No named function inside:
    // tsx (esbuild keepNames) would wrap it in a `__name` helper that does not exist in the page.
    const timings = await page.evaluate(() => {
      type Entry = { name: string; startTime: number; responseEnd: number };
      const perf = performance as unknown as { getEntriesByType(t: string): Entry[] };
      const nav = perf.getEntriesByType('navigation')[0]!;
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!;
      const resources = perf.getEntriesByType('resource').map((r) => ({
        name: r.name,
        startTime: r.startTime,
        responseEnd: r.responseEnd,
      }));
      return { navigationEnd: nav.responseEnd, firstPaint: paint.startTime, resources };
    });
    const { trips, chain } = roundTrips(timings.navigationEnd, timings.resources, timings.firstPaint);
    checks.push({
      name: 'round trips before the first paint of / <= 3',
      figure: `${trips} (first contentful paint at ${timings.firstPaint.toFixed(0)} ms; ${chain.join('; ')})`,
      ok: trips <= 3,
    });
  } finally {
    await browser.close();
  }
  return checks;
}
