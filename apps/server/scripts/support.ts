// Shared by the fault and load scripts: the server as a child process (own process group, always killed),
// API helpers with timeouts, throwaway PostgreSQL databases, the fault experiments' scratch space and
// summary, and small figures and command-line helpers.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_ENTRY = 'apps/server/src/server.ts';
export const ADMIN_DATABASE_URL = process.env.FAULT_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const log = (line: string) => console.log(line);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------
// Child processes: every server is started detached (its own process group) and recorded here, so exit,
// Ctrl-C and failures all kill the whole group.

const children = new Set<ServerChild>();

export function killAllChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', killAllChildren);

export interface ServerChild {
  pid: number;
  base: string;
  port: number;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
  isAlive(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** SIGKILL to the group, then waits until the process is reaped. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful shutdown), SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
  /** The last lines the server printed (for diagnostics). */
  output(): string;
  rssKb(): number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  env: Record<string, string>;
  /** How long the server may take to answer /api/health (migrations, crash recovery). */
  readyTimeoutMs?: number;
}

/** Starts `node --import tsx apps/server/src/server.ts` on a free loopback port and waits for /api/health. */
export async function startServer(options: StartOptions): Promise<ServerChild> {
  const port = await freePort();
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...options.env,
    },
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  let alive = true;
  const exited = new Promise<string>((resolve) => {
    proc.once('exit', (code, signal) => {
      alive = false;
      children.delete(child);
      resolve(signal ?? `code ${code}`);
    });
  });
  const pid = proc.pid!;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (!alive) return;
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  const child: ServerChild = {
    pid,
    port,
    base: `http://127.0.0.1:${port}`,
    exited,
    isAlive: () => alive,
    kill: signalGroup,
    async kill9() {
      signalGroup('SIGKILL');
      await Promise.race([exited, sleep(10_000)]);
    },
    async stop(graceMs = 10_000) {
      signalGroup('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!done) await child.kill9();
    },
    output: () => lines.join('\n'),
    rssKb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    },
  };
  children.add(child);

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (!alive) throw new Error(`server exited during start-up (${await exited}):\n${child.output()}`);
    try {
      const res = await fetch(`${child.base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await child.kill9();
  throw new Error(`server did not answer /api/health in time:\n${child.output()}`);
}

// ---------------------------------------------------------------------------------------------------------
// API helpers

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  ms: number;
}

export async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; cookie?: string; timeoutMs?: number } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const res = await fetch(base + url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T, headers: res.headers, ms: performance.now() - started };
}

export interface Account {
  email: string;
  name: string;
  password: string;
  token: string;
}

/** Registers through the API (session cookie) and trades the cookie for an access token, as the web app does. */
export async function registerAccount(base: string, email: string, name: string): Promise<Account> {
  const password = 'Loom#Ridge48';
  const reg = await call(base, 'POST', '/api/auth/register', {
    body: { name, email, password, photoURL: 'https://images.example.com/avatar.png' },
  });
  let cookieHeader = reg.headers.get('set-cookie') ?? '';
  if (reg.status === 409) {
    const login = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
    if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${JSON.stringify(login.body)}`);
    cookieHeader = login.headers.get('set-cookie') ?? '';
  } else if (reg.status !== 201) {
    throw new Error(`register ${email}: ${reg.status} ${JSON.stringify(reg.body)}`);
  }
  const cookie = cookieHeader.split(';')[0]!;
  const jwt = await call<{ token: string }>(base, 'POST', '/api/jwt', { cookie, body: { email } });
  if (jwt.status !== 200) throw new Error(`jwt ${email}: ${jwt.status} ${JSON.stringify(jwt.body)}`);
  return { email, name, password, token: jwt.body.token };
}

const CATEGORIES = [
  'homeAndLiving', 'electronics', 'hobbiesSports', 'vehicles', 'mensFashion', 'womensFashion', 'kids', 'education', 'pets',
];

