// `npm run admin -- grant EMAIL`: makes an existing user an admin, on the same database the server uses.
// There is no revoke here: an admin removes the role through the API (PATCH /api/users/admin/:id {admin: false}).
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

const USAGE = 'Usage: npm run admin -- grant EMAIL';

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

export async function runAdminCli(argv: string[], env: Record<string, string | undefined>): Promise<string> {
  const [command, rawEmail, ...rest] = argv;
  if (command !== 'grant' || rawEmail === undefined || rest.length > 0) throw new CliError(USAGE);
  const email = Email.safeParse(rawEmail);
  if (!email.success) throw new CliError(`"${rawEmail}" is not an email address. ${USAGE}`);

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
  runAdminCli(process.argv.slice(2), process.env).then(
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
