// A real S3-compatible server (s3rver: plain JavaScript, no binary) on a free loopback port with a temp folder,
// for the S3 store's tests, images:migrate's test and (later) the multi-process test.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The IMAGE_STORE=s3 variables that point a server at it. */
  env: Record<string, string>;
  /** Stops the server (its files stay until close): the store is unreachable until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'olden-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'og-s3rver-'));
  let port = 0;
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> } | undefined;
  async function start() {
    server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
    ({ port } = await server!.run());
  }
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  return {
    endpoint,
    bucket,
    env: {
      IMAGE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on (bound, then closed): connections to it are refused at once. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
