import { startS3Server } from '../../apps/api/src/test/s3-server.js';

export interface E2eS3 {
  /** The FILE_STORAGE=s3 variables of a server keeping its files in this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on loopback with one empty bucket (the API tests' own, see
 * apps/api/src/test/s3-server.ts): a built server given `env` keeps every uploaded and generated
 * file there instead of DATA_DIR/uploads, as a production process with FILE_STORAGE=s3.
 */
export async function startS3(bucket = 'dm-e2e'): Promise<E2eS3> {
  const { settings, close } = await startS3Server(bucket);
  return {
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    close,
  };
}
