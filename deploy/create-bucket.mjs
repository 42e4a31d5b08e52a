// Creates the photo bucket once, for compose.yaml (the API never creates it: docs/deploy.md). Waits for the store
// to answer; a bucket that already exists is success. Uses the S3 SDK the server ships with, so any
// S3-compatible store works and compose needs no extra client image.
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';

const { S3_ENDPOINT, S3_BUCKET, S3_REGION = 'us-east-1', S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
  console.error('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
  process.exit(1);
}
const client = new S3Client({
  endpoint: S3_ENDPOINT,
  region: S3_REGION,
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE !== 'false',
  credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
});

const attempts = Number(process.env.ATTEMPTS ?? 60);
for (let attempt = 1; ; attempt++) {
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: S3_BUCKET }));
      console.log(`bucket ${S3_BUCKET} exists`);
    } catch (error) {
      if (error?.$metadata?.httpStatusCode !== 404) throw error;
      await client.send(new CreateBucketCommand({ Bucket: S3_BUCKET }));
      console.log(`bucket ${S3_BUCKET} created`);
    }
    process.exit(0);
  } catch (error) {
    if (attempt >= attempts) {
      console.error(`could not create bucket ${S3_BUCKET} at ${S3_ENDPOINT ?? 'AWS'}: ${error?.name ?? ''} ${error?.message ?? error}`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
