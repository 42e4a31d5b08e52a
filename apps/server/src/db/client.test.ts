// PGlite runs queries synchronously on the main thread: a queue of queries must still let the event loop
// read new requests in between (under 100 connections, most connections used to get no reply within 10 s).
import { sql } from 'drizzle-orm';
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
