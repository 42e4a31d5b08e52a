// Where image files live: a folder under DATA_DIR, or an S3-compatible bucket (s3-storage.ts); same calls.
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or undefined when there is no such key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Whether the key is stored, without reading it. */
  has(key: string): Promise<boolean>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are flat file names the service made; anything else (a separator, a dot file) is a bug, not a lookup. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]+$/;

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

export function createFsImageStorage(dir: string): ImageStorage {
  const root = path.resolve(dir);
  let ready: Promise<unknown> | undefined;
  return {
    async put(key, data) {
      assertKey(key);
      ready ??= mkdir(root, { recursive: true });
      await ready;
      // Write then rename: a reader never sees half a file, and a crash leaves only a temp file.
      const temp = path.join(root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temp, data);
      await rename(temp, path.join(root, key));
    },
    async get(key) {
      assertKey(key);
      try {
        return await readFile(path.join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async has(key) {
      assertKey(key);
      try {
        await access(path.join(root, key));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await rm(path.join(root, key), { force: true });
    },
  };
}

/** For tests, and for a throwaway demo: nothing touches the disk. */
export function createMemoryImageStorage(): ImageStorage & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  return {
    async put(key, data) {
      assertKey(key);
      files.set(key, Buffer.from(data));
    },
    async get(key) {
      assertKey(key);
      return files.get(key);
    },
    async has(key) {
      assertKey(key);
      return files.has(key);
    },
    async delete(key) {
      assertKey(key);
      files.delete(key);
    },
    keys: () => [...files.keys()],
  };
}
