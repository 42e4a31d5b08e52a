// `npm run bench:api -- --n 100000 --duration 10 --connections 50`: seeds N listings, serves the app on
// loopback and drives it with autocannon; prints req/s, p50 and p99 per scenario against a trivial route,
// and the search query's execution time measured inside the database (EXPLAIN ANALYZE).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import { createProductsRepository, type ListFilter } from '../src/modules/products/repository.ts';
import { queryWords } from '../src/modules/products/service.ts';
import { countBenchListings, removeListings, rowsOf, seedListings } from './seed.ts';

interface Args {
  n: number;
  duration: number;
  connections: number;
  /** Keep the seeded rows in DATABASE_URL (and reuse them next time when the count matches). */
  keep: boolean;
  runs: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { n: 100_000, duration: 10, connections: 50, keep: false, runs: 50 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--keep') {
      args.keep = true;
      continue;
    }
    const key = flag.replace(/^--/, '') as keyof Args;
    const value = Number(argv[++i]);
    if (!['n', 'duration', 'connections', 'runs'].includes(key) || !Number.isFinite(value) || value <= 0) {
      throw new Error(`Usage: bench:api [--n 100000] [--duration 10] [--connections 50] [--runs 50] [--keep] (bad: ${flag})`);
    }
    (args as unknown as Record<string, number>)[key] = Math.floor(value);
  }
  return args;
}

const SEARCH = 'brass lamp';
const log = (line: string) => console.log(line);
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function indexesIn(plan: unknown, into = new Set<string>()): Set<string> {
  if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (typeof node['Index Name'] === 'string') into.add(node['Index Name']);
    if (node['Node Type'] === 'Seq Scan') into.add(`Seq Scan on ${String(node['Relation Name'])}`);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) indexesIn(child, into);
      else if (value && typeof value === 'object') indexesIn(value, into);
    }
  }
  return into;
}

/**
 * Execution times (ms) of the app's own queries for one list request (a search also looks up its
 * corrections first), EXPLAIN ANALYZEd `runs` times, and the indexes they used.
 */
