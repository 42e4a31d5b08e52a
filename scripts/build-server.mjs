// `npm run build:server`: bundles the server's TypeScript into apps/server/dist so production runs plain `node`
// (decision 001). `--if-stale` builds only when the bundle is missing or older than its sources (`npm run admin`).
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = `${root}apps/server`;
export const distDir = `${serverDir}/dist`;
export const serverEntry = `${distDir}/server.js`;
/**
 * The web's components the server renders first screens with (react-dom/server): bundled beside the server as
 * dist/web-render.js, built on the fly when the server runs from its sources (modules/pages/web-render.ts).
 */
export const webRenderEntry = `${root}apps/web/src/app/server-render.tsx`;
// Every file the bundle is made of: a change in any of them makes the bundle stale.
const sources = [`${serverDir}/src`, `${root}packages/contracts/src`, `${root}apps/web/src`, `${serverDir}/package.json`, fileURLToPath(import.meta.url)];

function newestMtime(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file only shows as its folder's mtime
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(`${file}/${entry}`));
  return newest;
}

// Comparing mtimes costs a few milliseconds and needs no cache file: git and editors both set a changed file's mtime
// to now, so a pull or an edit makes the sources newer than the bundle. At worst it rebuilds once too often (about a
// second), never runs a bundle older than the code beside it.
export function serverBuildIsStale() {
  if (!existsSync(serverEntry)) return true;
  return Math.max(...sources.map(newestMtime)) > statSync(serverEntry).mtimeMs;
}

export async function buildServer() {
  // Imported here, not at the top: a production install without devDependencies can still run start.mjs on a
  // bundle that is already built.
  const esbuild = await import('esbuild');
  rmSync(distDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { server: `${serverDir}/src/server.ts`, main: `${serverDir}/src/main.ts`, admin: `${serverDir}/src/cli/admin.ts`, 'web-render': webRenderEntry },
    outdir: distDir,
    ...BUNDLE_OPTIONS,
    sourcemap: 'linked',
  });
  // The bundles sit at dist/*.js, one level below apps/server like src/*.ts, so the paths the code builds from
  // import.meta.url still hold: `./migrations` (db/client.ts) needs dist/migrations, `../../web/dist` (app.ts) is
  // apps/web/dist from both.
  cpSync(`${serverDir}/src/db/migrations`, `${distDir}/migrations`, { recursive: true });
}

/**
 * The web's renderer alone, for a server run from its sources (tsx, vitest): one file, `outfile`, which Node imports
 * as it is (packages from node_modules, our TypeScript bundled in).
 */
export async function buildWebRender(outfile) {
  const esbuild = await import('esbuild');
  await esbuild.build({ entryPoints: [webRenderEntry], outfile, ...BUNDLE_OPTIONS });
}

// Packages stay in node_modules and are imported at run time, as `packages: 'external'` would do: sharp and argon2
// load native binaries, PGlite reads its wasm and data files beside itself, and bundling the rest would only make the
// bundle bigger. The exception is our own workspace package, which is TypeScript source node cannot import.
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      // `@/...`: the web's own folders (its tsconfig's paths, which esbuild reads for the web's files).
      if (args.kind === 'entry-point' || args.path.startsWith('@olden/') || args.path.startsWith('@/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  // The oldest Node that engines accepts (decision 017): the one bundle runs on 20.19, 22.13+ and 24 alike.
  target: 'node20.19',
  format: 'esm',
  logLevel: 'warning',
  plugins: [externalPackages],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  if (!ifStale || serverBuildIsStale()) {
    // stderr, so the output of the command run after it (the admin CLI) stays clean.
    if (ifStale) console.error('Building the server (its sources changed)...');
    await buildServer();
  }
}
