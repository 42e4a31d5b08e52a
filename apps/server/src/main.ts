// Reads config, migrates, seeds an empty database, listens, and closes everything on SIGINT/SIGTERM. Run by server.ts,
// the entry, which sets the heap up for start-up first (docs/decisions/035).
import path from 'node:path';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, configWarnings, demoSeeding, isLoopbackHost, isLoopbackUrl, loadConfig, parseEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedBase, seedDemo } from './db/seed.ts';
import { ensureDataDir, lockDataDir, readOrCreateSecret } from './lib/data-dir.ts';

/** Starts the server; resolves once it listens (the gazetteer may still be loading behind it). */
export async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dataDir = ensureDataDir(parsed.DATA_DIR);
  const config = loadConfig(process.env, parsed.JWT_SECRET ?? readOrCreateSecret(dataDir));
  const release = parsed.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
  });
  await database.migrate();

  // Lines are written in batches off the request path (decision 019): flushed at shutdown, and by pino at exit.
  const logStream = pino.destination({ dest: 1, sync: false });
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.LOG_LEVEL, logStream),
  });
  for (const warning of configWarnings(config)) app.log.warn(warning);
  const demo = demoSeeding(config);
  let seeded = false;
  if (demo.seed) {
    const reachable = !isLoopbackUrl(config.publicUrl) || !isLoopbackHost(config.HOST);
    seeded = await seedDemo(app.services, { dataDir });
    if (seeded && reachable) {
      app.log.warn(`demo accounts with the README's passwords were seeded on ${config.publicUrl}, listening on ${config.HOST} (${demo.reason})`);
    }
  } else {
    await seedBase(app.services);
    app.log.info(`no demo accounts or data: ${demo.reason}`);
  }
  // Only accounts that proved their address; an admin made otherwise (the CLI, Make Admin) stays one.
  for (const email of config.ADMIN_EMAILS) await app.services.users.grantAdminIfVerified(email);

  let closing = false;
  // The gazetteer's load below stops between batches when the server stops (it may take tens of seconds).
  const stopping = new AbortController();
  let background: Promise<void> = Promise.resolve();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopping.abort();
      await background;
      await app.close();
      await database.close();
    } finally {
      release();
      try {
        logStream.flushSync();
      } catch {
        // stdout gone (a closed pipe): nothing left to write the lines to.
      }
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Background jobs start before the first request can queue one (a database that cannot be reached: retried).
  await app.services.jobs.start();
  app.server.keepAliveTimeout = 72_000;
  app.server.headersTimeout = 75_000;
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Olden Goods is running on ${config.publicUrl}`);
  // The gazetteer, into an empty places table (the first start after the upgrade; about 135,000 places, seconds to
  // tens of seconds), after listening so start-up is not held up; until it is in, autocomplete answers nothing and
  // listings are not resolved. Then existing listings get their place the way a new one does (the upgrade's data
  // migration), logging how many.
  background = (async () => {
    const gazetteer = await app.services.places.load(undefined, stopping.signal);
    if (gazetteer.inserted > 0) app.log.info(gazetteer, 'loaded the places gazetteer');
    if (gazetteer.inserted > 0 || seeded) {
      const { examined, resolved } = await app.services.products.resolveUnplaced(stopping.signal);
      app.log.info({ examined, resolved }, `resolved ${resolved} of ${examined} listings' locations to places`);
    }
  })().catch((error: unknown) => {
    if (stopping.signal.aborted) app.log.info('the places gazetteer was not loaded: the server stopped first (the next start loads it)');
    else app.log.error({ err: error }, 'loading the places gazetteer failed');
  });
}
