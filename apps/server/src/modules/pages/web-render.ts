// The web's first screens, rendered by its own components (apps/web/src/app/server-render.tsx, react-dom/server):
// the production bundle has them beside it (dist/web-render.js, scripts/build-server.mjs); a server run from its
// sources (tsx in development, vitest) bundles them once per process with the same esbuild options, into a file under
// node_modules/.cache that Node imports as it is. See docs/decisions/021-first-screens-from-the-components.md.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PriceFormat, Product, Profile, TimelineFilters } from '@olden/contracts';

/** What apps/web/src/app/server-render.tsx exports (the pages tests render through it, so a drift fails them). */
export interface WebRender {
  /** How many cards the timeline's painted first screen shows. */
  TIMELINE_FIRST_CARDS: number;
  renderTimelineScreen(page: { filters: TimelineFilters; items: Product[] }, format: PriceFormat): string;
  renderProductScreen(product: Product, format: PriceFormat): string;
  renderSellerScreen(profile: Profile, listings: Product[], format: PriceFormat): string;
}

const here = fileURLToPath(import.meta.url);
/** Bundled: dist/server.js and dist/web-render.js side by side. */
const bundled = path.join(path.dirname(here), 'web-render.js');
/** From the sources (apps/server/src/modules/pages): the repository's root is four folders up. */
const root = path.resolve(path.dirname(here), '../../../../..');

let loading: Promise<WebRender> | undefined;

/** The renderer, loaded once per process. */
export function loadWebRender(): Promise<WebRender> {
  loading ??= here.endsWith('.js') && existsSync(bundled) ? import(pathToFileURL(bundled).href) : buildFromSources();
  return loading;
}

async function buildFromSources(): Promise<WebRender> {
  // A path the bundler cannot follow: the build script is a development tool, never part of the bundle.
  const script = pathToFileURL(path.join(root, 'scripts', 'build-server.mjs')).href;
  const { buildWebRender } = (await import(script)) as { buildWebRender: (outfile: string) => Promise<void> };
  const dir = path.join(root, 'node_modules', '.cache', 'olden-web-render');
  mkdirSync(dir, { recursive: true });
  // One file per process: test files run in parallel processes, each building its own.
  const outfile = path.join(dir, `web-render-${process.pid}-${Date.now()}.mjs`);
  await buildWebRender(outfile);
  try {
    return (await import(pathToFileURL(outfile).href)) as WebRender;
  } finally {
    rmSync(outfile, { force: true });
  }
}
