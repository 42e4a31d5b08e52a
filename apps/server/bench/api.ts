// `npm run bench:api -- [--n 1000000] [--pglite-n 100000] [--duration 10] [--connections 50] [--rounds 5] [--runs 50]
//                       [--keep] [--skip-pglite] [--skip-static] [--only search|browse|photos|discovery|near] [--searches 100000] [--compress] [--photo-n 1000000]`
//
// The figures of docs/decisions/015 and docs/decisions/019, each printed beside its target with a met / NOT met line:
// - PostgreSQL (DATABASE_URL) with N listings: the production bundle (apps/server/dist), with the production default
//   logging (LOG_LEVEL=info), against two yardsticks answering the same body (checked byte for byte first): a tuned
//   Express 5 + pg (bench/express-baseline.ts) and bare Fastify 5 + pg (bench/fastify-baseline.ts), the platform's
//   limit; the three in turn, the order rotated each round, `rounds` rounds on the first page and the category
//   filter; ratios of req/s and p99. `--compress`: every side compresses (the client sends Accept-Encoding).
// - The same server alone: a page 10,000 pages deep, searches (two words, a typo, a word in ~10% of listings) over HTTP,
//   the same with thousands of distinct searches none of which repeats within the page memory, and every query's
//   execution time inside the database (EXPLAIN ANALYZE), with the indexes the plans use.
// - Start-up (process start to the first answered page on an existing database) and idle RSS of the production process.
// - PGlite (the embedded default) with `pglite-n` listings: the same scenarios, beside PostgreSQL.
// - Static assets: precompressed encodings, cache lifetimes, and the round trips before the first paint in Chromium.
// - Stolen-photo lookup (bench/photo-matches.ts): one photo's near copies among `photo-n` stored hashes (PostgreSQL;
//   PGlite when DATABASE_URL is unset), through the four indexed bands, beside a full bit_count scan.
// `--only search` runs just the searches (match counts, in-database times, HTTP) for quicker iterations; `--only browse`
// just the first page and the category filter against the yardsticks; `--only photos` just the stolen-photo lookup;
// `--only discovery` just the favourites and saved-search figures (bench/discovery.ts).
// `--only near` just the near-me and places autocomplete statements in the database (bench/places.ts).
// Absolute figures drift on a shared machine; the ratios are what the targets compare.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import { createProductsRepository, type ListFilter } from '../src/modules/products/repository.ts';
import { buildCorrectionsQuery, buildCountQuery, createSearchInspector } from '../src/modules/products/search/inspect.ts';
import { SEARCH_PAGE_TTL_MS } from '../src/modules/products/search/page-memory.ts';
import { queryWords } from '../src/modules/products/search/terms.ts';
import { benchPhotoLookup } from './photo-matches.ts';
import { runDiscoveryBench } from './discovery.ts';
import { measureStatic } from './static-assets.ts';
import { BENCH_EMAIL_DOMAIN, countBenchListings, distinctSearches, removeListings, rowsOf, seedListings } from './seed.ts';
import { distanceStatement, londonNear, PLACE_PREFIXES, preparePlaces } from './places.ts';

interface Args {
  n: number;
  'pglite-n': number;
  duration: number;
  connections: number;
  rounds: number;
  runs: number;
  keep: boolean;
  'skip-pglite': boolean;
  'skip-static': boolean;
  /** 'search': only the search scenarios; 'browse': only the first page and category filter; 'photos': only the photo lookup; 'discovery': only favourites and saved searches; 'near': only the near-me and autocomplete lines (empty: everything). */
  only: string;
  /** Stored photo hashes for the stolen-photo lookup. */
  'photo-n': number;
  /** Every side compresses its answers, and the client asks for it. */
  compress: boolean;
  /** Saved searches for the discovery figures (bench/discovery.ts). */
  searches: number;
}

const USAGE =
  'bench:api [--n 1000000] [--pglite-n 100000] [--duration 10] [--connections 50] [--rounds 5] [--runs 50] [--keep] [--skip-pglite] [--skip-static] [--only search|browse|photos|discovery|near] [--searches 100000] [--compress] [--photo-n 1000000]';