/** A valid listing body (https image URLs, as the spec's image host returns). */
export function listingBody(i: number, tag: string) {
  const img = (n: number) => `https://images.example.com/${tag}/${i}-${n}.jpg`;
  return {
    image1: img(1),
    image2: img(2),
    image3: img(3),
    image4: img(4),
    name: `Brass lamp ${tag} #${i}`,
    age: 12 + (i % 300),
    date: '2024-05-01',
    category: CATEGORIES[i % CATEGORIES.length]!,
    shortDescription: `A ${tag} listing number ${i}, in good condition`,
    longDescription: `Made of brass. Written by the ${tag} script as listing ${i}. Cleaned and checked, ready to use.`,
    price: String(10 + (i % 500)),
    uploaderPhone: '07700 900123',
    uploaderLocation: 'Leeds',
  };
}

export const buyBody = (productId: string) => ({
  productId,
  phoneNumber: '07700 900456',
  buyerAddress: '1 Test Street, Leeds',
});

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL: throwaway databases

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createDatabase(name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  await withAdmin((c) => c.query(`create database ${name}`));
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
}

// ---------------------------------------------------------------------------------------------------------
// Fault experiments: where the server under test keeps its data, and the run that always cleans up

/** Where a server under test keeps its data: a folder for PGlite, or a throwaway PostgreSQL database. */
export interface Backend {
  name: string;
  env: Record<string, string>;
}

export interface Scratch {
  pglite(): Backend;
  /** Creates the throwaway database on first use; every later call shares it. */
  postgres(): Promise<Backend>;
  cleanup(): Promise<void>;
}

/** A temporary folder and (on demand) a PostgreSQL database, removed at the end, on Ctrl-C or on failure. */
export function createScratch(): Scratch {
  const tmp = mkdtempSync(path.join(tmpdir(), 'og-fault-'));
  const dbName = `og_fault_${process.pid}_${Date.now().toString(36)}`;
  const common = { JWT_SECRET: randomBytes(32).toString('hex'), RATE_LIMIT_FACTOR: '10000' };
  let postgres: Promise<Backend> | undefined;
  let dbCreated = false;
  const cleanup = async () => {
    killAllChildren();
    if (dbCreated) {
      await dropDatabase(dbName).catch((error: unknown) => log(`  could not drop ${dbName}: ${String(error)}`));
      dbCreated = false;
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }
  return {
    pglite: () => ({ name: 'PGlite', env: { DATA_DIR: path.join(tmp, 'pglite'), ...common } }),
    postgres() {
      postgres ??= createDatabase(dbName).then((url) => {
        dbCreated = true;
        log(`\nPostgreSQL database ${dbName} created`);
        return { name: 'PostgreSQL', env: { DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: url, ...common } };
      });
      return postgres;
    },
    cleanup,
  };
}

/**
 * Runs an experiment in a fresh scratch space, cleans up whatever happens, then prints the summary
 * (`report` says whether the figures pass) and sets the exit code.
 */
export async function runExperiment(run: (scratch: Scratch) => Promise<void>, report: () => boolean): Promise<void> {
  const started = Date.now();
  const scratch = createScratch();
  let failed = false;
  try {
    await run(scratch);
  } catch (error) {
    failed = true;
    console.error(`\nFAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await scratch.cleanup();
  }
  log('\n== Summary ==');
  const ok = report() && !failed;
  log(`\n${ok ? 'PASS' : 'FAIL'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = ok ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------------------
// Figures and the command line

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export function parseFlags<T extends Record<string, number | string | boolean>>(argv: string[], defaults: T, usage: string): T {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(`Usage: ${usage}`);
    process.exit(0);
  }
  const out: Record<string, number | string | boolean> = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const key = flag.replace(/^--/, '');
    if (!flag.startsWith('--') || !(key in defaults)) throw new Error(`Usage: ${usage} (unknown: ${flag})`);
    const current = defaults[key];
    if (typeof current === 'boolean') {
      out[key] = true;
      continue;
    }
    const raw = argv[++i];
    if (raw === undefined) throw new Error(`Usage: ${usage} (${flag} needs a value)`);
    if (typeof current === 'number') {
      const n = Number(raw);
      if (!Number.isFinite(n) || n < 0) throw new Error(`Usage: ${usage} (bad ${flag} ${raw})`);
      out[key] = n;
    } else out[key] = raw;
  }
  return out as T;
}

/** True in the script node was asked to run, false when another script imports it. */
export function isEntryPoint(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;
}
