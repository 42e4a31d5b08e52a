// `npm test`: every suite in order, then one plain summary line `N passed, N failed` over all of them.
// Lint, dependencies (knip: every import declared, every declared package imported), typecheck, build and bundle
// budget count as one check each; vitest and Playwright count their tests.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}.test-output`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const report = [];
/** Names of what failed, printed just before the summary line (CI shows only the tail of the output). */
const failures = [];

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Runs a step, its output shown as it comes and kept (ANSI colours stripped) for what the JSON reports miss. */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], cwd: root, env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      chunks.push(chunk);
    });
    child.on('error', () => resolve({ ok: false, output: '' }));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString('utf8').replace(ansi, '') }));
  });
}

/**
 * What made vitest fail when no test did: its "Unhandled Errors" block (an unhandled rejection, an error thrown after a
 * test ended), cut to the lines that name the error and the file it came from.
 */
function unhandledErrors(output) {
  const at = output.indexOf('Unhandled Error');
  if (at < 0) return [];
  const lines = output.slice(at).split('\n').map((l) => l.trim()).filter(Boolean);
  const picked = lines.filter(
    (l) => /^(Error\b|[A-Z][A-Za-z]*Error\b|This error originated|The latest test|❯ )/.test(l) && !/node:internal/.test(l),
  );
  return picked.slice(0, 12).map((l) => l.slice(0, 240));
}

async function check(label, command, args, env) {
  const { ok } = await run(label, command, args, env);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
  report.push(`${label}: ${ok ? 'ok' : 'FAILED'}`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Playwright's JSON report nests suites; a test failed when its final outcome is `unexpected`. */
function failedPlaywrightTests(suites, trail = []) {
  const names = [];
  for (const suite of suites) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push(`${[...here, spec.title].join(' > ')} [${test.projectName}]`);
      }
    }
    names.push(...failedPlaywrightTests(suite.suites ?? [], here));
  }
  return names;
}

async function vitest(label, args, jsonFile, env) {
  const { ok, output } = await run(label, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${jsonFile}`], env);
  const json = readJson(jsonFile);
  if (!json) {
    failed += 1;
    failures.push(`${label}: no results`);
    report.push(`${label}: no results (exit ${ok ? 0 : 'non-zero'})`);
    return;
  }
  for (const file of json.testResults ?? []) {
    const name = file.name.replace(root, '');
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) {
      // The first line of the first failure (ANSI colours stripped), cut short: what a failed landing shows.
      const why = String(a.failureMessages?.[0] ?? '').replace(ansi, '').split('\n')[0].slice(0, 240);
      failures.push(`${label}: ${name} > ${a.fullName ?? a.title}${why ? `\n      ${why}` : ''}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${label}: ${name} (did not load: ${String(file.message ?? '').split('\n')[0]})`);
  }
  const p = json.numPassedTests ?? 0;
  // A file that fails to load holds no failed test but must count as a failure.
  const loadErrors = (json.testResults ?? []).filter(
    (r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const f = (json.numFailedTests ?? 0) + loadErrors || (ok ? 0 : 1);
  if (!ok && (json.numFailedTests ?? 0) + loadErrors === 0) {
    const why = unhandledErrors(output);
    failures.push(`${label}: vitest failed with every test passing${why.length ? ':' : ' (see its output above)'}`, ...why.map((l) => `      ${l}`));
  }
  passed += p;
  failed += f;
  report.push(`${label}: ${p} passed, ${f} failed`);
}

await check('lint', 'npx', ['eslint', '.']);
await check('dependencies (knip)', 'npx', ['knip']);
await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
// Node's suites and the web's apart, each with its own number of workers (decision 029): the API files mostly wait on a
// database or a socket (one worker more than the cores), the web's render in jsdom (one per core), and neither slows
// the other's timing-sensitive tests. When the PostgreSQL pass follows, the PGlite pass fuzzes each route 250 times
// and the PostgreSQL pass the full 1,000: the same suite, its long run on the real database.
const cores = availableParallelism();
const pgPass = Boolean(process.env.TEST_DATABASE_URL);
await vitest(
  'unit + API (PGlite)',
  ['--project', 'contracts', '--project', 'server', '--project', 'cluster', `--maxWorkers=${cores + 1}`],
  `${out}/vitest.json`,
  { TEST_DATABASE_URL: '', ...(pgPass && !process.env.FUZZ_RUNS ? { FUZZ_RUNS: '250' } : {}) },
);
await vitest('web (jsdom)', ['--project', 'web', `--maxWorkers=${cores}`], `${out}/vitest-web.json`, { TEST_DATABASE_URL: '' });
if (pgPass) {
  await vitest('API (PostgreSQL)', ['--project', 'server', `--maxWorkers=${cores + 1}`], `${out}/vitest-pg.json`, {});
}
const built = await check('build (web + server)', 'npm', ['run', '--silent', 'build']);
if (built) {
  await check('bundle budget', 'node', ['scripts/check-bundle.mjs']);
  const { ok: e2eOk } = await run('browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  const e2e = readJson(`${out}/e2e.json`);
  for (const name of failedPlaywrightTests(e2e?.suites ?? [])) failures.push(`browser journeys: ${name}`);
  if (e2e?.stats) {
    const p = (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    const f = (e2e.stats.unexpected ?? 0) + (e2e.errors?.length && !e2eOk && !e2e.stats.unexpected ? 1 : 0);
    passed += p;
    failed += f || (e2eOk ? 0 : 1);
    report.push(`browser journeys: ${p} passed, ${f || (e2eOk ? 0 : 1)} failed`);
  } else {
    failed += 1;
    report.push('browser journeys: no results');
  }
}

console.log('\n=== summary');
for (const line of report) console.log(`  ${line}`);
if (failures.length > 0) {
  console.log('failed:');
  for (const name of failures.slice(0, 60)) console.log(`  ${name}`);
  if (failures.length > 60) console.log(`  ... and ${failures.length - 60} more`);
}
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(`${out}/summary.txt`, `${summary}\n`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);