function parseArgs(argv: string[]): Args {
  const args: Args = {
    n: 100_000,
    'pglite-n': 100_000,
    duration: 10,
    connections: 50,
    // Five rounds, not three: on a shared machine one round's ratio ranged 1.07-1.69 for the same two builds, and a
    // median of three still landed 0.2 either side.
    rounds: 5,
    runs: 50,
    keep: false,
    'skip-pglite': false,
    'skip-static': false,
    only: '',
    compress: false,
    'photo-n': 1_000_000,
    searches: 100_000,
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]!.replace(/^--/, '') as keyof Args;
    if (!(key in args)) throw new Error(`Usage: ${USAGE} (unknown: ${argv[i]})`);
    if (typeof args[key] === 'boolean') {
      (args as unknown as Record<string, boolean>)[key] = true;
      continue;
    }
    if (key === 'only') {
      const what = argv[++i];
      if (what !== 'search' && what !== 'browse' && what !== 'photos' && what !== 'discovery' && what !== 'near') throw new Error(`Usage: ${USAGE} (bad: --only ${what})`);
      args.only = what;
      continue;
    }
    const value = Number(argv[++i]);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`Usage: ${USAGE} (bad: --${key})`);
    (args as unknown as Record<string, number>)[key] = Math.floor(value);
  }
  return args;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** BENCH_SERVER_BUNDLE: another build to measure (an earlier commit's bundle, for a before and after). */
const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ? path.resolve(process.env.BENCH_SERVER_BUNDLE) : path.join(REPO_ROOT, 'apps/server/dist/server.js');
const PAGE = 24;
/** 10,000 pages of the default size in. */
const DEEP_PAGES = 10_000;
/** Two words, a typo, and a word about one listing in eight has (the seed's "good condition"). */
const SEARCHES = [
  { label: 'two words', q: 'brass lamp' },
  { label: 'typo', q: 'vintge lamp' },
  { label: 'common word', q: 'good' },
];

const log = (line: string) => console.log(line);
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const targets: { name: string; figure: string; ok: boolean }[] = [];
function target(name: string, figure: string, ok: boolean): void {
  targets.push({ name, figure, ok });
  log(`  ${name}: ${figure} -> ${verdict(ok)}`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const median = (values: number[]) => percentile(values, 50);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Child processes

interface Child {
  base: string;
  pid: number;
  /** Milliseconds from spawn to the first 2xx answer of `readyPath`. */
  startMs: number;
  rssKb(): number;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

async function startChild(command: string[], env: Record<string, string>, readyPath: string): Promise<Child> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}: ${stderr}`);
    if (performance.now() - started > 120_000) throw new Error(`${command.join(' ')} did not answer within 120 s: ${stderr}`);
    const ok = await fetch(base + readyPath, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const startMs = performance.now() - started;
  return {
    base,
    pid: child.pid!,
    startMs,
    rssKb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          children.delete(child);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

const BENCH_JWT_SECRET = randomBytes(32).toString('hex');

/** Client headers of every timed request: with --compress, what a browser asks. */
let clientHeaders: Record<string, string> = {};

function productionEnv(tmp: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // The production default: one request line per request (decision 019).
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    // The bench's own secret: it signs a member's token for the signed-in side (alternate).
    JWT_SECRET: BENCH_JWT_SECRET,
    // All load comes from one address: the per-address search budget would turn it into 429s.
    RATE_LIMIT_FACTOR: '100000',
    DATA_DIR: tmp,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

// Compression is on, as by default: it compresses only when the client asks (--compress).
const startOlden = (tmp: string, databaseUrl: string | undefined) =>
  startChild([SERVER_BUNDLE], productionEnv(tmp, databaseUrl), '/api/products?limit=1');
const startBaseline = (file: string, databaseUrl: string, compress: boolean) =>
  startChild(
    ['--import', 'tsx', `apps/server/bench/${file}`],
    { NODE_ENV: 'production', BENCH_DATABASE_URL: databaseUrl, BENCH_COMPRESS: compress ? '1' : '0' },
    '/api/products',
  );

// ---------------------------------------------------------------------------------------------------------
// Measuring

async function hammer(url: string, args: Args, requests?: Options['requests'], headers: Record<string, string> = clientHeaders): Promise<Result> {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ url, connections: args.connections, duration: Math.min(2, args.duration), requests, headers });
  const result = await autocannon({ url, connections: args.connections, duration: args.duration, timeout: 10, requests, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) log(`    ${url}: ${errors} errors (status codes ${JSON.stringify(result.statusCodeStats ?? {})})`);
  return result;
}

/**
 * `paths` in turn, one request each, shared by all connections and continued from the warm-up into the run, so
 * no path repeats until all were asked (distinctSearches: none within the page memory of a search).
 */
async function hammerEach(base: string, paths: string[], args: Args): Promise<Result> {
  let next = 0;
  return hammer(base, args, [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }]);
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
 * Execution times (ms) of the app's own queries for one list request (a search also looks up its corrections
 * first; a relevance page is one statement), EXPLAIN ANALYZEd `runs` times, and the indexes they used.
 */
async function timeInDatabase(db: Db, filter: ListFilter, runs: number) {
  const parts = filter.search && filter.sort === 'relevance'
    ? await createSearchInspector(db).statements({ ...filter, search: filter.search })
    : [createProductsRepository(db).explainableQuery(filter)];
  if (filter.search) {
    const corrections = buildCorrectionsQuery(queryWords(filter.search.q));
    if (corrections) parts.unshift(corrections);
  }
  return timeStatements(db, parts, runs);
}

/** EXPLAIN ANALYZE of `parts` (one request's statements) `runs` times: their summed execution times, and the indexes used. */
async function timeStatements(db: Db, parts: SQL[], runs: number) {
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

/** A cursor standing `pages` pages into the timeline (newest first), made the way the server makes them. */
async function deepCursor(db: Db, n: number): Promise<{ cursor: string; depth: number; after: [string, string] }> {
  const depth = Math.min(DEEP_PAGES * PAGE, Math.floor(n * 0.9));
  const [row] = rowsOf<{ created_at: string | Date; id: string }>(
    await db.execute(sql`select created_at, id from products where status <> 'sold'
      order by created_at desc nulls last, id desc nulls last offset ${depth - 1} limit 1`),
  );
  const createdAt = new Date(row!.created_at).toISOString();
  return {
    cursor: Buffer.from(JSON.stringify(['n', createdAt, row!.id])).toString('base64url'),
    depth,
    after: [createdAt, row!.id],
  };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}
const figuresOf = (r: Result): Figures => ({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });

/**
 * 'member' is Olden Goods asked by a signed-in member who blocks no one: the same page, but read for each request
 * (a viewer's page leaves out whom they block), so it shows the cost of one request's own read next to the yardsticks,
 * which `olden` no longer does alone: identical anonymous pages of one turn share their read (decision 037).
 */
type Side = 'olden' | 'member' | 'express' | 'fastify';
const SIDES: Side[] = ['olden', 'member', 'express', 'fastify'];
const SIDE_NAMES: Record<Side, string> = {
  olden: 'Olden Goods',
  member: 'Olden Goods signed in',
  express: 'tuned Express 5 + pg',
  fastify: 'bare Fastify 5 + pg',
};

/** Each side's base URL and the headers of its requests. */
type Sides = Record<Side, { base: string; headers: Record<string, string> }>;

/**
 * The body, next-page headers and encoding each side answers `path` with: the yardsticks must answer byte for byte
 * what the app answers, or the comparison measures different work.
 */
async function checkSameAnswer(sides: Sides, path: string): Promise<void> {
  const answers = await Promise.all(
    SIDES.map(async (side) => {
      const res = await fetch(sides[side].base + path, { headers: sides[side].headers });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${SIDE_NAMES[side]} answered ${path} with ${res.status}: ${body.toString('utf8').slice(0, 200)}`);
      return { side, body, cursor: res.headers.get('x-next-cursor'), link: res.headers.get('link') };
    }),
  );
  const [olden, ...others] = answers;
  for (const other of others) {
    const what = !other.body.equals(olden!.body) ? 'body' : other.cursor !== olden!.cursor ? 'X-Next-Cursor' : other.link !== olden!.link ? 'Link' : '';
    if (what) throw new Error(`${SIDE_NAMES[other.side]} answers ${path} with another ${what} than Olden Goods: the comparison would not be like for like`);
  }
  // The encoding on the wire, as the client asked (fetch decodes it for the comparison above).
  const wire = await Promise.all(
    SIDES.map(async (side) => {
      const res = await new Promise<{ encoding: string }>((resolve, reject) => {
        const url = new URL(sides[side].base + path);
        import('node:http').then(({ get }) =>
          get(url, { headers: sides[side].headers }, (r) => {
            r.resume();
            resolve({ encoding: String(r.headers['content-encoding'] ?? 'identity') });
          }).on('error', reject),
        );
      });
      return `${SIDE_NAMES[side]} ${res.encoding}`;
    }),
  );
  log(`    same answer on all four sides (${olden!.body.length} bytes decoded; on the wire: ${wire.join(', ')})`);
}

