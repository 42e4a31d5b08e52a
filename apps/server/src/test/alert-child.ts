// A process for saved-searches/alert-crash.test.ts to kill -9. The whole app on DATABASE_URL with its job queue
// running; it lists NAMES as the seller whose token is SELLER_TOKEN, and stops dead inside the first saved-search
// alert mail at CRASH_AT: 'before-send' (the batch taken, nothing mailed) or 'after-send' (mailed, the search's
// progress not yet moved past it). There, once every listing is written, it says "crash-point" on stdout and never
// goes on.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { productBody } from '../modules/products/fixtures.ts';

const crashAt = process.env.CRASH_AT;
if (crashAt !== 'before-send' && crashAt !== 'after-send') throw new Error(`CRASH_AT: ${crashAt}`);
const env = JSON.parse(process.env.CHILD_ENV!) as Record<string, string>;
const config = loadConfig(
  { NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'og-alert-child-')), ...env },
  process.env.CHILD_JWT_SECRET!,
);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 3 });
const app = await buildApp({ config, database });

// Every listing is written before the crash point is reached (the queue runs as soon as the first is).
let listed: () => void = () => {};
const allListed = new Promise<void>((resolve) => (listed = resolve));
const { mailer } = app.services;
const sendOnceOrRetry = mailer.sendOnceOrRetry;
mailer.sendOnceOrRetry = async (key, mail) => {
  if (!key.startsWith('saved-search:')) return sendOnceOrRetry(key, mail);
  if (crashAt === 'after-send') await sendOnceOrRetry(key, mail);
  await allListed;
  process.stdout.write('crash-point\n');
  return new Promise<never>(() => {});
};

await app.services.jobs.start();
for (const name of JSON.parse(process.env.NAMES!) as string[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: `Bearer ${process.env.SELLER_TOKEN}` },
    payload: productBody({ name, price: '20' }),
  });
  if (res.statusCode !== 200) throw new Error(`listing ${name}: ${res.statusCode} ${res.body}`);
}
listed();
