// `npm run load -- [--duration 60] [--connections 100] [--n 100000] [--pglite-n 100000] [--warmup 10] [--buyers 100]
//                  [--skip-postgres] [--skip-pglite] [--processes 2]`
//
// A realistic mix on loopback, with autocannon, against the server running as a child process (so its RSS can be
// read from /proc): 80% browsing and search, 15% buy requests and cart reads (many buyer accounts), 5% listing
// writes. PostgreSQL (a throwaway database, dropped at the end) with N bulk-seeded listings, then PGlite.
// Prints req/s, status counts (5xx and socket errors must be zero; 429s separately), p50/p99 per route, and
// the server's RSS after warm-up and after the run (growth must stay within 20%).
// --processes N (N > 1): on PostgreSQL, the same mix also runs against N processes sharing the database and Redis
// (REDIS_URL, default redis://127.0.0.1:6379) behind a round-robin proxy, printed beside the one-process figures.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { countBenchListings, rowsOf, seedListings } from '../bench/seed.ts';
import { openDatabase } from '../src/db/client.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';
import {
  type Account,
  buyBody,
  createDatabase,
  dropDatabase,
  fmt,
  killAllChildren,
  listingBody,
  log,
  parseFlags,
  percentile,
  registerAccount,
  type ServerChild,
  startServer,
} from './support.ts';

const USAGE =
  'load [--duration 60] [--connections 100] [--n 100000] [--pglite-n 100000] [--warmup 10] [--buyers 100] [--skip-postgres] [--skip-pglite] [--processes 1]';
const args = parseFlags(
  process.argv.slice(2),
  {
    duration: 60,
    connections: 100,
    n: 100_000,
    'pglite-n': 100_000,
    warmup: 10,
    buyers: 100,
    'skip-postgres': false,
    'skip-pglite': false,
    processes: 1,
  },
  USAGE,
);

// ---------------------------------------------------------------------------------------------------------
// The parts of autocannon's programmatic API used here (bench/autocannon.d.ts declares only the simple call).

interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface LoadContext {
  route?: string;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: { setupRequest: (req: LoadRequest, context: LoadContext) => LoadRequest }[];
}
interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  resets?: number;
  mismatches?: number;
  non2xx: number;
  duration: number;
}
interface LoadClient {
  requestIterator?: { context?: LoadContext };
  on(event: 'timeout', fn: () => void): void;
}
interface Tracker extends PromiseLike<LoadResult> {
  on(event: 'response', fn: (client: LoadClient, status: number, bytes: number, ms: number) => void): void;
  on(event: 'reqError', fn: (error: Error & { code?: string }) => void): void;
}
const run = autocannon as unknown as (options: LoadOptions) => Tracker;

// ---------------------------------------------------------------------------------------------------------
// The mix

const CATEGORIES = [
  'homeAndLiving', 'electronics', 'hobbiesSports', 'vehicles', 'mensFashion', 'womensFashion', 'kids', 'education', 'pets',
];
/** What people type: right, misspelt, several words, no match. */
const SEARCHES = [
  'brass lamp', 'vintge lamp', 'victorain chair', 'oak tabel', 'radio', 'camra', 'teddy bear', 'guitr', 'mid-century sideboard',
  'cast iron', 'porcelan vase', 'record player', 'typewritter', 'persian rug', 'art deco mirror', 'silver watch', 'rocking hors',
  'globe', 'leather briefcase', 'walnut bookcase',
];