/**
 * The sides on one scenario, in turn, the order rotated each round so each side runs first, second, third and
 * fourth alike (after a warm-up of each); medians per side, and per-round ratios of Olden Goods (anonymous, and
 * signed in) to each yardstick.
 */
async function alternate(sides: Sides, path: string, args: Args) {
  const figures: Record<Side, Figures[]> = { olden: [], member: [], express: [], fastify: [] };
  // One unrecorded run of each first: the database's caches (cold after a restart or another scenario) then serve all
  // sides alike, instead of slowing whichever runs first.
  for (const side of SIDES) await hammer(sides[side].base + path, args, undefined, sides[side].headers);
  for (let round = 0; round < args.rounds; round++) {
    const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]!);
    for (const side of order) {
      const f = figuresOf(await hammer(sides[side].base + path, args, undefined, sides[side].headers));
      figures[side].push(f);
      log(`    round ${round + 1} ${side.padEnd(7)} ${Math.round(f.rps)} req/s, p99 ${f.p99} ms (load ${loadavg()[0]!.toFixed(1)})`);
    }
  }
  const med = (list: Figures[]) => ({ rps: median(list.map((f) => f.rps)), p50: median(list.map((f) => f.p50)), p99: median(list.map((f) => f.p99)) });
  const ratios = (of: Side, to: Side) => figures[of].map((o, i) => o.rps / figures[to][i]!.rps);
  return {
    olden: med(figures.olden),
    member: med(figures.member),
    express: med(figures.express),
    fastify: med(figures.fastify),
    vsExpress: ratios('olden', 'express'),
    vsFastify: ratios('olden', 'fastify'),
    memberVsExpress: ratios('member', 'express'),
    memberVsFastify: ratios('member', 'fastify'),
  };
}

