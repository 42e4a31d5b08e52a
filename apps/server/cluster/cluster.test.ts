// Several API processes, one truth (docs/decisions/008, docs/decisions/011). Two real server processes on one
// PostgreSQL database, one Redis and one S3-compatible store (s3rver on loopback), behind a round-robin proxy on
// loopback. Runs in `npm test` when PostgreSQL (127.0.0.1:5432, or CLUSTER_DATABASE_URL) and Redis (127.0.0.1:6379, or
// CLUSTER_REDIS_URL) answer; otherwise it is skipped and says why.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoundRobinProxy, startRoundRobinProxy } from '../scripts/round-robin-proxy.ts';
import { startTestS3, type TestS3 } from '../src/modules/images/s3-test-server.ts';
import { createDatabase, dropDatabase, type ServerChild, startServer } from '../scripts/support.ts';
import { connectSse } from '../src/test/sse.ts';

const PG_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const missing = [
  !(await answers(PG_URL)) && `PostgreSQL at ${new URL(PG_URL).host}`,
  !(await answers(REDIS_URL)) && `Redis at ${new URL(REDIS_URL).host}`,
].filter(Boolean);
const skipReason = missing.length ? `skipped: ${missing.join(' and ')} did not answer` : '';
if (skipReason) console.warn(`[cluster] multi-process test ${skipReason}`);

/** This run's client address as the proxy reports it: budgets keyed by address start fresh on every run. */
const CLIENT_IP = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;
const BUCKET = 'olden-cluster-test';
const PASSWORD = 'Loom#Ridge48';

interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A call to one process (or the proxy), from this run's client address. */
async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; cookie?: string; body?: unknown; raw?: { data: Buffer; type: string } } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': CLIENT_IP };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let body: RequestInit['body'];
  if (options.raw) {
    headers['content-type'] = options.raw.type;
    body = new Uint8Array(options.raw.data);
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(base + url, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (an image)
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

interface Account {
  id: string;
  email: string;
  cookie: string;
  token: string;
}

async function register(base: string, name: string, signInThrough = base): Promise<Account> {
  const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@cluster.example.com`;
  const reg = await call(base, 'POST', '/api/auth/register', {
    body: { name, email, password: PASSWORD, photoURL: 'https://images.example.com/a.png' },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const login = await call(signInThrough, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const jwt = await call<{ token: string }>(signInThrough, 'POST', '/api/jwt', { cookie, body: { email } });
  expect(jwt.status).toBe(200);
  const session = await call<{ user: { _id: string } }>(signInThrough, 'GET', '/api/auth/session', { cookie });
  return { id: session.body.user._id, email, cookie, token: jwt.body.token };
}

function listing(name: string, image = 'https://images.example.com/x.jpg') {
  return {
    image1: image,
    image2: image,
    image3: image,
    image4: image,
    name,
    age: 24,
    date: '2024-05-01',
    category: 'homeAndLiving',
    shortDescription: 'A listing made by the multi-process test',
    longDescription: 'Made through one API process and read through the other, to prove they share one truth.',
    price: '25',
    uploaderPhone: '07700 900123',
    uploaderLocation: 'Leeds',
  };
}

function multipartImage(data: Buffer) {
  const boundary = `----cluster-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { data: payload, type: `multipart/form-data; boundary=${boundary}` };
}

describe.skipIf(Boolean(skipReason))('two API processes on one PostgreSQL, Redis and S3 store', () => {
  const dbName = `og_cluster_${process.pid}_${Date.now().toString(36)}`;
  const dataDirs: string[] = [];
  let databaseUrl = '';
  let s3: TestS3 | undefined;
  let a: ServerChild;
  let b: ServerChild;
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    databaseUrl = await createDatabase(dbName);
    s3 = await startTestS3(BUCKET);
    const store = s3.env;
    const env = () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'og-cluster-data-'));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        DATA_DIR: dataDir,
        JWT_SECRET: 'cluster-test-secret-0123456789abcdef0123456789',
        TRUST_PROXY: '1',
        ...store,
        PUBLIC_URL: 'http://127.0.0.1:9',
      };
    };
    // Both start at once on an empty database: both try to migrate.
    [a, b] = await Promise.all([startServer({ env: env(), readyTimeoutMs: 60_000 }), startServer({ env: env(), readyTimeoutMs: 60_000 })]);
    proxy = await startRoundRobinProxy([a.base, b.base], { clientIp: () => CLIENT_IP });
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await dropDatabase(dbName).catch(() => {});
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('migrations started by both processes at once ran once', async () => {
    const journal = JSON.parse(readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string; distinct_hashes: string }>(
        'select count(*) as n, count(distinct hash) as distinct_hashes from drizzle.__drizzle_migrations',
      );
      expect(Number(rows[0]!.n)).toBe(journal.entries.length);
      expect(Number(rows[0]!.distinct_hashes)).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
    expect((await call(a.base, 'GET', '/api/health')).status).toBe(200);
    expect((await call(b.base, 'GET', '/api/health')).status).toBe(200);
  });

  it('a session signed in through one process acts through the other', async () => {
    const seller = await register(a.base, 'Sally', a.base);
    const session = await call<{ user: { email: string } }>(b.base, 'GET', '/api/auth/session', { cookie: seller.cookie });
    expect(session.body.user.email).toBe(seller.email);
    const created = await call<{ insertedId: string }>(b.base, 'POST', '/api/products', { token: seller.token, body: listing('Brass lamp through B') });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const read = await call<{ name: string }>(a.base, 'GET', `/api/products/${created.body.insertedId}`);
    expect(read.body.name).toBe('Brass lamp through B');
  });

  it('a photo uploaded through one process is served by the other', async () => {
    const user = await register(a.base, 'Pat');
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c08040' } }).png().toBuffer();
    const uploaded = await call<{ data: { display_url: string } }>(a.base, 'POST', '/api/images', { token: user.token, raw: multipartImage(png) });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const url = new URL(uploaded.body.data.display_url, a.base);
    const served = await fetch(`${b.base}${url.pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });

  it('a ban through one process refuses the user on the other at once', async () => {
    const admin = await register(a.base, 'Ada');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("update users set role = 'admin' where id = $1", [admin.id]);
    await client.end();
    const user = await register(a.base, 'Mallory');
    expect((await call(b.base, 'GET', `/api/buyerProduct?buyerEmail=${encodeURIComponent(user.email)}`, { token: user.token })).status).toBe(200);
    const ban = await call(a.base, 'DELETE', `/api/users/${user.id}`, { token: admin.token });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    const after = await call(b.base, 'GET', `/api/buyerProduct?buyerEmail=${encodeURIComponent(user.email)}`, { token: user.token });
    expect(after.status).toBe(401);
    expect((await call<{ user: unknown }>(b.base, 'GET', '/api/auth/session', { cookie: user.cookie })).body.user).toBeNull();
  });

  it('the failed-login budget is shared: failures spread over both processes hit 429', async () => {
    const victim = await register(a.base, 'Lena');
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      // Through the proxy: the failures alternate between the two processes.
      const res = await call(proxy.base, 'POST', '/api/auth/login', { body: { email: victim.email, password: `wrong-${i}` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401), statuses.join(',')).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429), statuses.join(',')).toBe(true);
    // Both processes took part.
    expect(proxy.counts.every((n) => n >= 7)).toBe(true);
  });

  it('a live event raised on one process reaches a client connected to the other', async () => {
    const seller = await register(a.base, 'Sam');
    const buyer = await register(b.base, 'Bea');
    const product = await call<{ insertedId: string }>(a.base, 'POST', '/api/products', { token: seller.token, body: listing('Oak chair for the cluster') });
    const request = await call<{ insertedId: string }>(b.base, 'POST', '/api/buyerProduct', {
      token: buyer.token,
      body: { productId: product.body.insertedId, phoneNumber: '07700 900456', buyerAddress: '1 Test Street, Leeds' },
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    const requestId = request.body.insertedId;
    // The buyer listens on B; the seller writes through A.
    const stream = await connectSse(`${b.base}/api/events`, { cookie: buyer.cookie, 'x-forwarded-for': CLIENT_IP });
    try {
      await stream.next('summary');
      const posted = await call<{ createdAt: string }>(a.base, 'POST', `/api/buyerProduct/${requestId}/messages`, { token: seller.token, body: { text: 'Hello from A' } });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      const event = await stream.next('message');
      // Within a second of A storing it (its createdAt; one machine, one clock).
      expect(event.at - Date.parse(posted.body.createdAt)).toBeLessThan(1000);
      expect((event.data as { message: { text: string } }).message.text).toBe('Hello from A');
      // The buyer's badge: one unread message (a summary event that says so arrives).
      const summary = await stream.next('summary', { where: (d) => (d as { unreadMessages: number }).unreadMessages === 1 });
      expect(summary.data).toMatchObject({ cartCount: 1, unreadMessages: 1 });
    } finally {
      stream.close();
    }
  });
});
