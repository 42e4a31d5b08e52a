// Start-up time and memory of the server, source through tsx against the bundle (decision 001):
//   node scripts/measure-startup.mjs [rounds] [--restart]     (run `npm run build:server` first)
// Each round starts every variant in turn without the demo seed, times spawn -> first 200 from /api/health, reads the
// server process's resident memory (VmRSS) at that moment, then stops it with SIGTERM. By default every start gets a
// fresh DATA_DIR (first start: PGlite creates and migrates its database); with --restart all starts share one DATA_DIR
// prepared beforehand (a restart: the database exists). Turns alternate so a machine that slows down mid-run weighs on
// both sides alike; compare medians.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5);
const restart = process.argv.includes('--restart');
const variants = [
  { name: 'tsx (source)', args: ['--import', 'tsx', 'apps/server/src/server.ts'] },
  { name: 'node (bundle)', args: ['apps/server/dist/server.js'] },
];

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function healthy(port) {
  return new Promise((resolve) => {
    get(`http://127.0.0.1:${port}/api/health`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

async function startOnce(args, sharedDataDir) {
  const dataDir = sharedDataDir ?? mkdtempSync(join(tmpdir(), 'olden-startup-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
      if (await healthy(port)) break;
      await sleep(20);
    }
    const ms = performance.now() - started;
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
    child.kill('SIGTERM');
    const code = await exited;
    return { ms, rssMb, code };
  } finally {
    child.kill('SIGKILL');
    if (!sharedDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const sharedDataDir = restart ? mkdtempSync(join(tmpdir(), 'olden-startup-')) : undefined;
if (sharedDataDir) await startOnce(variants[1].args, sharedDataDir);
const results = variants.map(() => []);
for (let round = 1; round <= rounds; round += 1) {
  for (const [i, variant] of variants.entries()) {
    const result = await startOnce(variant.args, sharedDataDir);
    results[i].push(result);
    console.log(`round ${round} ${variant.name}: ${result.ms.toFixed(0)} ms, ${result.rssMb.toFixed(0)} MB RSS, exit ${result.code}`);
  }
}
console.log('');
const medians = results.map((runs) => ({ ms: median(runs.map((r) => r.ms)), rssMb: median(runs.map((r) => r.rssMb)) }));
for (const [i, variant] of variants.entries()) {
  const times = results[i].map((r) => r.ms);
  console.log(
    `${variant.name}: median ${medians[i].ms.toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}), ` +
      `median ${medians[i].rssMb.toFixed(0)} MB RSS`,
  );
}
// Pair by pair (the two starts of one round ran seconds apart), so drift in the machine's speed cancels out.
const pairRatios = (key) => median(results[0].map((r, i) => r[key] / results[1][i][key])).toFixed(2);
console.log(
  `ratio ${variants[0].name} / ${variants[1].name}: time ${(medians[0].ms / medians[1].ms).toFixed(2)} of medians, ` +
    `${pairRatios('ms')} median of pairs; RSS ${(medians[0].rssMb / medians[1].rssMb).toFixed(2)} of medians, ${pairRatios('rssMb')} median of pairs`,
);
if (sharedDataDir) rmSync(sharedDataDir, { recursive: true, force: true });