interface Fixture {
  productIds: string[];
  buyers: Account[];
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** One weighted choice per request: [route name, weight %, request]. */
function mix(fixture: Fixture): [string, number, () => LoadRequest][] {
  const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
  let written = 0;
  return [
    // 80% browsing and search
    ['GET /api/products (first page)', 18, () => ({ method: 'GET', path: pick(['/api/products', '/api/products?sort=price_asc', '/api/products?limit=12']) })],
    [
      'GET /api/products?category=',
      20,
      () => ({ method: 'GET', path: `/api/products?category=${pick(CATEGORIES)}${Math.random() < 0.3 ? '&sort=price_desc' : ''}` }),
    ],
    ['GET /api/products/:id', 25, () => ({ method: 'GET', path: `/api/products/${pick(fixture.productIds)}` })],
    [
      'GET /api/products?q= (search)',
      15,
      () => ({
        method: 'GET',
        path: `/api/products?q=${encodeURIComponent(pick(SEARCHES))}${Math.random() < 0.2 ? `&category=${pick(CATEGORIES)}` : ''}`,
      }),
    ],
    ['GET /api/category', 2, () => ({ method: 'GET', path: '/api/category' })],
    // 15% buy requests and cart
    [
      'POST /api/buyerProduct',
      7,
      () => {
        const buyer = pick(fixture.buyers);
        return { method: 'POST', path: '/api/buyerProduct', headers: json(buyer.token), body: JSON.stringify(buyBody(pick(fixture.productIds))) };
      },
    ],
    [
      'GET /api/buyerProduct (cart)',
      8,
      () => {
        const buyer = pick(fixture.buyers);
        return {
          method: 'GET',
          path: `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}`,
          headers: { authorization: `Bearer ${buyer.token}` },
        };
      },
    ],
    // 5% listing writes
    [
      'POST /api/products',
      5,
      () => {
        const seller = pick(fixture.buyers);
        return { method: 'POST', path: '/api/products', headers: json(seller.token), body: JSON.stringify(listingBody(written++, 'load')) };
      },
    ],
  ];
}

interface RouteStats {
  /** Requests with no reply within autocannon's 10 s timeout (their latency is not in the percentiles). */
  timeouts: number;
  latencies: number[];
  statuses: Map<number, number>;
}

async function drive(base: string, fixture: Fixture, seconds: number, connections: number) {
  const routes = mix(fixture);
  const total = routes.reduce((sum, [, w]) => sum + w, 0);
  const stats = new Map<string, RouteStats>(routes.map(([name]) => [name, { timeouts: 0, latencies: [], statuses: new Map() }]));
  const socketErrors = new Map<string, number>();
  const tracker = run({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (req, context) => {
          let r = Math.random() * total;
          for (const [name, weight, make] of routes) {
            r -= weight;
            if (r <= 0 || name === routes.at(-1)![0]) {
              context.route = name;
              return { ...req, headers: {}, body: undefined, ...make() };
            }
          }
          throw new Error('unreachable');
        },
      },
    ],
  });
  const routeOf = (client: LoadClient) => stats.get(client.requestIterator?.context?.route ?? '') ?? stats.get(routes[0]![0])!;
  const seen = new WeakSet<LoadClient>();
  tracker.on('response', (client, status, _bytes, ms) => {
    // pipelining 1: the context still holds the request that was just answered (or that timed out)
    if (!seen.has(client)) {
      seen.add(client);
      client.on('timeout', () => routeOf(client).timeouts++);
    }
    const route = routeOf(client);
    route.latencies.push(ms);
    route.statuses.set(status, (route.statuses.get(status) ?? 0) + 1);
  });
  tracker.on('reqError', (error) => socketErrors.set(error.code ?? error.message, (socketErrors.get(error.code ?? error.message) ?? 0) + 1));
  let answered = 0;
  tracker.on('response', (client) => {
    if (!answeredClients.has(client)) {
      answeredClients.add(client);
      answered++;
    }
  });
  const answeredClients = new WeakSet<LoadClient>();
  const result = await tracker;
  return { result, stats, socketErrors, answered };
}

// ---------------------------------------------------------------------------------------------------------

interface BackendFigures {
  backend: string;
  n: number;
  seedSeconds: number;
  rps: number;
  total: number;
  count2xx: number;
  count4xx: number;
  count429: number;
  count5xx: number;
  socketErrors: number;
  timeouts: number;
  rssWarmKb: number;
  rssAfterKb: number;
  perRoute: Record<string, string | number>[];
}

