// Budget check: gzip size of the JavaScript the browser loads up front for "/" (entry + static imports).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const dist = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`check-bundle: ${manifestPath} not found; run "npm run build" first.`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error('check-bundle: no entry chunk in the manifest.');
  process.exit(1);
}

// Walk static imports only: lazy routes (dynamicImports) are not part of the first load.
const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) visit(dep);
}
for (const [key] of entries) visit(key);

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key]?.file;
  if (!file || !file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const kb = (total / 1024).toFixed(1);
console.log(`Initial JS for "/": ${kb} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) {
  console.error(`check-bundle: over budget by ${((total - BUDGET_BYTES) / 1024).toFixed(1)} KB`);
  process.exit(1);
}