function configFor(tmp: string, databaseUrl: string | undefined) {
  return loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: tmp, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    BENCH_JWT_SECRET,
  );
}

/** The Authorization header of a bench member who blocks no one (made once, kept with the bench's accounts). */
async function memberAuthorization(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const email = `bench-member@${BENCH_EMAIL_DOMAIN}`;
  const users = app.services.users;
  const row =
    (await users.findByEmail(email)) ??
    (await users.findById((await users.createAccount({ email, name: 'Bench member', photoURL: 'https://img.bench.invalid/a.png', passwordHash: null })).user.id));
  if (!row) throw new Error('the bench member could not be made');
  const { sessionId } = await app.services.auth.startSession(row);
  return `Bearer ${await app.services.auth.signToken(row, sessionId)}`;
}

// ---------------------------------------------------------------------------------------------------------
// One database: PostgreSQL (with the Express baseline) or PGlite

interface BackendReport {
  name: string;
  n: number;
  rows: Record<string, string | number>[];
  timings: Record<string, string>[];
}

/**
 * `count` published reviews of the bench sellers by the bench sellers (as seller and as buyer), with their running
 * sums, in a few statements; earlier bench reviews are removed first.
 */
async function seedReviews(db: Db, count: number): Promise<void> {
  await db.execute(sql`delete from reviews where text = 'bench review'`);
  await db.execute(sql`
    with sellers as (select id, row_number() over (order by id) as k from users where email like ${`%@${BENCH_EMAIL_DOMAIN}`}),
    n as (select count(*) as c from sellers)
    insert into reviews (id, request_id, author_id, subject_id, role, rating, text, status, product_id, product_name, product_image, created_at, published_at)
    select md5('r' || g), md5('q' || g), a.id, s.id, case when g % 3 = 0 then 'buyer' else 'seller' end, 1 + (g % 5), 'bench review', 'published',
      md5('p' || g), 'Bench listing', 'https://img.test.example/1.jpg', now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${count}) g cross join n
    join sellers s on s.k = 1 + (g % n.c)
    join sellers a on a.k = 1 + ((g * 7 + 1) % n.c)`);
  await db.execute(sql`
    insert into user_ratings (user_id, seller_sum, seller_count, buyer_sum, buyer_count)
    select subject_id, coalesce(sum(rating) filter (where role = 'seller'), 0), count(*) filter (where role = 'seller'),
      coalesce(sum(rating) filter (where role = 'buyer'), 0), count(*) filter (where role = 'buyer')
    from reviews where status = 'published' group by subject_id
    on conflict (user_id) do update set seller_sum = excluded.seller_sum, seller_count = excluded.seller_count,
      buyer_sum = excluded.buyer_sum, buyer_count = excluded.buyer_count`);
  // The delete and the sums' update leave dead rows: vacuumed, as autovacuum would have (places.ts).
  await db.execute(sql`vacuum analyze reviews`);
  await db.execute(sql`vacuum analyze user_ratings`);
}

/** Near me and autocomplete, on both databases (docs/decisions/028-places-distance-index.md). */
function nearTargets(name: string, timings: Record<string, string>[]): void {
  for (const t of timings) {
    if (t.query!.startsWith('near:')) target(`${name}: ${t.query} in the database: p95 <= 30 ms`, `${t['p95 ms']} ms`, Number(t['p95 ms']) <= 30);
    if (t.query!.startsWith('places autocomplete')) target(`${name}: ${t.query} in the database: p95 <= 10 ms`, `${t['p95 ms']} ms`, Number(t['p95 ms']) <= 10);
  }
}

