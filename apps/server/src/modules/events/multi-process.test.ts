// Live events across processes: two real server processes (node --import tsx server.ts) on one fresh
// PostgreSQL database; a stream held by process B hears a message posted through process A (LISTEN/NOTIFY).
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; skipped (saying why)
// when it cannot be reached.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InsertedResponse, Message, MessageEvent, Summary } from '@olden/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyBody, call, listingBody, registerAccount, type ServerChild, startServer } from '../../../scripts/support.ts';
import { connectSse, type SseClient } from '../../test/sse.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const unreachable = await reachable();
if (unreachable) console.log(`multi-process.test: SKIPPED, PostgreSQL is not reachable at ${ADMIN_URL} (${unreachable})`);

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe.skipIf(Boolean(unreachable))('live events across two server processes on one PostgreSQL', () => {
  const dbName = `og_events_${randomBytes(5).toString('hex')}`;
  const dirs: string[] = [];
  const servers: ServerChild[] = [];
  const streams: SseClient[] = [];

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${dbName}`));
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      // Both processes sign and check the same tokens, as behind one load balancer.
      JWT_SECRET: randomBytes(32).toString('hex'),
      EVENTS_HEARTBEAT_MS: '1000',
      PUBLIC_URL: 'http://olden.test',
    };
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'og-events-'));
      dirs.push(dir);
      // One after the other: the second finds the schema migrated (the advisory lock would also serialise them).
      servers.push(await startServer({ env: { ...env, DATA_DIR: dir }, readyTimeoutMs: 90_000 }));
    }
  }, 180_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all(servers.map((s) => s.stop(5000)));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  }, 60_000);

  it('a message posted through A reaches the streams held by B within a second', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const tag = randomBytes(3).toString('hex');
    const seller = await registerAccount(a.base, `seller-${tag}@test.example`, 'Sam Seller');
    const buyer = await registerAccount(b.base, `buyer-${tag}@test.example`, 'Bea Buyer');
    const listing = await call<InsertedResponse>(a.base, 'POST', '/api/products', { token: seller.token, body: listingBody(1, tag) });
    expect(listing.status).toBe(200);
    const request = await call<InsertedResponse>(a.base, 'POST', '/api/buyerProduct', { token: buyer.token, body: buyBody(listing.body.insertedId!) });
    expect(request.status).toBe(200);
    const requestId = request.body.insertedId!;

    const sellerOnB = await connectSse(`${b.base}/api/events`, { authorization: `Bearer ${seller.token}` });
    const buyerOnB = await connectSse(`${b.base}/api/events`, { authorization: `Bearer ${buyer.token}` });
    streams.push(sellerOnB, buyerOnB);
    expect(sellerOnB.status).toBe(200);
    expect((await sellerOnB.next('summary', { timeoutMs: 5000 })).data).toEqual({ cartCount: 0, requestCount: 1, unreadMessages: 0 } satisfies Summary);
    await buyerOnB.next('summary', { timeoutMs: 5000 });

    const posted = await call<Message>(a.base, 'POST', `/api/buyerProduct/${requestId}/messages`, { token: buyer.token, body: { text: 'Hello from A' } });
    expect(posted.status).toBe(200);
    // Latency from the moment A stored the message (its createdAt; one machine, one clock) to B's push.
    const sent = Date.parse(posted.body.createdAt);
    for (const stream of [sellerOnB, buyerOnB]) {
      const e = await stream.next('message', { timeoutMs: 5000 });
      expect(e.data).toEqual({ requestId, message: posted.body } satisfies MessageEvent);
      expect(e.at - sent).toBeLessThan(1000);
    }
    const unread = await sellerOnB.next('summary', { timeoutMs: 5000, where: (d) => (d as Summary).unreadMessages === 1 });
    expect(unread.at - sent).toBeLessThan(1000);
    const seen = sellerOnB.events.find((e) => e.event === 'message')!.at - sent;
    console.log(`multi-process: stored through A, the message event on B after ${seen} ms, the summary after ${unread.at - sent} ms`);
    // And back: the seller answers through B, the buyer's stream on A hears it.
    const buyerOnA = await connectSse(`${a.base}/api/events`, { authorization: `Bearer ${buyer.token}` });
    streams.push(buyerOnA);
    await buyerOnA.next('summary', { timeoutMs: 5000 });
    await call(b.base, 'POST', `/api/buyerProduct/${requestId}/messages`, { token: seller.token, body: { text: 'Hello from B' } });
    const back = await buyerOnA.next('message', { timeoutMs: 5000 });
    expect((back.data as MessageEvent).message.text).toBe('Hello from B');
  }, 60_000);

  it('a graceful shutdown ends the open streams at once (clients reconnect elsewhere) instead of waiting on them', async () => {
    const b = servers[1]!;
    const user = await registerAccount(b.base, `leaver-${randomBytes(3).toString('hex')}@test.example`, 'Lee Leaver');
    const stream = await connectSse(`${b.base}/api/events`, { authorization: `Bearer ${user.token}` });
    streams.push(stream);
    await stream.next('summary', { timeoutMs: 5000 });
    const started = Date.now();
    b.kill('SIGTERM');
    await stream.ended;
    expect(await b.exited).toBe('code 0');
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);
});
