// `npm run fuzz -- --runs N`: the property-based fuzz suite (apps/server/src/security/fuzz-*.test.ts)
// with N generated requests per route (default 1,000), on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
// Also takes --seed S to replay a run fast-check reported.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
function option(name) {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
}

const runs = option('runs') ?? '1000';
if (!/^[1-9]\d*$/.test(runs)) {
  console.error(`--runs must be a positive integer, got "${runs}"`);
  process.exit(2);
}
const seed = option('seed');
if (seed !== undefined && !/^-?\d+$/.test(seed)) {
  console.error(`--seed must be an integer, got "${seed}"`);
  process.exit(2);
}

console.log(`fuzz: ${runs} requests per route${seed ? `, seed ${seed}` : ''}`);
// A path filter: every shard, fuzz-1.test.ts ... (not fuzz-generators.ts or fuzz-suite.ts, which hold no test).
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'apps/server/src/security/fuzz-'], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url).pathname,
  env: { ...process.env, FUZZ_RUNS: runs, ...(seed ? { FUZZ_SEED: seed } : {}) },
});
process.exit(result.status ?? 1);