async function runBackend(name: 'PostgreSQL' | 'PGlite', n: number, args: Args, databaseUrl: string | undefined): Promise<BackendReport> {
  log(`\n== ${name}, ${n.toLocaleString('en')} listings ==`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'og-bench-'));
  const pgliteDir = path.join(tmp, 'db');
  const open = () => openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { pgliteDir });
  let database = await open();
  const running: Child[] = [];
  try {
    await database.migrate();
    const existing = await countBenchListings(database.db);
    if (existing === n) {
      log(`Reusing ${existing.toLocaleString('en')} seeded listings`);
    } else {
      if (existing > 0) await removeListings(database.db);
      log(`Seeding ${n.toLocaleString('en')} listings ...`);
      const seedStart = Date.now();
      await seedListings(database.db, n, (line) => log(line));
      log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    }
    const searchOnly = args.only === 'search';
    const browseOnly = args.only === 'browse';
    const nearOnly = args.only === 'near';
    const placesApp = await buildApp({ config: configFor(tmp, databaseUrl), database });
    await preparePlaces(database.db, placesApp.services.places, log);
    const deep = searchOnly || nearOnly ? undefined : await deepCursor(database.db, n);
    // What each q searches for (its corrections), asked of the app itself, and how many listings match it.
    const app = await buildApp({ config: configFor(tmp, databaseUrl), database });
    const termsOf = async (q: string) => {
      const terms = await app.services.products.searchTerms(q);
      if (!terms) throw new Error(`no words to search in ${q}`);
      return terms;
    };
    const counts = new Map<string, number>();
    for (const { q } of browseOnly || nearOnly ? [] : SEARCHES) {
      const [count] = rowsOf<{ count: number }>(await database.db.execute(buildCountQuery(await termsOf(q))));
      counts.set(q, Number(count?.count ?? 0));
    }
    const timings: Record<string, string>[] = [];
    const queries: [string, ListFilter][] = [
      ...(deep
        ? ([
            ['first page', { sort: 'newest', limit: PAGE + 1 }],
            [`page ${DEEP_PAGES.toLocaleString('en')} deep`, { sort: 'newest', after: deep.after, limit: PAGE + 1 }],
            ['category filter', { category: 'electronics', sort: 'newest', limit: PAGE + 1 }],
            ['price sort', { sort: 'price_asc', limit: PAGE + 1 }],
            ['category + price sort', { category: 'electronics', sort: 'price_desc', limit: PAGE + 1 }],
          ] satisfies [string, ListFilter][])
        : []),
      ...(browseOnly || nearOnly ? [] : SEARCHES).map(({ label, q }): [string, ListFilter] => [`search "${q}" (${label})`, { search: { q }, sort: 'relevance', limit: PAGE + 1 }]),
    ];
    // Near me (docs/decisions/028-places-distance-index.md): around a large city, with and without a word, and a page nearest first.
    const near25 = await londonNear(placesApp.services.places, 25);
    queries.push(
      ['near: 25 km around London', { near: near25, sort: 'newest', limit: PAGE + 1 }],
      ['near: 25 km around London, search "lamp"', { near: near25, search: { q: 'lamp' }, sort: 'relevance', limit: PAGE + 1 }],
    );
    for (const [label, filter] of queries) {
      if (filter.search) filter.search = await termsOf(filter.search.q);
      const t = await timeInDatabase(database.db, filter, args.runs);
      timings.push({ query: label, 'p50 ms': ms(t.p50), 'p95 ms': ms(t.p95), plan: t.used.join(', ') });
    }
    if (!searchOnly && !nearOnly) {
      // Similar listings of random listings (docs/product.md#similar-listings): its two or three statements, timed as the service runs them.
      const ids = rowsOf<{ id: string }>(await database.db.execute(sql`select id from products tablesample system (1) limit ${args.runs}`)).map((r) => r.id);
      const times: number[] = [];
      for (const id of ids) {
        const start = performance.now();
        await app.services.products.similar(id);
        times.push(performance.now() - start);
      }
      if (times.length > 0) {
        timings.push({ query: 'similar listings', 'p50 ms': ms(percentile(times, 50)), 'p95 ms': ms(percentile(times, 95)), plan: 'rarest name words (GIN), then category newest' });
      }
    }
    // GET /api/admin/stats (issue 28): the overview reads pre-aggregated daily counts, whatever the listings' number.
    const statsTimes: number[] = [];
    for (let i = 0; i < args.runs; i++) {
      const t0 = performance.now();
      await app.services.audit.stats(() => app.services.reports.openCount());
      statsTimes.push(performance.now() - t0);
    }
    const statsP95 = percentile(statsTimes, 95);
    target(`${name}: admin overview (the read of GET /api/admin/stats) at ${n.toLocaleString('en')} listings: p95 <= 20 ms`, `${statsP95.toFixed(2)} ms`, statsP95 <= 20);
    // A seller's public profile and its first page of reviews (issue 29): n / 5 published reviews over the bench
    // sellers (200,000 at a million listings), then the profile's statements and the list, timed from here (so with
    // their round trips: an upper bound of their time in the database).
    if (!searchOnly) {
      const reviewCount = Math.floor(n / 5);
      await seedReviews(database.db, reviewCount);
      const sellers = rowsOf<{ id: string }>(
        await database.db.execute(sql`select id from users where email like ${`%@${BENCH_EMAIL_DOMAIN}`} order by id limit 50`),
      ).map((r) => r.id);
      const times: number[] = [];
      for (let i = 0; i < args.runs; i++) {
        const id = sellers[i % sellers.length]!;
        const start = performance.now();
        await app.services.reviews.profile(id);
        await app.services.reviews.list(id, { role: 'seller', limit: 11 });
        times.push(performance.now() - start);
      }
      timings.push({ query: `profile + first reviews page (${reviewCount.toLocaleString('en')} reviews)`, 'p50 ms': ms(percentile(times, 50)), 'p95 ms': ms(percentile(times, 95)), plan: 'timed with round trips' });
      target(`${name}: profile + first reviews page p95 (${reviewCount.toLocaleString('en')} reviews)`, `${ms(percentile(times, 95))} ms (<= 20)`, percentile(times, 95) <= 20);
    }
    const nearest = await timeStatements(database.db, [distanceStatement(await londonNear(placesApp.services.places, 100), PAGE + 1)], args.runs);
    timings.push({ query: 'near: 100 km around London, nearest first', 'p50 ms': ms(nearest.p50), 'p95 ms': ms(nearest.p95), plan: nearest.used.join(', ') });
    for (const prefix of PLACE_PREFIXES) {
      const t = await timeStatements(database.db, [placesApp.services.places.explainablePrefix(prefix)], args.runs);
      timings.push({ query: `places autocomplete "${prefix}"`, 'p50 ms': ms(t.p50), 'p95 ms': ms(t.p95), plan: t.used.join(', ') });
    }
    await placesApp.close();
    // Signed now, for the signed-in side of the comparison with the yardsticks (within the token's hour).
    const memberAuth = databaseUrl && !searchOnly && !nearOnly ? await memberAuthorization(app) : undefined;
    await app.close();
    if (nearOnly) {
      nearTargets(name, timings);
      return { name, n, rows: [], timings };
    }
    // PGlite allows one process at a time: the server gets the database to itself.
    if (!databaseUrl) await database.close();


    const olden = await startOlden(tmp, databaseUrl);
    running.push(olden);
    const rows: Record<string, string | number>[] = [];
    const row = (scenario: string, f: Figures, extra: Record<string, string | number> = {}) =>
      rows.push({ scenario, 'req/s': Math.round(f.rps), 'p50 ms': f.p50, 'p99 ms': f.p99, ...extra });
    log(`autocannon: ${args.connections} connections, ${args.duration} s per run`);

    let first: Figures | undefined;
    if (searchOnly) {
      // --only search: no baseline, first or deep page.
    } else if (databaseUrl) {
      const express = await startBaseline('express-baseline.ts', databaseUrl, args.compress);
      running.push(express);
      const fastify = await startBaseline('fastify-baseline.ts', databaseUrl, args.compress);
      running.push(fastify);
      const member = { ...clientHeaders, authorization: memberAuth! };
      const sides: Sides = {
        olden: { base: olden.base, headers: clientHeaders },
        member: { base: olden.base, headers: member },
        express: { base: express.base, headers: clientHeaders },
        fastify: { base: fastify.base, headers: clientHeaders },
      };
      const compressed = args.compress ? ', all compressing' : '';
      for (const [label, url] of [
        ['first page', '/api/products'],
        ['category filter', '/api/products?category=electronics'],
      ] as const) {
        log(`  ${label}: Olden Goods (anonymous, and signed in) vs tuned Express 5 + pg vs bare Fastify 5 + pg${compressed}, in turn, ${args.rounds} rounds`);
        await checkSameAnswer(sides, url);
        const ab = await alternate(sides, url, args);
        const vsExpress = median(ab.vsExpress);
        const vsFastify = median(ab.vsFastify);
        row(`${label} (Olden Goods${compressed})`, ab.olden, { 'vs Express': `${vsExpress.toFixed(2)}x`, 'vs Fastify': `${vsFastify.toFixed(2)}x` });
        const memberVsExpress = median(ab.memberVsExpress);
        const memberVsFastify = median(ab.memberVsFastify);
        row(`${label} (${SIDE_NAMES.member}${compressed})`, ab.member, { 'vs Express': `${memberVsExpress.toFixed(2)}x`, 'vs Fastify': `${memberVsFastify.toFixed(2)}x` });
        row(`${label} (${SIDE_NAMES.express})`, ab.express);
        row(`${label} (${SIDE_NAMES.fastify})`, ab.fastify);
        const rounds = (ratios: number[]) => ratios.map((r) => r.toFixed(2)).join(', ');
        target(
          `${label}${compressed}: >= 1.3x tuned Express req/s, p99 no worse`,
          `${vsExpress.toFixed(2)}x (rounds ${rounds(ab.vsExpress)}), ${Math.round(ab.olden.rps)} vs ${Math.round(ab.express.rps)} req/s, p99 ${ab.olden.p99} vs ${ab.express.p99} ms`,
          vsExpress >= 1.3 && ab.olden.p99 <= ab.express.p99,
        );
        target(
          `${label}${compressed}: >= 0.9x bare Fastify req/s, p99 no worse`,
          `${vsFastify.toFixed(2)}x (rounds ${rounds(ab.vsFastify)}), ${Math.round(ab.olden.rps)} vs ${Math.round(ab.fastify.rps)} req/s, p99 ${ab.olden.p99} vs ${ab.fastify.p99} ms`,
          vsFastify >= 0.9 && ab.olden.p99 <= ab.fastify.p99,
        );
        // For the record, not a target: a request read for its viewer, whose page nothing shares (decision 037).
        log(
          `  ${label}${compressed}, signed in (each request its own read), for the record: ${memberVsExpress.toFixed(2)}x tuned Express ` +
            `(rounds ${rounds(ab.memberVsExpress)}), ${memberVsFastify.toFixed(2)}x bare Fastify (rounds ${rounds(ab.memberVsFastify)}), ` +
            `${Math.round(ab.member.rps)} req/s, p99 ${ab.member.p99} ms`,
        );
        if (label === 'first page') first = ab.olden;
      }
      await fastify.stop();
      await express.stop();
      running.pop();
      running.pop();
    } else {
      first = figuresOf(await hammer(`${olden.base}/api/products`, args));
      row('first page', first);
      row('category filter', figuresOf(await hammer(`${olden.base}/api/products?category=electronics`, args)));
    }
    if (deep && first) {
      const deepFigures = figuresOf(await hammer(`${olden.base}/api/products?cursor=${deep.cursor}`, args));
      row(`page ${DEEP_PAGES.toLocaleString('en')} deep (${deep.depth.toLocaleString('en')} listings in)`, deepFigures);
      target(
        `${name}: deep page within 2x of the first page`,
        `p50 ${deepFigures.p50} vs ${first.p50} ms, p99 ${deepFigures.p99} vs ${first.p99} ms`,
        deepFigures.p99 <= 2 * Math.max(1, first.p99) && deepFigures.p50 <= 2 * Math.max(1, first.p50),
      );
    }
    if (browseOnly) {
      await olden.stop();
      running.pop();
      return { name, n, rows, timings };
    }
    log(`  searches: a first page is remembered ${SEARCH_PAGE_TTL_MS / 1000} s as ids, its listings read afresh per request (decision 012)`);
    for (const { label, q } of SEARCHES) {
      const f = figuresOf(await hammer(`${olden.base}/api/products?q=${encodeURIComponent(q)}`, args));
      row(`search "${q}" (${label}, ${counts.get(q)!.toLocaleString('en')} matches)`, f);
      if (databaseUrl) target(`search "${q}" over HTTP: >= 400 req/s, p99 <= 300 ms`, `${Math.round(f.rps)} req/s, p99 ${f.p99} ms`, f.rps >= 400 && f.p99 <= 300);
    }
    // The same searches as nobody made them in the last 5 s: thousands of distinct ones, none repeated in the run's
    // page memory (two words and misspelt words over the seeded names), so every request runs its search.
    const distinct = distinctSearches();
    const cold = await hammerEach(olden.base, distinct.map((q) => `/api/products?q=${encodeURIComponent(q)}`), args);
    const coldFigures = figuresOf(cold);
    row(`${distinct.length.toLocaleString('en')} distinct searches, none repeated within ${SEARCH_PAGE_TTL_MS / 1000} s`, coldFigures);
    // At this rate a search would come round again after distinct.length / rps seconds: it must be past the memory.
    const noRepeat = coldFigures.rps * (SEARCH_PAGE_TTL_MS / 1000) < distinct.length;
    if (databaseUrl) {
      target(
        `distinct searches over HTTP: >= 400 req/s, p99 <= 300 ms`,
        `${Math.round(coldFigures.rps)} req/s, p99 ${coldFigures.p99} ms${noRepeat ? '' : ' (too fast for the list: searches repeated within the memory)'}`,
        coldFigures.rps >= 400 && coldFigures.p99 <= 300 && noRepeat,
      );
    }
    await olden.stop();
    running.pop();

    if (!databaseUrl) database = await open();
    for (const t of timings) {
      if (t.query!.startsWith('search') && databaseUrl) {
        target(`${t.query} in the database: p95 <= 50 ms`, `${t['p95 ms']} ms`, Number(t['p95 ms']) <= 50);
      }
    }
    nearTargets(name, timings);
    if (searchOnly) return { name, n, rows, timings };
    const similar = timings.find((t) => t.query === 'similar listings');
    if (similar) target(`${name}: similar listings in the database: p95 <= 20 ms`, `${similar['p95 ms']} ms`, Number(similar['p95 ms']) <= 20);
    const planOf = (label: string) => timings.find((t) => t.query === label)?.plan ?? '';
    target(`${name}: category and price sorts keep their indexes`, ['category filter', 'price sort', 'category + price sort'].map((l) => `${l}: ${planOf(l)}`).join('; '),
      planOf('category filter').includes('products_category_newest_idx') &&
        planOf('price sort').includes('products_price_idx') &&
        planOf('category + price sort').includes('products_category_price_idx'));

    // Start-up on the existing database, and idle memory, of the production process (median of three).
    if (!databaseUrl) await database.close();
    const starts: number[] = [];
    const rss: number[] = [];
    for (let i = 0; i < 3; i++) {
      const server = await startOlden(tmp, databaseUrl);
      starts.push(server.startMs);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      rss.push(server.rssKb() / 1024);
      await server.stop();
    }
    if (!databaseUrl) database = await open();
    const startMs = median(starts);
    const rssMb = median(rss);
    row('start-up to the first answered page (ms)', { rps: Number.NaN, p50: Math.round(startMs), p99: Math.round(Math.max(...starts)) });
    if (databaseUrl) {
      target('start-up to the first answered request <= 1.5 s', `${Math.round(startMs)} ms (runs ${starts.map((s) => Math.round(s)).join(', ')})`, startMs <= 1500);
      target('idle RSS <= 120 MB', `${rssMb.toFixed(0)} MB`, rssMb <= 120);
    } else {
      log(`  ${name}: start-up ${Math.round(startMs)} ms, idle RSS ${rssMb.toFixed(0)} MB (no target: informative)`);
    }
    return { name, n, rows, timings };
  } finally {
    for (const child of running) await child.stop();
    if (databaseUrl && !args.keep) {
      log('Removing the seeded listings ...');
      await removeListings(database.db).catch((error: unknown) => log(`  cleanup failed: ${String(error)}`));
    }
    await database.close().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // gzip: what the app answers a browser with (it prefers gzip, decision 019); Express's middleware would pick brotli
  // for a browser's header, and the sides must do the same work.
  if (args.compress) clientHeaders = { 'accept-encoding': 'gzip' };
  const started = Date.now();
  const loads: number[][] = [loadavg()];
  const sampler = setInterval(() => loads.push(loadavg()), 10_000);
  const photosOnly = args.only === 'photos';
  const discoveryOnly = args.only === 'discovery';
  // The production bundle is what `npm start` runs: build it if its sources are newer.
  if (!photosOnly && args.only !== 'near') {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (built.status !== 0 || !existsSync(SERVER_BUNDLE)) throw new Error('could not build the server bundle');
  }
  const reports: BackendReport[] = [];
  try {
    const databaseUrl = process.env.DATABASE_URL;
    // Favourites and saved searches (issue 27): their own database work, beside the listings (bench/discovery.ts).
    if (!args.only || discoveryOnly) {
      log('\n== Favourites and saved searches ==');
      const found = await runDiscoveryBench({ listings: args.n, searches: args.searches, runs: args.runs, databaseUrl, log });
      for (const t of found) target(t.name, t.figure, t.ok);
    }
    if (databaseUrl && !photosOnly && !discoveryOnly) reports.push(await runBackend('PostgreSQL', args.n, args, databaseUrl));
    else if (!databaseUrl) log('DATABASE_URL is not set: the PostgreSQL figures and the Express baseline are skipped.');
    if (!args['skip-pglite'] && !photosOnly && !discoveryOnly) reports.push(await runBackend('PGlite', Math.min(args.n, args['pglite-n']), args, undefined));
    if (!args.only || photosOnly) {
      // On PostgreSQL, the target's database; on PGlite (no DATABASE_URL) at most pglite-n hashes, in a temp folder.
      const tmp = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'og-bench-photos-'));
      const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { pgliteDir: path.join(tmp!, 'db') });
      try {
        await database.migrate();
        const n = databaseUrl ? args['photo-n'] : Math.min(args['photo-n'], args['pglite-n']);
        await benchPhotoLookup(database.db, { n, runs: Math.max(args.runs, 200), keep: args.keep }, log, (name, figure, ok) =>
          target(`${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${name}`, figure, ok),
        );
      } finally {
        await database.close().catch(() => {});
        if (tmp) rmSync(tmp, { recursive: true, force: true });
      }
    }
    if (!args['skip-static'] && !args.only) {
      log('\n== Static assets ==');
      const tmp = mkdtempSync(path.join(tmpdir(), 'og-bench-static-'));
      try {
        const server = await startOlden(tmp, databaseUrl);
        try {
          for (const check of await measureStatic(server.base)) target(check.name, check.figure, check.ok);
        } finally {
          await server.stop();
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    }
  } finally {
    clearInterval(sampler);
  }

  for (const report of reports) {
    log(`\n== ${report.name}, ${report.n.toLocaleString('en')} listings, ${args.connections} connections, ${args.duration} s per run ==`);
    console.table(report.rows);
    log(`In-database execution time of the app's own queries (EXPLAIN ANALYZE, ${args.runs} runs each):`);
    console.table(report.timings);
  }
  log('\n== Targets ==');
  for (const t of targets) log(`  ${verdict(t.ok).padEnd(7)} ${t.name}: ${t.figure}`);
  const peak = Math.max(...loads.map((l) => l[0]!));
  log(`Load average: ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end, peak 1-minute ${peak.toFixed(1)}, on ${cpus().length} cores`);
  log(`${targets.filter((t) => t.ok).length} of ${targets.length} targets met in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