async function runBackend(
  name: string,
  n: number,
  env: Record<string, string>,
  databaseUrl?: string,
  pgliteDir?: string,
  processes = 1,
): Promise<BackendFigures> {
  log(`\n== Load: ${name}, ${n.toLocaleString('en')} listings, ${processes} process${processes > 1 ? 'es behind a round-robin proxy' : ''} ==`);
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: pgliteDir! });
  let productIds: string[];
  const seedStart = Date.now();
  try {
    await database.migrate();
    if ((await countBenchListings(database.db)) !== n) await seedListings(database.db, n, log);
    productIds = rowsOf<{ id: string }>(await database.db.execute(sql`select id from products order by random() limit 5000`)).map((r) => r.id);
  } finally {
    await database.close();
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  log(`  seeded in ${seedSeconds.toFixed(1)} s`);

  let servers: ServerChild[] = [];
  let proxy: RoundRobinProxy | undefined;
  try {
    servers = await Promise.all(Array.from({ length: processes }, () => startServer({ env })));
    proxy = processes > 1 ? await startRoundRobinProxy(servers.map((s) => s.base)) : undefined;
    // One process: straight to it. Several: through the proxy, as behind a balancer.
    const server = {
      base: proxy?.base ?? servers[0]!.base,
      rssKb: () => servers.reduce((sum, s) => sum + s.rssKb(), 0),
      isAlive: () => servers.every((s) => s.isAlive()),
      output: () => servers.map((s) => s.output()).join('\n'),
    };
    const tag = randomBytes(3).toString('hex');
    const buyers: Account[] = [];
    const registerStart = Date.now();
    for (let i = 0; i < args.buyers; i += 4) {
      const batch = Array.from({ length: Math.min(4, args.buyers - i) }, (_, k) =>
        registerAccount(server.base, `buyer${i + k}-${tag}@load.example.com`, `Load Buyer ${i + k}`),
      );
      buyers.push(...(await Promise.all(batch)));
    }
    log(`  registered ${buyers.length} buyers through the API in ${((Date.now() - registerStart) / 1000).toFixed(1)} s`);
    const fixture: Fixture = { productIds, buyers };

    log(`  warm-up: ${args.warmup} s, ${args.connections} connections`);
    await drive(server.base, fixture, args.warmup, args.connections);
    const rssWarmKb = server.rssKb();
    log(`  RSS after warm-up: ${(rssWarmKb / 1024).toFixed(0)} MiB; measuring ${args.duration} s`);
    const { result, stats, socketErrors, answered } = await drive(server.base, fixture, args.duration, args.connections);
    log(`  connections that got at least one reply: ${answered} of ${args.connections} (reconnects after a timeout count anew)`);
    const rssAfterKb = server.rssKb();
    if (!server.isAlive()) throw new Error('the server died under load');

    let count2xx = 0;
    let count4xx = 0;
    let count429 = 0;
    let count5xx = 0;
    const perRoute = [...stats].map(([route, s]) => {
      const by = (test: (status: number) => boolean) => [...s.statuses].filter(([st]) => test(st)).reduce((sum, [, c]) => sum + c, 0);
      const ok = by((st) => st >= 200 && st < 300);
      const c429 = by((st) => st === 429);
      const c4xx = by((st) => st >= 400 && st < 500 && st !== 429);
      const c5xx = by((st) => st >= 500);
      count2xx += ok;
      count4xx += c4xx;
      count429 += c429;
      count5xx += c5xx;
      const others = [...s.statuses].filter(([st]) => st >= 400 && st !== 429 && st < 500).map(([st, c]) => `${st}:${c}`).join(' ');
      return {
        route,
        requests: s.latencies.length + s.timeouts,
        '2xx': ok,
        '4xx': others || 0,
        '429': c429,
        '5xx': c5xx,
        timeouts: s.timeouts,
        'p50 ms': fmt(percentile(s.latencies, 50)),
        'p99 ms': fmt(percentile(s.latencies, 99)),
      };
    });
    if (socketErrors.size) log(`  socket errors: ${JSON.stringify(Object.fromEntries(socketErrors))}`);
    if (count5xx > 0) log(`  server output (last lines):\n${server.output()}`);
    return {
      backend: name,
      n,
      seedSeconds,
      rps: result.requests.average,
      total: result.requests.total,
      count2xx,
      count4xx,
      count429,
      count5xx,
      socketErrors: result.errors - result.timeouts,
      timeouts: result.timeouts,
      rssWarmKb,
      rssAfterKb,
      perRoute,
    };
  } finally {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const tmp = mkdtempSync(path.join(tmpdir(), 'og-load-'));
  const dbName = `og_load_${process.pid}_${Date.now().toString(36)}`;
  let dbCreated = false;
  const cleanup = async () => {
    killAllChildren();
    if (dbCreated) {
      dbCreated = false;
      await dropDatabase(dbName).catch((error: unknown) => log(`  could not drop ${dbName}: ${String(error)}`));
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }
  const common = { JWT_SECRET: randomBytes(32).toString('hex'), RATE_LIMIT_FACTOR: '100000', LOG_LEVEL: 'warn' };
  const figures: BackendFigures[] = [];
  let failed = false;
  try {
    if (!args['skip-postgres']) {
      const url = await createDatabase(dbName);
      dbCreated = true;
      const pgEnv = { ...common, DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: url };
      figures.push(await runBackend('PostgreSQL', args.n, pgEnv, url));
      if (args.processes > 1) {
        // Shared state for several processes: budgets in Redis, TRUST_PROXY for the proxy's X-Forwarded-For.
        const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
        const env = { ...pgEnv, REDIS_URL: redisUrl, TRUST_PROXY: '1' };
        figures.push(await runBackend(`PostgreSQL x${args.processes}`, args.n, env, url, undefined, args.processes));
      }
      await dropDatabase(dbName);
      dbCreated = false;
    }
    if (!args['skip-pglite']) {
      const dataDir = path.join(tmp, 'pglite');
      figures.push(await runBackend('PGlite', args['pglite-n'], { ...common, DATA_DIR: dataDir }, undefined, path.join(dataDir, 'db')));
    }
  } catch (error) {
    failed = true;
    console.error(`\nFAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await cleanup();
  }

  if (figures.length > 1) {
    log('\n== Side by side ==');
    console.table(
      figures.map((f) => ({
        backend: f.backend,
        'req/s': Math.round(f.rps),
        'p99 ms (worst route)': fmt(Math.max(...f.perRoute.map((r) => Number(r['p99 ms'])).filter(Number.isFinite))),
        '5xx': f.count5xx,
        'socket errors': f.socketErrors,
        timeouts: f.timeouts,
      })),
    );
  }
  let ok = !failed;
  for (const f of figures) {
    const growth = (f.rssAfterKb - f.rssWarmKb) / f.rssWarmKb;
    log(`\n== ${f.backend}: ${f.n.toLocaleString('en')} listings, ${args.connections} connections, ${args.duration} s ==`);
    console.table(f.perRoute);
    console.table([
      {
        'req/s': Math.round(f.rps),
        requests: f.total,
        '2xx': f.count2xx,
        '4xx (not 429)': f.count4xx,
        '429': f.count429,
        '5xx': f.count5xx,
        'socket errors': f.socketErrors,
        timeouts: f.timeouts,
        'RSS warm MiB': (f.rssWarmKb / 1024).toFixed(0),
        'RSS after MiB': (f.rssAfterKb / 1024).toFixed(0),
        'RSS growth': `${(growth * 100).toFixed(1)}%`,
      },
    ]);
    const pass = f.count5xx === 0 && f.socketErrors === 0 && f.timeouts === 0 && growth <= 0.2;
    log(`${f.backend}: ${pass ? 'PASS' : 'FAIL'} (zero 5xx, zero socket errors and timeouts, RSS growth <= 20%)`);
    ok = ok && pass;
  }
  log(`\n${ok ? 'PASS' : 'FAIL'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = ok ? 0 : 1;
}

await main();
