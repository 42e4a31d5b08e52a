// PGlite runs queries synchronously on the main thread: a queue of queries must still let the event loop
// read new requests in between (under 100 connections, most connections used to get no reply within 10 s).
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
}, 120_000); // initdb in WebAssembly takes seconds, more on a busy machine
afterAll(() => database.close());

describe('PGlite client', () => {
  it('yields to the event loop between queued queries, so I/O is not starved', async () => {
    const total = 200;
    let done = 0;
    let doneWhenIoRan = -1;
    const queries = Array.from({ length: total }, () => database.db.execute(sql`select 1`).then(() => done++));
    setImmediate(() => (doneWhenIoRan = done)); // runs right after the event loop's I/O phase
    await Promise.all(queries);
    expect(done).toBe(total);
    expect(doneWhenIoRan).toBeGreaterThanOrEqual(0);
    expect(doneWhenIoRan).toBeLessThan(total);
  });

  it('still runs queries and transactions in order, one at a time', async () => {
    await database.db.execute(sql`create temporary table seq (n int)`);
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into seq values (${n})`);
        }),
      ),
    );
    const { rows } = (await database.db.execute(sql`select n from seq order by n`)) as unknown as { rows: { n: number }[] };
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });
});

describe('once closed', () => {
  it('the job queue\'s statements (executeSql) answer no rows instead of throwing; drizzle\'s still throw', async () => {
    const own = await openDatabase({});
    expect((await own.executeSql('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
    await own.close();
    await expect(own.executeSql('select 1 as one', [])).resolves.toEqual({ rows: [] });
    await expect(own.executeSql('select 1; select 2')).resolves.toEqual({ rows: [] });
    await expect(own.db.execute(sql`select 1`)).rejects.toThrow();
  }, 120_000);

  it('a job finished after the close (pg-boss complete and fail) resolves with nothing affected instead of a TypeError', async () => {
    const own = await openDatabase(process.env.TEST_DATABASE_URL ? { databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 2 } : {});
    const schema = `pgboss_closed_${Date.now().toString(36)}`;
    const boss = new PgBoss({ db: own as unknown as PgBoss.Db, schema, supervise: false, schedule: false });
    boss.on('error', () => {});
    await boss.start();
    await boss.createQueue('late');
    const id = (await boss.send('late', {}))!;
    await own.executeSql(`drop schema if exists ${schema} cascade`).catch(() => {});
    await own.close();
    // As a job handler that outlived the queue's stop: its completion or failure is reported on a closed database.
    await expect(boss.fail('late', id, new Error('late'))).resolves.toMatchObject({ affected: 0 });
    await expect(boss.complete('late', id)).resolves.toMatchObject({ affected: 0 });
    await boss.stop({ graceful: false, wait: false }).catch(() => {});
  }, 120_000);
});

// No query may hold a PostgreSQL connection for minutes.
describe('statement_timeout', () => {
  const firstRow = async (on: Database, query: ReturnType<typeof sql>) =>
    ((await on.db.execute(query)) as unknown as { rows: unknown[] }).rows[0];
  const baseUrl = process.env.TEST_DATABASE_URL;

  it.skipIf(!baseUrl)('PostgreSQL: a statement running past statementTimeoutMs is cancelled with 57014', async () => {
    const { pgCode } = await import('../lib/pg-errors.ts');
    const bounded = await openDatabase({ databaseUrl: baseUrl, poolSize: 1, statementTimeoutMs: 200 });
    try {
      expect(await firstRow(bounded, sql`show statement_timeout`)).toEqual({ statement_timeout: '200ms' });
      const started = Date.now();
      const error = await bounded.db.execute(sql`select pg_sleep(3)`).then(() => undefined, (e: unknown) => e);
      expect(pgCode(error)).toBe('57014');
      expect(Date.now() - started).toBeLessThan(2500);
      // The connection is still good for the next query.
      expect(await firstRow(bounded, sql`select 1 as one`)).toEqual({ one: 1 });
      // The bound is a connection default: RESET after the migrator's SET brings it back (one pooled connection).
      await bounded.db.execute(sql`set statement_timeout = 0`);
      await bounded.db.execute(sql`reset statement_timeout`);
      expect(await firstRow(bounded, sql`show statement_timeout`)).toEqual({ statement_timeout: '200ms' });
    } finally {
      await bounded.close();
    }
  });

  it.skipIf(!baseUrl)('PostgreSQL: 0 or unset means no bound', async () => {
    const unbounded = await openDatabase({ databaseUrl: baseUrl, poolSize: 1, statementTimeoutMs: 0 });
    try {
      expect(await firstRow(unbounded, sql`show statement_timeout`)).toEqual({ statement_timeout: '0' });
    } finally {
      await unbounded.close();
    }
  });

  it('PGlite: not set, because PGlite accepts the setting but never cancels a statement', async () => {
    const bounded = await openDatabase({ statementTimeoutMs: 50 });
    try {
      expect(await firstRow(bounded, sql`show statement_timeout`)).toEqual({ statement_timeout: '0' });
      // What the comment in client.ts says: set by hand, the setting shows but a longer statement still completes.
      await bounded.db.execute(sql`set statement_timeout = 50`);
      await expect(bounded.db.execute(sql`select pg_sleep(0.2)`)).resolves.toBeDefined();
    } finally {
      await bounded.close();
    }
  }, 120_000);
});
