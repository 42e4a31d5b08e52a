// The job queue (lib/jobs.ts) on the test's database, PGlite or PostgreSQL: jobs run once, when due, inside a
// transaction only if it commits, again after a failure, and again after their process died mid-run; a mail sent by
// a job is sent once however often the job runs (lib/mail.ts sendOnce).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { headersOf, startSmtp, type TestSmtp } from '../test/smtp.ts';
import { createJobs, type Jobs, positionalSql } from './jobs.ts';

let t: TestApp;
let smtp: TestSmtp;
const extra: Jobs[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_POLL_MS: '500', JOB_EXPIRE_SECONDS: '2' });
  await t.app.ready();
});
afterAll(async () => {
  for (const jobs of extra) await jobs.stop(1000);
  await t?.close();
  await smtp?.close();
});

/** Another process's queue on the same database (PGlite: the same embedded database, a queue of its own). */
function anotherProcess(): Jobs {
  const jobs = createJobs(t.database, { pollMs: 500, expireSeconds: 2 }, t.app.log);
  extra.push(jobs);
  return jobs;
}

describe('positionalSql', () => {
  it('turns $n parameters into drizzle parameters, in their order and repeated', async () => {
    const result = (await t.database.db.execute(positionalSql('select $2::int - $1::int as a, $1::int as b', [3, 10]))) as
      | { rows: unknown[] }
      | unknown[];
    expect((Array.isArray(result) ? result : result.rows)[0]).toEqual({ a: 7, b: 3 });
  });
});

describe('jobs', () => {
  it('a job runs once, and not before its startAfter', async () => {
    const a = anotherProcess();
    const b = anotherProcess();
    const runs: { by: string; at: number }[] = [];
    a.define<{ n: number }>('test.once', async () => void runs.push({ by: 'a', at: Date.now() }));
    b.define<{ n: number }>('test.once', async () => void runs.push({ by: 'b', at: Date.now() }));
    await Promise.all([a.start(), b.start()]);
    const sentAt = Date.now();
    await a.send('test.once', { n: 1 }, { startAfter: new Date(sentAt + 2000) });
    await expect.poll(() => runs.length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(runs[0]!.at - sentAt).toBeGreaterThanOrEqual(1900);
    // Both processes poll the same queue: the other never runs it too.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toHaveLength(1);
  });

  it('a queue with jobs waiting drains them one after another, not one per polling interval', async () => {
    // A slow poll: at one job per interval, 8 jobs would take 8 x 2 s.
    const jobs = createJobs(t.database, { pollMs: 2000, expireSeconds: 2 }, t.app.log);
    extra.push(jobs);
    const done: number[] = [];
    jobs.define<{ n: number }>('test.burst', async ({ n }) => void done.push(n));
    await jobs.start();
    const sentAt = Date.now();
    for (let n = 0; n < 8; n++) await jobs.send('test.burst', { n });
    await expect.poll(() => done.length, { timeout: 20_000, interval: 100 }).toBe(8);
    // The first fetch may wait up to one interval; the other seven follow at once.
    expect(Date.now() - sentAt).toBeLessThan(6000);
    expect(new Set(done).size).toBe(8);
  });

  it('a job sent in a transaction exists only if the transaction commits', async () => {
    const jobs = anotherProcess();
    const seen: string[] = [];
    jobs.define<{ tag: string }>('test.tx', async (data) => void seen.push(data.tag));
    await jobs.start();
    await t.database.db
      .transaction(async (tx) => {
        await jobs.send('test.tx', { tag: 'rolled back' }, { tx });
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => {
      await jobs.send('test.tx', { tag: 'committed' }, { tx });
    });
    await expect.poll(() => seen, { timeout: 10_000, interval: 100 }).toEqual(['committed']);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(seen).toEqual(['committed']);
  });

  it('a job whose handler throws is retried', async () => {
    const jobs = anotherProcess();
    const attempts: number[] = [];
    jobs.define('test.flaky', async (_data, job) => {
      attempts.push(job.retryCount);
      if (job.retryCount === 0) throw new Error('first run fails');
    });
    await jobs.start();
    await jobs.send('test.flaky', {});
    await expect.poll(() => attempts, { timeout: 30_000, interval: 200 }).toEqual([0, 1]);
  });

  it('a run that never finishes (hung, or its process gone) is failed after JOB_EXPIRE_SECONDS and run again', async () => {
    const jobs = anotherProcess();
    const runs: number[] = [];
    jobs.define('test.hung', (_data, job) => {
      runs.push(job.retryCount);
      return job.retryCount === 0 ? new Promise<void>(() => {}) : Promise.resolve();
    });
    await jobs.start();
    await jobs.send('test.hung', {});
    await expect.poll(() => runs, { timeout: 30_000, interval: 200 }).toEqual([0, 1]);
  }, 40_000);

  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  it.skipIf(!onPostgres)('a job whose process is killed (SIGKILL) mid-run is run by another process (PostgreSQL: PGlite has one process)', async () => {
    const url = t.databaseUrl!;
    const alive = anotherProcess();
    const runs: string[] = [];
    alive.define('test.kill', async () => void runs.push('alive'));
    // The child queues the job and is the only one polling until it has taken it.
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../test/job-child.ts', import.meta.url))], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const took = new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('took') && resolve()));
      await took;
      child.kill('SIGKILL');
      await alive.start();
      await expect.poll(() => runs, { timeout: 40_000, interval: 200 }).toEqual(['alive']);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  it('refuses an undefined job name, and a definition after the start', async () => {
    await expect(t.services.jobs.send('test.nobody', {})).rejects.toThrow(/not defined/);
    expect(() => t.services.jobs.define('test.late', async () => {})).toThrow(/after the queue started/);
  });
});

describe('mailer.sendOnce', () => {
  it('sends a mail once per key however often it is asked, with a Message-ID made from the key', async () => {
    const to = `once-${Date.now()}@test.example`;
    const mail = { to, subject: 'Once', text: 'only once' };
    const results = await Promise.all([1, 2, 3].map(() => t.services.mailer.sendOnce('test:once:1', mail)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.services.mailer.sendOnce('test:once:1', mail)).toBe(false);
    await expect.poll(() => smtp.to(to).length, { timeout: 5000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(to)).toHaveLength(1);
    const messageId = headersOf(smtp.to(to)[0]!.raw).get('message-id');
    expect(messageId).toMatch(/^<[0-9a-f]{32}@localhost>$/);
    // Another key is another mail.
    expect(await t.services.mailer.sendOnce('test:once:2', mail)).toBe(true);
    await expect.poll(() => smtp.to(to).length, { timeout: 5000 }).toBe(2);
  });

  it('gives the key back when the send fails, so the retry sends it', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const mail = { to: 'nobody@test.example', subject: 'x', text: 'x' };
      await expect(down.services.mailer.sendOnce('test:down', mail)).rejects.toThrow();
      const rows = await down.database.executeSql(`select key from mail_deliveries where key = 'test:down'`);
      expect(rows.rows).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
