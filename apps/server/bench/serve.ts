// The benchmark's server, in its own process so autocannon does not share its event loop.
// Opens the database named by the parent (BENCH_DATABASE_URL or BENCH_PGLITE_DIR), listens on a random
// loopback port and reports it with process.send.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const pgliteDir = process.env.BENCH_PGLITE_DIR;
const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 10 } : { pgliteDir });
const config = loadConfig(
  {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // All load comes from one address: the per-address search budget would turn it into 429s.
    RATE_LIMIT_FACTOR: '100000',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  randomBytes(32).toString('hex'),
);
const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