async function timeInDatabase(db: Db, filter: ListFilter, runs: number) {
  const repo = createProductsRepository(db);
  const parts = [repo.buildListQuery(filter).getSQL()];
  if (filter.search) {
    const corrections = repo.buildCorrectionsQuery(queryWords(filter.search.q));
    if (corrections) parts.unshift(corrections);
  }
  const times: number[] = [];
  const used = new Set<string>();
  for (let i = 0; i < runs; i++) {
    let total = 0;
    for (const part of parts) {
      const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (analyze, format json) ${part}`));
      const raw = row!['QUERY PLAN'];
      const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ 'Execution Time': number; Plan: unknown }];
      total += plan['Execution Time'];
      if (i === 0) indexesIn(plan.Plan, used);
    }
    times.push(total);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), used: [...used] };
}

async function hammer(url: string, args: Args): Promise<Result> {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ url, connections: args.connections, duration: Math.min(2, args.duration) });
  return autocannon({ url, connections: args.connections, duration: args.duration, timeout: 10 });
}

/** Starts bench/serve.ts in a child process and resolves with its base URL once it listens. */
async function startServer(env: Record<string, string>): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve((message as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function configFor(tmp: string, databaseUrl: string | undefined) {
  return loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: tmp, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    randomBytes(32).toString('hex'),
  );
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL;
  const tmp = mkdtempSync(path.join(tmpdir(), 'og-bench-'));
  const pgliteDir = path.join(tmp, 'db');
  // PGlite allows one process at a time: the parent closes it while the server child runs.
  const open = () => openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { pgliteDir });
  let database = await open();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const started = Date.now();
  let cleanedUp = false;
  const cleanup = async () => {
    if (cleanedUp) return;
    cleanedUp = true;
    await server?.stop();
    if (databaseUrl && !args.keep) {
      log('Removing the seeded listings ...');
      await removeListings(database.db).catch((error: unknown) => log(`  cleanup failed: ${String(error)}`));
    }
    await database.close().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  try {
    log(`Database: ${databaseUrl ? `PostgreSQL (${new URL(databaseUrl).pathname.slice(1)})` : `PGlite in ${tmp}`}`);
    await database.migrate();
    const existing = await countBenchListings(database.db);
    if (existing === args.n) {
      log(`Reusing ${existing} seeded listings`);
    } else {
      if (existing > 0) await removeListings(database.db);
      log(`Seeding ${args.n} listings ...`);
      const seedStart = Date.now();
      await seedListings(database.db, args.n, log);
      log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    }
    if (!databaseUrl) await database.close();

    server = await startServer(
      databaseUrl ? { BENCH_DATABASE_URL: databaseUrl, BENCH_DATA_DIR: tmp } : { BENCH_PGLITE_DIR: pgliteDir, BENCH_DATA_DIR: tmp },
    );
    const { base } = server;

    // Walk 100 pages of 100 to stand 10,000 listings deep, then hammer that page at the default size.
    const depth = Math.min(10_000, args.n - 24);
    let cursor = '';
    for (let walked = 0; walked < depth; walked += 100) {
      const res = await fetch(`${base}/api/products?limit=${Math.min(100, depth - walked)}${cursor ? `&cursor=${cursor}` : ''}`);
      if (!res.ok) throw new Error(`walking the pages failed: ${res.status} ${await res.text()}`);
      cursor = res.headers.get('x-next-cursor') ?? '';
      if (!cursor) throw new Error('ran out of pages while walking');
    }
    const scenarios: [string, string][] = [
      ['ceiling: GET /api/health', '/api/health'],
      ['first page', '/api/products'],
      [`page ${depth.toLocaleString('en')} deep (cursor)`, `/api/products?cursor=${cursor}`],
      ['category filter', '/api/products?category=electronics'],
      [`search "${SEARCH}"`, `/api/products?q=${encodeURIComponent(SEARCH)}`],
    ];
    for (const [, url] of scenarios) {
      const res = await fetch(base + url);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      if (url !== '/api/health' && ((await res.json()) as unknown[]).length === 0) throw new Error(`${url} returned nothing`);
    }

    log(`\nautocannon: ${args.connections} connections, ${args.duration} s per scenario, N = ${args.n.toLocaleString('en')}`);
    const results: { name: string; result: Result }[] = [];
    for (const [name, url] of scenarios) {
      const result = await hammer(base + url, args);
      results.push({ name, result });
      log(`  ${name}: ${Math.round(result.requests.average)} req/s`);
    }
    await server.stop();
    server = undefined;
    const ceiling = results[0]!.result.requests.average;
    console.table(
      results.map(({ name, result }) => ({
        scenario: name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'vs ceiling': `${((result.requests.average / ceiling) * 100).toFixed(0)}%`,
        errors: result.errors + result.timeouts + result.non2xx,
      })),
    );
    for (const { name, result } of results) {
      if (result.requests.total === 0) log(`  ${name}: no request finished within ${args.duration} s (the server is too slow here)`);
      if (result.errors + result.timeouts + result.non2xx > 0) {
        log(`  ${name}: status codes ${JSON.stringify(result.statusCodeStats ?? {})}, errors ${result.errors}, timeouts ${result.timeouts}`);
      }
    }

    if (!databaseUrl) database = await open();
    const app = await buildApp({ config: configFor(tmp, databaseUrl), database });
    const products = app.services.products;
    log(`In-database execution time of the app's own queries (EXPLAIN ANALYZE, ${args.runs} runs each):`);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string, string];
    const queries: [string, ListFilter][] = [
      ['first page', { sort: 'newest', limit: 25 }],
      ['deep page', { sort: 'newest', after: [decoded[1], decoded[2]], limit: 25 }],
      ['category filter', { category: 'electronics', sort: 'newest', limit: 25 }],
      [`search "${SEARCH}"`, { search: await products.searchTerms(SEARCH), sort: 'relevance', limit: 25 }],
      ['search "vintge lamp" (typo)', { search: await products.searchTerms('vintge lamp'), sort: 'relevance', limit: 25 }],
      ['search "clock", by price', { search: await products.searchTerms('clock'), sort: 'price_asc', limit: 25 }],
    ];
    const timings = [];
    for (const [name, filter] of queries) {
      const t = await timeInDatabase(database.db, filter, args.runs);
      timings.push({ query: name, 'p50 ms': ms(t.p50), 'p95 ms': ms(t.p95), plan: t.used.join(', ') });
    }
    await app.close();
    console.table(timings);

    const first = results[1]!.result;
    const deep = results[2]!.result;
    const searchP95 = Number(timings[3]!['p95 ms']);
    log('Targets:');
    log(
      `  deep page within 2x of first page latency: p50 ${deep.latency.p50} vs ${first.latency.p50} ms, ` +
        `p99 ${deep.latency.p99} vs ${first.latency.p99} ms -> ${deep.latency.p99 <= 2 * Math.max(1, first.latency.p99) ? 'met' : 'NOT met'}`,
    );
    log(`  search p95 <= 50 ms in the database: ${searchP95} ms -> ${searchP95 <= 50 ? 'met' : 'NOT met'}`);
    log(
      `  first page >= 1000 req/s with p99 <= 250 ms at ${args.connections} connections: ${Math.round(first.requests.average)} req/s, ` +
        `p99 ${first.latency.p99} ms -> ${first.requests.average >= 1000 && first.latency.p99 <= 250 ? 'met' : 'NOT met'}`,
    );
    log(`Load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  } finally {
    await cleanup();
    log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
