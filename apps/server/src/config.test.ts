// Config: every bad value stops the boot with one line naming the variable. And the real server process:
// it boots on a data dir, answers, closes cleanly on SIGTERM, and the next boot finds everything in place.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, configWarnings, demoSeeding, isLoopbackHost, isLoopbackUrl, loadConfig, parseEnv } from './config.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const SLOW = 180_000;

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(env)}`);
}

describe('parseEnv', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['ADMIN_EMAILS', 'notanemail'],
    ['ADMIN_EMAILS', 'ok@test.example,notanemail'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://x'],
    ['MAIL_TO', 'nobody'],
    ['OIDC_ISSUER', 'ftp://issuer.example'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['REDIS_URL', 'http://x'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['RATE_LIMIT_FACTOR', '0'],
    ['SEED_DEMO', 'yes'],
    ['IMAGE_STORE', 'disk'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['S3_PUBLIC_URL', 'ftp://cdn.example'],
  ])('%s=%s throws a ConfigError: one line naming the variable', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid environment variable ${name}: \\S`));
    expect(error.message).not.toContain('\n');
  });

  it('names the first bad variable when several are bad', () => {
    const error = configErrorOf({ PORT: 'abc', JWT_SECRET: 'short' });
    expect(error.message.split('\n')).toHaveLength(1);
    expect(error.message).toMatch(/^Invalid environment variable (PORT|JWT_SECRET): /);
  });

  it('prices: CURRENCY and LOCALE default to USD and en-US, take any code and tag Intl knows, refuse the rest', () => {
    expect(loadConfig({}, 'x'.repeat(32)).priceFormat).toEqual({ currency: 'USD', locale: 'en-US' });
    expect(loadConfig({ CURRENCY: ' eur ', LOCALE: 'de-de' }, 'x'.repeat(32)).priceFormat).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(configErrorOf({ CURRENCY: 'EURO' }).message).toBe('Invalid environment variable CURRENCY: must be a three-letter ISO 4217 currency code, e.g. USD or EUR');
    expect(configErrorOf({ CURRENCY: '$' }).message).toMatch(/^Invalid environment variable CURRENCY: /);
    expect(configErrorOf({ LOCALE: 'en_US!' }).message).toBe('Invalid environment variable LOCALE: must be a BCP 47 locale tag, e.g. en-US or de-DE');
    expect(configErrorOf({ LOCALE: 'en-US"><script>' }).message).toMatch(/^Invalid environment variable LOCALE: /);
  });

  it('every variable is optional, with the documented defaults', () => {
    const parsed = parseEnv({});
    expect(parsed).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_EMAILS: [],
      OIDC_ISSUER: 'https://accounts.google.com',
      CORS_ORIGINS: [],
      RATE_LIMIT_FACTOR: 1,
    });
    // SEED_DEMO unset is told apart from an explicit value: PUBLIC_URL decides (see demoSeeding).
    for (const unset of ['DATABASE_URL', 'JWT_SECRET', 'OIDC_CLIENT_ID', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL', 'SEED_DEMO'] as const) {
      expect(parsed[unset], unset).toBeUndefined();
    }
    expect(loadConfig({}, 'x'.repeat(32)).publicUrl).toBe('http://localhost:3000');
  });

  it('reads good values: admin list lower-cased and trimmed, URLs kept, PUBLIC_URL without its trailing slash', () => {
    const env = {
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db.example:5432/olden',
      ADMIN_EMAILS: ' Root@Test.Example , second@test.example ,',
      JWT_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      OIDC_ISSUER: 'http://127.0.0.1:9999',
      PUBLIC_URL: 'https://shop.example/',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    };
    const config = loadConfig(env, env.JWT_SECRET);
    expect(config).toMatchObject({
      PORT: 8080,
      ADMIN_EMAILS: ['root@test.example', 'second@test.example'],
      OIDC_ISSUER: 'http://127.0.0.1:9999',
      CORS_ORIGINS: ['https://a.example', 'https://b.example'],
      publicUrl: 'https://shop.example',
      jwtSecret: env.JWT_SECRET,
    });
  });

  it('treats blank optional values as unset', () => {
    const parsed = parseEnv({ DATABASE_URL: '  ', SMTP_URL: '', JWT_SECRET: '' });
    expect([parsed.DATABASE_URL, parsed.SMTP_URL, parsed.JWT_SECRET]).toEqual([undefined, undefined, undefined]);
  });

  it('a blank PORT or HOST takes the default, not port 0 or an error', () => {
    const parsed = parseEnv({ PORT: '', HOST: ' ' });
    expect([parsed.PORT, parsed.HOST]).toEqual([3000, '127.0.0.1']);
  });

  it('a value with a newline still fails on one line', () => {
    expect(() => parseEnv({ PORT: 'ab\nc' })).toThrow(/^Invalid environment variable PORT: [^\n]*$/);
  });

  it('demo data: seeded on a loopback PUBLIC_URL (or none) or with SEED_DEMO=true; elsewhere only when asked, saying why', () => {
    const decide = (env: Record<string, string>) => demoSeeding(loadConfig(env, 'x'.repeat(32)));
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080/', 'http://127.1.2.3', 'http://[::1]:3000', 'http://shop.localhost']) {
      expect(isLoopbackUrl(url), url).toBe(true);
      expect(decide({ PUBLIC_URL: url }).seed, url).toBe(true);
    }
    expect(decide({})).toEqual({ seed: true, reason: 'PUBLIC_URL is unset (localhost)' });
    for (const url of ['https://shop.example', 'http://10.0.0.5:3000', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'http://0.0.0.0:3000']) {
      expect(isLoopbackUrl(url), url).toBe(false);
      const decision = decide({ PUBLIC_URL: url });
      expect(decision.seed, url).toBe(false);
      expect(decision.reason).toMatch(/is not a loopback address.*SEED_DEMO=true/);
    }
    expect(decide({ PUBLIC_URL: 'https://shop.example', SEED_DEMO: 'true' })).toEqual({ seed: true, reason: 'SEED_DEMO=true' });
    expect(decide({ SEED_DEMO: 'false' })).toEqual({ seed: false, reason: 'SEED_DEMO=false' });
    expect(() => parseEnv({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('demo data: a server listening beyond loopback (a container\'s HOST=0.0.0.0) seeds none unless SEED_DEMO=true, whatever PUBLIC_URL says', () => {
    const decide = (env: Record<string, string>) => demoSeeding(loadConfig(env, 'x'.repeat(32)));
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(decide({ HOST: host }).seed, host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'fe80::1', 'shop.example', 'localhost.evil.example']) {
      expect(isLoopbackHost(host), host).toBe(false);
      for (const env of [{ HOST: host }, { HOST: host, PUBLIC_URL: 'http://localhost:3000' }] as Record<string, string>[]) {
        const decision = decide(env);
        expect(decision.seed, JSON.stringify(env)).toBe(false);
        expect(decision.reason).toBe(`HOST ${host} is not a loopback address, and the demo accounts' passwords are public: set SEED_DEMO=true to seed them anyway`);
      }
      expect(decide({ HOST: host, SEED_DEMO: 'true' })).toEqual({ seed: true, reason: 'SEED_DEMO=true' });
    }
  });

  it('a HOST beyond loopback without PUBLIC_URL is warned about (links would say localhost); with PUBLIC_URL, or on loopback, nothing', () => {
    const warnings = (env: Record<string, string>) => configWarnings(loadConfig(env, 'x'.repeat(32)));
    expect(warnings({ HOST: '0.0.0.0' })).toEqual([
      'HOST 0.0.0.0 listens beyond this machine but PUBLIC_URL is unset: links in mails, sign-in redirects and the site\'s own address say http://localhost:3000; set PUBLIC_URL to the address people use',
    ]);
    expect(warnings({ HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example' })).toEqual([]);
    expect(warnings({})).toEqual([]);
    expect(warnings({ HOST: '::1' })).toEqual([]);
  });

  it('TRUST_PROXY: off by default, a hop count, or the proxies\' addresses and CIDR ranges (IPv4 and IPv6)', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: ' 2 ' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8 ,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('TRUST_PROXY=true is refused at boot, on one line saying what to write instead', () => {
    expect(configErrorOf({ TRUST_PROXY: 'true' }).message).toBe(
      'Invalid environment variable TRUST_PROXY: TRUST_PROXY=true trusts any client-written X-Forwarded-For: give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
    expect(configErrorOf({ TRUST_PROXY: 'TRUE' }).message).toMatch(/e\.g\. 1\) or their addresses/);
  });

  it.each(['yes', '-1', '1.5', '21', '10.0.0.0/33', 'fd00::/129', '10.0.0.256', '10.0.0.0/8/1', 'proxy.example', '10.0.0.1,,nope', ','])(
    'TRUST_PROXY=%s is refused on one line',
    (value) => {
      const error = configErrorOf({ TRUST_PROXY: value });
      expect(error.message).toMatch(/^Invalid environment variable TRUST_PROXY: [^\n]+$/);
    },
  );

  it('IMAGE_STORE: the folder by default; s3 needs S3_BUCKET, and both keys or neither (one line naming what is missing)', () => {
    expect(parseEnv({})).toMatchObject({ IMAGE_STORE: 'fs', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    for (const unset of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const) {
      expect(parseEnv({})[unset], unset).toBeUndefined();
    }
    // The S3_* rows are read only for IMAGE_STORE=s3: a folder store ignores a half-written S3 block.
    expect(parseEnv({ S3_ACCESS_KEY_ID: 'only-one' }).IMAGE_STORE).toBe('fs');
    const s3 = {
      IMAGE_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'olden-photos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.olden.example/photos/',
    };
    expect(parseEnv(s3)).toMatchObject({ ...s3, S3_FORCE_PATH_STYLE: true, S3_PUBLIC_URL: 'https://cdn.olden.example/photos' });
    expect(parseEnv({ IMAGE_STORE: 's3', S3_BUCKET: 'b' }).S3_ACCESS_KEY_ID).toBeUndefined();
    expect(configErrorOf({ IMAGE_STORE: 's3' }).message).toBe('Invalid environment variable S3_BUCKET: is required when IMAGE_STORE=s3');
    expect(configErrorOf({ IMAGE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }).message).toMatch(
      /^Invalid environment variable S3_SECRET_ACCESS_KEY: give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither$/,
    );
    expect(configErrorOf({ IMAGE_STORE: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 's' }).message).toMatch(
      /^Invalid environment variable S3_ACCESS_KEY_ID: /,
    );
  });

  it('STATEMENT_TIMEOUT_MS: 5 s by default, 0 disables, anything else must be whole milliseconds', () => {
    expect(parseEnv({}).STATEMENT_TIMEOUT_MS).toBe(5000);
    expect(parseEnv({ STATEMENT_TIMEOUT_MS: '0' }).STATEMENT_TIMEOUT_MS).toBe(0);
    expect(parseEnv({ STATEMENT_TIMEOUT_MS: '250' }).STATEMENT_TIMEOUT_MS).toBe(250);
    for (const value of ['-1', '1.5', 'soon']) {
      expect(configErrorOf({ STATEMENT_TIMEOUT_MS: value }).message).toMatch(/^Invalid environment variable STATEMENT_TIMEOUT_MS: /);
    }
  });

  it('account windows: the documented defaults, fractions taken (a test or an operator shortens them), zero or words refused', () => {
    expect(parseEnv({})).toMatchObject({
      EMAIL_CHANGE_HOURS: 24,
      TWO_FACTOR_CHALLENGE_MINUTES: 5,
      PASSKEY_CHALLENGE_MINUTES: 5,
      REAUTH_MINUTES: 10,
      ACCOUNT_EXPORT_MINUTES: 60,
    });
    expect(parseEnv({ EMAIL_CHANGE_HOURS: '0.5', REAUTH_MINUTES: '0.05' })).toMatchObject({ EMAIL_CHANGE_HOURS: 0.5, REAUTH_MINUTES: 0.05 });
    for (const name of ['EMAIL_CHANGE_HOURS', 'TWO_FACTOR_CHALLENGE_MINUTES', 'PASSKEY_CHALLENGE_MINUTES', 'REAUTH_MINUTES', 'ACCOUNT_EXPORT_MINUTES']) {
      for (const value of ['0', '-1', 'soon']) {
        expect(configErrorOf({ [name]: value }).message).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
      }
    }
  });
});

// ---- the real server process -------------------------------------------------------------------------

interface Proc {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string | undefined>): Proc {
  const childEnv: Record<string, string> = {};
  const merged = { ...process.env, DATABASE_URL: undefined, JWT_SECRET: undefined, ADMIN_EMAILS: undefined, ...env };
  for (const [k, v] of Object.entries(merged)) if (v !== undefined) childEnv[k] = v;
  // Node itself with tsx's loader, as production runs node itself: a signal reaches the server's own handler. The tsx
  // command relays a signal only if the child answers within 60 ms, and SIGKILLs it otherwise, which a server whose
  // event loop is busy for a moment (the gazetteer's first load) cannot promise.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: ROOT, env: childEnv });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function listeningUrl(proc: Proc, timeoutMs = 120_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(proc.stdout());
    if (match) return match[1]!;
    if (proc.child.exitCode !== null) throw new Error(`server exited early: ${proc.stderr()}${proc.stdout()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.child.kill('SIGKILL');
  throw new Error(`server did not start: ${proc.stderr()}${proc.stdout()}`);
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('server.ts', () => {
  it('PORT=abc: exits 1 printing exactly one line that names PORT', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'og-boot-'));
    dirs.push(dataDir);
    const proc = startServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await proc.exited).toBe(1);
    const output = `${proc.stdout()}${proc.stderr()}`.split('\n').filter((l) => l.trim() !== '');
    expect(output).toHaveLength(1);
    expect(output[0]).toMatch(/^Invalid environment variable PORT: /);
  }, SLOW);

  it('boots on a temp DATA_DIR, answers, closes cleanly on SIGTERM, and boots again on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'og-boot-'));
    dirs.push(dataDir);
    const env = { PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', RATE_LIMIT_FACTOR: '1' };
    const account = { name: 'Persisted', photoURL: 'https://img.test.example/p.png', email: 'persist@test.example', password: 'Ledger#Kite7' };

    const first = startServer(env);
    const url1 = await listeningUrl(first);
    expect(await (await fetch(`${url1}/api/health`)).json()).toEqual({ ok: true });
    const reg = await fetch(`${url1}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(reg.status).toBe(201);
    // The generated JWT secret is private to its owner; the data dir is locked while the server runs.
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.stdout()).toMatch(/"signal":"SIGTERM"/);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    const second = startServer(env);
    const url2 = await listeningUrl(second);
    try {
      expect((await fetch(`${url2}/api/health`)).status).toBe(200);
      // What the first process wrote survived its shutdown.
      const login = await fetch(`${url2}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(login.status).toBe(200);
      const categories = (await (await fetch(`${url2}/api/category`)).json()) as unknown[];
      expect(categories).toHaveLength(9);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    expect(second.stderr()).toBe('');
  }, SLOW);

  it('a public PUBLIC_URL without SEED_DEMO boots with no demo accounts, and the log says why', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'og-boot-'));
    dirs.push(dataDir);
    const proc = startServer({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', PUBLIC_URL: 'https://shop.example', SEED_DEMO: undefined });
    const url = await listeningUrl(proc);
    try {
      expect(proc.stdout()).toContain('no demo accounts or data: PUBLIC_URL https://shop.example is not a loopback address');
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin@1234' }),
      });
      expect(login.status).toBe(401);
      // The base data is there all the same.
      expect((await (await fetch(`${url}/api/category`)).json()) as unknown[]).toHaveLength(9);
    } finally {
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    }
  }, SLOW);

  it('the image\'s defaults (HOST=0.0.0.0, no PUBLIC_URL, no SEED_DEMO): no demo admin, and the log warns about PUBLIC_URL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'og-boot-'));
    dirs.push(dataDir);
    const proc = startServer({ PORT: '0', HOST: '0.0.0.0', DATA_DIR: dataDir, LOG_LEVEL: 'info', PUBLIC_URL: undefined, SEED_DEMO: undefined });
    const url = await listeningUrl(proc);
    try {
      expect(proc.stdout()).toContain('"level":40');
      expect(proc.stdout()).toContain('HOST 0.0.0.0 listens beyond this machine but PUBLIC_URL is unset');
      expect(proc.stdout()).toContain('no demo accounts or data: HOST 0.0.0.0 is not a loopback address');
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin@1234' }),
      });
      expect(login.status).toBe(401);
    } finally {
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    }
  }, SLOW);

  it('a second server on a data dir in use refuses to start, with one clear line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'og-boot-'));
    dirs.push(dataDir);
    const env = { PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
    const first = startServer({ ...env, LOG_LEVEL: 'info' });
    await listeningUrl(first);
    try {
      const second = startServer(env);
      expect(await second.exited).toBe(1);
      const output = second.stderr().split('\n').filter((l) => l.trim() !== '');
      expect(output).toHaveLength(1);
      expect(output[0]).toMatch(/^Another process \(pid \d+\) is using .*stop it first, or set DATABASE_URL\.$/);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
  }, SLOW);
});
