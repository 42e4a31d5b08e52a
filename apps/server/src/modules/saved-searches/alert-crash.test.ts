// Saved-search alerts survive a kill -9 mid-batch (issue 27): the process mailing an alert is killed (SIGKILL) after it
// took the batch but before the mail went, and after the mail went but before the search's progress moved past it;
// another process finishes the job, and each listing is mailed exactly once: none lost, none doubled. PostgreSQL only:
// the other process needs the database too (PGlite is one process), as in lib/jobs.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/harness.ts';
import { decodedBodyOf, startSmtp, type TestSmtp } from '../../test/smtp.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CHILD = fileURLToPath(new URL('../../test/alert-child.ts', import.meta.url));

let t: TestApp;
let smtp: TestSmtp;
let env: Record<string, string>;

beforeAll(async () => {
  if (!onPostgres) return;
  smtp = await startSmtp();
  // An active job not finished in 2 s is given up and retried; alerts of one search at most one a second.
  env = { SMTP_URL: smtp.url, JOB_POLL_MS: '500', JOB_EXPIRE_SECONDS: '2', ALERT_MAIL_INTERVAL_SECONDS: '1' };
  t = await createTestApp(env);
  // This process runs no job until the child is dead: the child alone takes the alert.
  await t.services.jobs.stop();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Resolves when the child says `word` on stdout; rejects if it exits first. */
function saysOrExits(child: ChildProcess, word: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(word)) resolve();
    });
    child.on('exit', (code, signal) => reject(new Error(`the child exited (${code ?? signal}) before "${word}": ${out}`)));
  });
}

describe.skipIf(!onPostgres)('saved-search alerts and kill -9 (PostgreSQL)', () => {
  for (const crashAt of ['before-send', 'after-send'] as const) {
    const when = crashAt === 'before-send' ? 'after taking the batch, before mailing it' : 'after mailing the batch, before recording it';
    it(`the alert's process killed ${when}: another process mails each listing exactly once`, async () => {
      const buyer = await t.createUser();
      const seller = await t.createUser();
      const word = `crash${crashAt === 'before-send' ? 'before' : 'after'}${Date.now().toString(36)}`;
      const search = await t.injectAs(buyer, { method: 'POST', url: '/api/savedSearches', payload: { filters: { q: word }, alert: 'instant' } });
      expect(search.statusCode, search.body).toBe(201);
      const names = [`${word} lamp one`, `${word} lamp two`];
      /** How many of the buyer's mails name each listing. */
      const mailed = () => names.map((name) => smtp.to(buyer.email).filter((m) => decodedBodyOf(m.raw).includes(name)).length);

      const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl!,
          CHILD_ENV: JSON.stringify({ ...env, PUBLIC_URL: t.config.publicUrl }),
          CHILD_JWT_SECRET: TEST_JWT_SECRET,
          CRASH_AT: crashAt,
          SELLER_TOKEN: seller.token,
          NAMES: JSON.stringify(names),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        await saysOrExits(child, 'crash-point');
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        // Killed before the mail: nothing went; killed after it: the first mail went, and only it.
        const before = smtp.to(buyer.email).length;
        expect(before).toBe(crashAt === 'before-send' ? 0 : 1);

        // The next process, on the same database: it takes the job once the dead run has expired.
        const next = await buildApp({ config: t.config, database: t.database });
        try {
          await next.services.jobs.start();
          await expect.poll(mailed, { timeout: 45_000, interval: 250 }).toEqual([1, 1]);
          // Nothing more comes: no listing is mailed twice.
          await new Promise((resolve) => setTimeout(resolve, 5000));
          expect(mailed()).toEqual([1, 1]);
          const total = smtp.to(buyer.email).length;
          expect(total).toBeGreaterThanOrEqual(1);
          expect(total).toBeLessThanOrEqual(2);
        } finally {
          await next.close();
        }
      } finally {
        child.kill('SIGKILL');
      }
    }, 90_000);
  }
});
