// DATA_DIR housekeeping: the generated JWT secret, and a pid lock so no second process opens PGlite's files.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function ensureDataDir(dir: string): string {
  const abs = path.resolve(dir);
  mkdirSync(abs, { recursive: true });
  return abs;
}

/** JWT_SECRET when unset: generated once into DATA_DIR with mode 0600. */
export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes DATA_DIR/server.pid; throws when another live process holds it. Returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another process (pid ${pid}) is using ${dataDir}. The embedded database allows one process: stop it first, or set DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
