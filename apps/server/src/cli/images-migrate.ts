// `npm run images:migrate`: copies every image of the folder store (DATA_DIR/images) to the S3 bucket the S3_*
// variables name, read from the environment as the server reads them. Safe to re-run: an object already in the
// bucket is skipped (HeadObject), so an interrupted run picks up where it stopped. Then set IMAGE_STORE=s3.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStoredImageFile } from '@olden/contracts';
import { ConfigError, parseEnv } from '../config.ts';
import { createS3ImageStorage } from '../modules/images/s3-storage.ts';
import { createFsImageStorage, type ImageStorage } from '../modules/images/storage.ts';

/** Objects copied at once: enough to hide the round trips, few enough for a small store. */
const CONCURRENCY = 8;

export interface MigrateCounts {
  /** Stored image files found in the folder. */
  found: number;
  copied: number;
  /** Already in the bucket (an earlier run, or uploaded there since). */
  skipped: number;
  failed: number;
}

/** Copies the stored image files of `dir` into `to`, skipping those it already has; never deletes anything. */
export async function migrateImages(
  dir: string,
  to: ImageStorage,
  onError: (file: string, error: unknown) => void = () => {},
): Promise<MigrateCounts> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') names = [];
    else throw error;
  }
  // Only `<id>-<width>.webp`: temp files of an interrupted write (dot files) and strays stay behind.
  const files = names.filter((name) => parseStoredImageFile(name) !== undefined).sort();
  const from = createFsImageStorage(dir);
  const counts: MigrateCounts = { found: files.length, copied: 0, skipped: 0, failed: 0 };
  let next = 0;
  async function worker(): Promise<void> {
    while (next < files.length) {
      const file = files[next++]!;
      try {
        if (await to.has(file)) {
          counts.skipped += 1;
          continue;
        }
        const data = await from.get(file);
        if (!data) continue; // deleted meanwhile by the running server
        await to.put(file, data);
        counts.copied += 1;
      } catch (error) {
        counts.failed += 1;
        onError(file, error);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return counts;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { name?: string; message?: string; code?: string } }).cause;
  const detail = cause ? cause.code ?? (cause.message || cause.name) : undefined;
  return detail ? `${(error as Error).message} (${detail})` : String((error as Error).message ?? error);
}

export async function main(env: Record<string, string | undefined>, print: (line: string) => void): Promise<number> {
  let parsed: ReturnType<typeof parseEnv>;
  try {
    // Checked as for IMAGE_STORE=s3, whatever the current store: the bucket is where the images go.
    parsed = parseEnv({ ...env, IMAGE_STORE: 's3' });
  } catch (error) {
    if (error instanceof ConfigError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
  const dir = path.join(path.resolve(parsed.DATA_DIR), 'images');
  const bucket = createS3ImageStorage(parsed);
  try {
    const counts = await migrateImages(dir, bucket, (file, error) =>
      print(`images:migrate: ${file} not copied: ${describe(error)}`),
    );
    print(
      `images:migrate: ${counts.found} files in ${dir}; copied ${counts.copied}, already in bucket ${parsed.S3_BUCKET} ${counts.skipped}, failed ${counts.failed}`,
    );
    if (counts.failed > 0) print('images:migrate: run it again once the store answers; copied files are skipped');
    return counts.failed > 0 ? 1 : 0;
  } finally {
    bucket.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.env, (line) => console.log(line));
}
