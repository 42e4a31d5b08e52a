// A fresh app on a fresh database per test file: PGlite in memory, or a new PostgreSQL database
// when TEST_DATABASE_URL is set. `injectAs(user, request)` makes authorisation tests read like sentences.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { ErrorBody } from '@olden/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, loggerOptions, type ServiceHooks, type Services } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { seedBase } from '../db/seed.ts';
import type { Limiter } from '../lib/limiter.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { GazetteerPlace } from '../modules/places/gazetteer.ts';
import type { UserRow } from '../modules/users/repository.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
export const TEST_PASSWORD = 'Ledger#Kite7';

/**
 * Every test user is a minutes-old, unverified account, and many files make dozens of listings, requests or messages
 * with one (paging, budgets): their apps raise the new-account limits. The limits themselves, at their defaults, and
 * the spec's flow (register, list, request, write) within them are tested in users/new-account-limits.test.ts, which
 * passes NEW_ACCOUNT_LIMITS itself.
 */
export const TEST_NEW_ACCOUNT_LIMITS = 'listings=100000,requests=100000,messages=100000';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  token: string;
  sessionId: string;
  cookie: string;
  row: UserRow;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const name = `og_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  /** Log at info level with the server's own logger options, into `logLines` (one JSON line each). */
  captureLog?: boolean;
  /** Budgets counted here instead of in the app's own memory (a Redis limiter with a prefix of the test's own); the test closes it. */
  limiter?: Limiter;
  /** Module hooks the test watches (a spy instead of the wired module). */
  hooks?: ServiceHooks;
  /**
   * Load these places of the real gazetteer, as the first start loads all of them (places.load); without it the
   * places table stays empty, so files that do not need places do not pay for it.
   */
  places?: (place: GazetteerPlace) => boolean;
}

export async function createTestApp(env: Record<string, string | undefined> = {}, options: TestAppOptions = {}) {
  const { database, drop, url: databaseUrl } = await openTestDatabase();
  await database.migrate();
  // Uploaded images go to a temp folder of this test file, never into the repo's ./data.
  const tempDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(os.tmpdir(), 'og-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: tempDataDir, NEW_ACCOUNT_LIMITS: TEST_NEW_ACCOUNT_LIMITS, ...env },
    TEST_JWT_SECRET,
  );
  const logLines: string[] = [];
  const logger = options.captureLog ? loggerOptions('info', { write: (line: string) => void logLines.push(line) }) : undefined;
  const app = await buildApp({ config, database, logger, limiter: options.limiter, hooks: options.hooks });
  await seedBase(app.services);
  // As server.ts does before it listens.
  await app.services.jobs.start();
  if (options.places) await app.services.places.load(options.places);
  const services: Services = app.services;
  let counter = 0;

  async function createUser(
    options: { name?: string; email?: string; role?: 'user' | 'admin'; password?: string } = {},
  ): Promise<TestUser> {
    counter += 1;
    const email = (options.email ?? `user${counter}-${randomBytes(3).toString('hex')}@test.example`).toLowerCase();
    const { user } = await services.users.createAccount({
      email,
      name: options.name ?? `User ${counter}`,
      photoURL: 'https://images.test.example/avatar.png',
      passwordHash: options.password ? await hashPassword(options.password) : null,
    });
    if (options.role === 'admin') await services.users.grantAdminByEmail(email);
    const row = (await services.users.findById(user.id))!;
    const { cookieValue, sessionId } = await services.auth.startSession(row);
    const token = await services.auth.signToken(row, sessionId);
    return {
      id: row.id,
      email,
      name: row.name,
      role: row.role,
      token,
      sessionId,
      cookie: `og_session=${cookieValue}`,
      row,
    };
  }

  function injectAs(user: TestUser | null, request: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(request.headers ?? {}) };
    if (user) headers.authorization = `Bearer ${user.token}`;
    return app.inject({ ...request, headers });
  }

  return {
    app,
    services,
    database,
    /** PostgreSQL: the test database's URL, for a second process; undefined on PGlite. */
    databaseUrl,
    config,
    createUser,
    injectAs,
    logLines,
    async close() {
      await app.close();
      await database.close();
      await drop();
      if (tempDataDir) await rm(tempDataDir, { recursive: true, force: true });
    },
  };
}

/** Registers beforeAll/afterAll for one app per file and returns a getter. */
export function useTestApp(env: Record<string, string | undefined> = {}, options: TestAppOptions = {}): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env, options);
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => {
    if (!t) throw new Error('test app not ready');
    return t;
  };
}

/** Asserts an error reply: its status, and what its body says (the domain code, the message, the details). */
export function expectError(res: LightMyRequestResponse, statusCode: number, body: Partial<ErrorBody>): void {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.json<ErrorBody>()).toMatchObject({ statusCode, ...body });
}
