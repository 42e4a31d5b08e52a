// A process for lib/jobs.test.ts to kill: it opens DATABASE_URL's queue, queues and takes the `test.kill` job, says "took" on
// stdout and never finishes it.
import { openDatabase } from '../db/client.ts';
import { createJobs } from '../lib/jobs.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;
const jobs = createJobs(database, { pollMs: 500, expireSeconds: 3 }, log);
jobs.define('test.kill', () => {
  process.stdout.write('took\n');
  return new Promise<void>(() => {});
});
await jobs.start();
await jobs.send('test.kill', {});
