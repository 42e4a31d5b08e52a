// `npm run admin -- grant EMAIL`: makes an existing user an admin, on the same database the server uses.
// There is no revoke here: an admin removes the role through the API (PATCH /api/users/admin/:id {admin: false}).
// `npm run admin -- photo-hashes`: hashes the photos stored before stolen-photo detection existed (from their stored
// files, in DATA_DIR/images or the S3 bucket), then indexes and checks every listing (docs/decisions/023).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Email } from '@olden/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, parseEnv } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ensureDataDir, lockDataDir } from '../lib/data-dir.ts';
import { createJobs } from '../lib/jobs.ts';
import { createMemoryLimiter } from '../lib/limiter.ts';
import { createUsersService } from '../modules/users/service.ts';
import { createServices } from '../app.ts';
import type { Database } from '../db/client.ts';

const USAGE = 'Usage: npm run admin -- grant EMAIL | photo-hashes';

/** Thrown for anything the operator must fix; printed as one line, exit code 1. */
class CliError extends Error {}

const silentLogger = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silentLogger;
  },
} as unknown as FastifyBaseLogger;

/**
 * Hashes every stored image without a hash, then indexes and checks every listing with the server's own services
 * (so its matches reach the moderation queue as the server's would). Prints its progress through `print`.
 */
async function photoHashes(config: ReturnType<typeof loadConfig>, database: Database, print: (line: string) => void): Promise<string> {
  // Jobs the services queue (a report's mail) are written to the queue; the server's processes run them.
  const jobs = createJobs(database, { pollMs: config.JOB_POLL_MS, expireSeconds: config.JOB_EXPIRE_SECONDS, queueOnly: true }, silentLogger);
  const services = createServices({ config, db: database.db, limiter: createMemoryLimiter(), log: silentLogger, jobs });
  try {
    let after = '';
    let hashed = 0;
    let failed = 0;
    for (;;) {
      const batch = await services.images.hashMissing(200, after);
      hashed += batch.hashed;
      failed += batch.failed;
      if (!batch.last) break;
      after = batch.last;
      print(`photo-hashes: ${hashed} images hashed${failed ? `, ${failed} unreadable` : ''} ...`);
    }
    const { listings, reported } = await services.photoMatches.backfill(print);
    return `photo-hashes: ${hashed} images hashed, ${failed} unreadable (their files are gone); ${listings} listings indexed, ${reported} with photos near another seller's earlier photo reported.`;
  } finally {
    await jobs.stop();
    await services.mailer.close();
    await services.events.close();
  }
}

export async function runAdminCli(
  argv: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void = () => {},
): Promise<string> {
  const [command, rawEmail, ...rest] = argv;
  const photos = command === 'photo-hashes' && rawEmail === undefined;
  if (!photos && (command !== 'grant' || rawEmail === undefined || rest.length > 0)) throw new CliError(USAGE);
  const email = Email.safeParse(rawEmail);
  if (!photos && !email.success) throw new CliError(`"${rawEmail}" is not an email address. ${USAGE}`);

  const parsed = parseEnv(env);
  // The CLI signs nothing, so it neither needs nor creates the JWT secret.
  const config = loadConfig(env, '');
  let release = () => {};
  let pgliteDir: string | undefined;
  if (!parsed.DATABASE_URL) {
    const dataDir = ensureDataDir(parsed.DATA_DIR);
    try {
      release = lockDataDir(dataDir);
    } catch (error) {
      throw new CliError((error as Error).message);
    }
    pgliteDir = path.join(dataDir, 'db');
  }
  try {
    const database = await openDatabase({ databaseUrl: parsed.DATABASE_URL, pgliteDir, poolSize: 1 });
    try {
      await database.migrate();
      if (photos) return await photoHashes(config, database, print);
      if (!email.success) throw new CliError(USAGE);
      const limiter = createMemoryLimiter();
      // Never started: the command queues no work.
      const jobs = createJobs(database, { pollMs: config.JOB_POLL_MS, expireSeconds: config.JOB_EXPIRE_SECONDS }, silentLogger);
      const users = createUsersService({ config, db: database.db, limiter, log: silentLogger, jobs });
      const user = await users.findByEmail(email.data);
      if (!user) throw new CliError(`No user with the email ${email.data}: they must sign up first.`);
      if (user.role === 'admin') return `${email.data} is already an admin.`;
      await users.grantAdminByEmail(email.data);
      return `${email.data} is an admin now.`;
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  runAdminCli(process.argv.slice(2), process.env, (line) => console.log(line)).then(
    (line) => {
      console.log(line);
      process.exit(0);
    },
    (error: unknown) => {
      const known = error instanceof CliError || error instanceof ConfigError;
      console.error(known ? (error as Error).message : `admin: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
