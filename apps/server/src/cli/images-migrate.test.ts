// `npm run images:migrate`: folder store -> S3 (s3rver on loopback), counted, and safe to re-run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedImageFile } from '@olden/contracts';
import { closedPort, startTestS3, type TestS3 } from '../modules/images/s3-test-server.ts';
import { createS3ImageStorage } from '../modules/images/s3-storage.ts';
import { createFsImageStorage } from '../modules/images/storage.ts';
import { parseEnv } from '../config.ts';
import { main } from './images-migrate.ts';

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3('olden-migrate');
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'og-migrate-'));
});
afterAll(async () => {
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const ids = ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)];
const files = ids.flatMap((id) => [320, 640, 1280].map((w) => storedImageFile(id, w as 320 | 640 | 1280)));
const bytesOf = (file: string) => Buffer.from(`webp bytes of ${file}`);

async function run(env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main({ DATA_DIR: dataDir, ...env }, (line) => lines.push(line));
  return { code, lines };
}

describe('images:migrate', () => {
  it('copies every stored file once, skips what the bucket has, leaves strays; a second run copies nothing', async () => {
    const folder = createFsImageStorage(path.join(dataDir, 'images'));
    for (const file of files) await folder.put(file, bytesOf(file));
    // A temp file of an interrupted write and a stray are not images.
    await writeFile(path.join(dataDir, 'images', `.${files[0]}.123abc.tmp`), 'half');
    await writeFile(path.join(dataDir, 'images', 'notes.txt'), 'stray');
    const bucket = createS3ImageStorage(parseEnv(s3.env));
    // Uploaded to the bucket already (a run that stopped half-way).
    await bucket.put(files[0]!, bytesOf(files[0]!));

    const first = await run(s3.env);
    expect(first.code, first.lines.join('\n')).toBe(0);
    expect(first.lines.at(-1)).toBe(
      `images:migrate: 9 files in ${path.join(dataDir, 'images')}; copied 8, already in bucket olden-migrate 1, failed 0`,
    );
    for (const file of files) expect((await bucket.get(file))?.equals(bytesOf(file)), file).toBe(true);

    const again = await run(s3.env);
    expect(again.code).toBe(0);
    expect(again.lines.at(-1)).toMatch(/; copied 0, already in bucket olden-migrate 9, failed 0$/);
    bucket.close();
  });

  it('an unreachable store: every file counted as failed, exit code 1, saying to run it again', async () => {
    const { code, lines } = await run({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    expect(code).toBe(1);
    expect(lines.filter((l) => l.includes('not copied'))).toHaveLength(9);
    expect(lines.some((l) => /copied 0, already in bucket olden-migrate 0, failed 9$/.test(l))).toBe(true);
    expect(lines.at(-1)).toBe('images:migrate: run it again once the store answers; copied files are skipped');
  });

  it('without S3_BUCKET: one line naming it, exit code 1', async () => {
    const { code, lines } = await run({});
    expect(code).toBe(1);
    expect(lines).toEqual(['Invalid environment variable S3_BUCKET: is required when IMAGE_STORE=s3']);
  });
});
