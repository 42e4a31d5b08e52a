// The admin CLI as an operator runs it: a child process on a real data dir.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

// These tests build real databases (some spawn processes): give a busy machine time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const CLI = fileURLToPath(new URL('./admin.ts', import.meta.url));
const SLOW = 120_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, DATABASE_URL: undefined, ...env })) {
    if (v !== undefined) childEnv[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CLI, ...args], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

let dataDir: string;

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const roleOf = (email: string) =>
  withDb(async (db) => (await db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'og-cli-'));
  await withDb(async (db) => {
    await db.insert(users).values([
      { id: newId(), email: 'carol@test.example', name: 'Carol', photoUrl: 'https://img.test.example/c.png' },
      { id: newId(), email: 'dave@test.example', name: 'Dave', photoUrl: 'https://img.test.example/d.png' },
    ]);
  });
}, SLOW);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin -- grant EMAIL', () => {
  it('promotes the user, prints one line, exits 0; granting again says so and still exits 0', async () => {
    expect(await roleOf('carol@test.example')).toBe('user');
    const run = await runCli(['grant', 'Carol@Test.Example'], { DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(lines(run.stdout)).toEqual(['carol@test.example is an admin now.']);
    expect(run.code).toBe(0);
    expect(await roleOf('carol@test.example')).toBe('admin');
    expect(await roleOf('dave@test.example')).toBe('user');
    // It leaves no lock behind.
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    const again = await runCli(['grant', 'carol@test.example'], { DATA_DIR: dataDir });
    expect(lines(again.stdout)).toEqual(['carol@test.example is already an admin.']);
    expect(again.code).toBe(0);
  }, SLOW);

  it('an unknown email: a message and exit 1, nothing changes', async () => {
    const run = await runCli(['grant', 'nobody@test.example'], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual(['No user with the email nobody@test.example: they must sign up first.']);
    expect(run.stdout).toBe('');
    expect(await roleOf('dave@test.example')).toBe('user');
  }, SLOW);

  it('wrong usage: one line of usage and exit 1', async () => {
    for (const args of [[], ['revoke', 'carol@test.example'], ['grant', 'not-an-email']]) {
      const run = await runCli(args, { DATA_DIR: dataDir });
      expect(run.code, args.join(' ')).toBe(1);
      expect(lines(run.stderr), args.join(' ')).toHaveLength(1);
      expect(run.stderr).toContain('Usage: npm run admin -- grant EMAIL');
    }
  }, SLOW);

  it('a bad environment stops it with one line naming the variable', async () => {
    const run = await runCli(['grant', 'dave@test.example'], { DATA_DIR: dataDir, PORT: 'abc' });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(/^Invalid environment variable PORT: /);
    expect(await roleOf('dave@test.example')).toBe('user');
  }, SLOW);

  it('refuses, with a clear message, while a running server holds the data dir', async () => {
    const lock = path.join(dataDir, 'server.pid');
    // This test process stands in for the running server: it is alive and is not the CLI.
    writeFileSync(lock, String(process.pid));
    try {
      const run = await runCli(['grant', 'dave@test.example'], { DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(lines(run.stderr)).toEqual([
        `Another process (pid ${process.pid}) is using ${dataDir}. The embedded database allows one process: stop it first, or set DATABASE_URL.`,
      ]);
      // The server's lock is left alone.
      expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    } finally {
      rmSync(lock, { force: true });
    }
    expect(await roleOf('dave@test.example')).toBe('user');
  }, SLOW);

  it('a stale lock from a process that is gone does not block it', async () => {
    // Pid numbers this high are not handed out on Linux (pid_max is at most 2^22).
    writeFileSync(path.join(dataDir, 'server.pid'), '99999999');
    const run = await runCli(['grant', 'dave@test.example'], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    expect(await roleOf('dave@test.example')).toBe('admin');
  }, SLOW);

  it.runIf(process.env.TEST_DATABASE_URL)('works on PostgreSQL through DATABASE_URL', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `og_cli_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      await database.migrate();
      await database.db.insert(users).values({ id: newId(), email: 'erin@test.example', name: 'Erin', photoUrl: 'https://img.test.example/e.png' });
      const emptyDir = mkdtempSync(path.join(tmpdir(), 'og-cli-pg-'));
      const run = await runCli(['grant', 'erin@test.example'], { DATABASE_URL: url.toString(), DATA_DIR: emptyDir });
      expect(run.stderr).toBe('');
      expect(lines(run.stdout)).toEqual(['erin@test.example is an admin now.']);
      const [row] = await database.db.select().from(users).where(eq(users.email, 'erin@test.example'));
      expect(row?.role).toBe('admin');
      await database.close();
      // No embedded database was created next to it.
      expect(existsSync(path.join(emptyDir, 'db'))).toBe(false);
      rmSync(emptyDir, { recursive: true, force: true });
    } finally {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    }
  }, SLOW);
});
