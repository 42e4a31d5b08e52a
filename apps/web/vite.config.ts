import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** Writes .br and .gz next to every compressible asset so the server can send them as-is. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'olden-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      async function walk(dir: string): Promise<void> {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const file = join(dir, entry.name);
          if (entry.isDirectory()) await walk(file);
          else if (COMPRESSIBLE.test(entry.name) && (await stat(file)).size >= 512) {
            const data = await readFile(file);
            await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
            await writeFile(
              `${file}.br`,
              brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      }
      await walk(outDir);
    },
  };
}

/**
 * Ships the pages' first screens the server paints before the JavaScript (docs/decisions/009-listing-pages.md) as
 * dist/.shells/<page>.html: a dot-folder, so never served as a file; src/app/shells/shells.test.tsx keeps them equal
 * to what React renders.
 */
function shells(): Plugin {
  return {
    name: 'olden-shells',
    apply: 'build',
    async generateBundle() {
      const dir = resolve(import.meta.dirname, 'src/app/shells');
      for (const file of (await readdir(dir)).filter((f) => f.endsWith('.html'))) {
        this.emitFile({ type: 'asset', fileName: `.shells/${file}`, source: await readFile(join(dir, file), 'utf8') });
      }
    },
  };
}

/**
 * The stylesheet first: Vite writes it after the entry and its twenty modulepreloads (and the server's own preloads
 * come before those), so on HTTP/1.1 (six connections) the one file the first paint needs waited behind the scripts. The server-painted first screens
 * (home's hero, a product page, the timeline) paint as soon as it is in (docs/decisions/021-first-screens-from-the-components.md).
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'olden-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        // Before the head block the server fills (a product page's photo preload, a route's modulepreloads), or else
        // before the entry script.
        const mark = /[ \t]*<!--head-->|[ \t]*<script type="module"/;
        if (sheets.length === 0 || html.search(mark) < 0) return html;
        let rest = html;
        for (const sheet of sheets) rest = rest.replace(sheet, '');
        const at = rest.search(mark);
        return rest.slice(0, at) + sheets.map((s) => (s.endsWith('\n') ? s : `${s}\n`)).join('') + rest.slice(at);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), shells(), stylesheetFirst(), precompress()],
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Only libraries every page needs get their own long-cached chunk; swiper and
        // sweetalert2 stay with the lazy routes that import them.
        codeSplitting: {
          // Shared modules under 6 kB of source go into each chunk that imports them instead of a chunk of their
          // own: a product page had asked for 37 scripts before its first paint, most of 1-2 kB, and Lighthouse's
          // simulated slow 4G paid a request for each (decision 032). 74 files become 39; the first load of "/"
          // grows by 0.8 kB gzip.
          experimentalInlineCommonChunks: { maxSize: 6 * 1024 },
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
