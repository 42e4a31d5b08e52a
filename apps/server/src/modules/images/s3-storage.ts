// Images in an S3-compatible bucket (AWS S3, MinIO, R2...), so every API process serves every photo
// (docs/decisions/008). The SDK is imported on first use: a server on the folder store never loads it (startup time).
import type { S3Client } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { assertKey, type ImageStorage } from './storage.ts';

/** A store that does not answer costs the caller at most about CONNECT + REQUEST per attempt, twice (~8 s). */
export const S3_CONNECT_TIMEOUT_MS = 1000;
export const S3_REQUEST_TIMEOUT_MS = 3000;
export const S3_MAX_ATTEMPTS = 2;
export const STORE_RETRY_AFTER_SECONDS = 5;
export const STORE_UNAVAILABLE_MESSAGE = 'Photo storage is briefly unavailable, please retry';

export type S3Settings = Pick<
  Config,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

const isMissing = (error: unknown) => {
  const e = error as SdkError;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export async function createS3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client: Client } = await import('@aws-sdk/client-s3');
  return new Client({
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY } }
      : {}),
    // Bounded: one retry, short timeouts, so an unreachable store is a quick 503 rather than a hung request.
    maxAttempts: S3_MAX_ATTEMPTS,
    // throwOnRequestTimeout: without it the SDK only logs a warning and the request waits on for ever.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
    // Checksums only where S3 requires them: MinIO, R2 and older gateways do not all know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3ImageStorage(settings: S3Settings, log?: FastifyBaseLogger): ImageStorage & { close(): void } {
  const Bucket = settings.S3_BUCKET;
  if (!Bucket) throw new Error('S3_BUCKET is required for the S3 image store');
  let client: Promise<S3Client> | undefined;
  const sdk = () => import('@aws-sdk/client-s3');
  const getClient = () => (client ??= createS3Client(settings));

  /** Every failure but "no such key" means the store cannot answer now: 503 with Retry-After, logged once here. */
  function unavailable(error: unknown, op: string, key: string): AppError {
    log?.error({ err: error, event: 'images.store.unavailable', op, key }, 'image store unavailable');
    const unavailableError = new AppError('UNAVAILABLE', STORE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: STORE_RETRY_AFTER_SECONDS });
    // Kept for tools that print it (images:migrate); the API's answer never shows it.
    return Object.assign(unavailableError, { cause: error });
  }

  return {
    async put(key, data) {
      assertKey(key);
      const { PutObjectCommand } = await sdk();
      try {
        await (await getClient()).send(
          new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: 'image/webp', CacheControl: 'public, max-age=31536000, immutable' }),
        );
      } catch (error) {
        throw unavailable(error, 'put', key);
      }
    },
    async get(key) {
      assertKey(key);
      const { GetObjectCommand } = await sdk();
      try {
        const object = await (await getClient()).send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return undefined;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw unavailable(error, 'get', key);
      }
    },
    async has(key) {
      assertKey(key);
      const { HeadObjectCommand } = await sdk();
      try {
        await (await getClient()).send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw unavailable(error, 'head', key);
      }
    },
    async delete(key) {
      assertKey(key);
      const { DeleteObjectCommand } = await sdk();
      try {
        // S3 answers 204 for a key that is not there, like rm --force.
        await (await getClient()).send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, 'delete', key);
      }
    },
    close() {
      void client?.then((c) => c.destroy());
      client = undefined;
    },
  };
}
