// The database going away under a running app (what `npm run fault:crash` measures with a real PostgreSQL stop):
// requests answer 503 with Retry-After quickly, never hang and never 500, and the app recovers by itself.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

const config = loadConfig(
  { NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent' },
  'test-secret-that-is-long-enough-0123456789',
);
const open: { app?: FastifyInstance; database?: Database; servers: net.Server[]; sockets: Set<net.Socket> } = {
  servers: [],
  sockets: new Set(),
};

afterEach(async () => {
  await open.app?.close();
  await open.database?.close().catch(() => {});
  open.app = undefined;
  open.database = undefined;
  for (const s of open.sockets) s.destroy();
  open.sockets.clear();
  await Promise.all(open.servers.map((s) => new Promise((resolve) => s.close(resolve))));
  open.servers = [];
});

async function listen(handler: (socket: net.Socket) => void, port = 0): Promise<net.Server> {
  const server = net.createServer((socket) => {
    open.sockets.add(socket);
    socket.once('close', () => open.sockets.delete(socket));
    handler(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  open.servers.push(server);
  return server;
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

async function appOn(database: Database) {
  open.database = database;
  open.app = await buildApp({ config, database });
  return open.app;
}

async function timed(app: FastifyInstance, url: string) {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url });
  return { res, ms: performance.now() - started };
}

function expect503(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
}

describe('database outage', () => {
  it('PostgreSQL refusing connections: 503 with Retry-After at once', async () => {
    const closed = await listen(() => {});
    const port = portOf(closed);
    await new Promise((resolve) => closed.close(resolve)); // nothing listens on this port any more
    const app = await appOn(await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none` }));
    for (const url of ['/api/health', '/api/products', '/api/category', `/api/products/${'0'.repeat(32)}`]) {
      const { res, ms } = await timed(app, url);
      expect503(res);
      expect(ms).toBeLessThan(1000);
    }
    // Liveness is not the database's: the process is alive, and restarting it would not help.
    const live = await timed(app, '/api/live');
    expect([live.res.statusCode, live.res.json()]).toEqual([200, { ok: true }]);
  });

  it('PostgreSQL host that accepts but never answers: 503 within the pool connection timeout, no hang', async () => {
    const blackHole = await listen(() => {}); // accepts the TCP connection, never speaks
    const app = await appOn(await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${portOf(blackHole)}/none` }));
    const { res, ms } = await timed(app, '/api/products');
    expect503(res);
    expect(ms).toBeLessThan(7000);
    // Liveness answers at once: it never waits for a database that does not answer.
    const live = await timed(app, '/api/live');
    expect(live.res.statusCode).toBe(200);
    expect(live.ms).toBeLessThan(1000);
  });

  it('PGlite closed under the app: 503, not 500', async () => {
    // No migration needed: the closed client fails before any table is looked up.
    const database = await openDatabase({});
    const app = await appOn(database);
    await database.close();
    expect503((await timed(app, '/api/products')).res);
    expect503((await timed(app, '/api/health')).res);
  }, 120_000); // creating a PGlite instance (initdb in WebAssembly) takes seconds, more on a busy machine

  // A proxy in front of the test PostgreSQL stands in for stopping it: connections are cut and refused, then allowed again.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL going away and coming back: 503 while down, 200 again within 10 s without a restart',
    async () => {
      const target = new URL(process.env.TEST_DATABASE_URL!);
      const name = `og_outage_${randomBytes(4).toString('hex')}`;
      const admin = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
      const { sql } = await import('drizzle-orm');
      await admin.db.execute(sql.raw(`create database ${name}`));
      try {
        const forward = (socket: net.Socket) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          open.sockets.add(upstream);
          upstream.once('close', () => open.sockets.delete(upstream));
          socket.on('error', () => upstream.destroy());
          upstream.on('error', () => socket.destroy());
          socket.pipe(upstream).pipe(socket);
        };
        let proxy = await listen(forward);
        const port = portOf(proxy);
        const url = new URL(target.toString());
        url.port = String(port);
        url.pathname = `/${name}`;
        const database = await openDatabase({ databaseUrl: url.toString() });
        await database.migrate();
        const app = await appOn(database);
        expect((await app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);

        // Down: pooled connections are cut, new ones refused.
        await new Promise((resolve) => {
          proxy.close(resolve);
          for (const s of open.sockets) s.destroy();
        });
        open.servers = open.servers.filter((s) => s !== proxy);
        for (let i = 0; i < 5; i++) {
          const { res, ms } = await timed(app, '/api/products');
          expect503(res);
          expect(ms).toBeLessThan(1000);
        }

        // Back: the same app answers 200 again by itself.
        proxy = await listen(forward, port);
        const back = Date.now();
        let status = 0;
        while (Date.now() - back < 10_000) {
          status = (await app.inject({ method: 'GET', url: '/api/products' })).statusCode;
          if (status === 200) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe(200);
        expect(Date.now() - back).toBeLessThan(10_000);
      } finally {
        await open.app?.close();
        await open.database?.close().catch(() => {});
        open.app = undefined;
        open.database = undefined;
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
        await admin.close();
      }
    },
    120_000,
  );
});
