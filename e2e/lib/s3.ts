import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver checks request signatures against these. */
const S3RVER_KEY = 'S3RVER';

export interface E2eS3 {
  /** The FILE_STORAGE=s3 variables of a server keeping its files in this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on loopback with one empty bucket, its objects in a
 * temporary folder removed on close: a built server given `env` keeps every uploaded and
 * generated file there instead of DATA_DIR/uploads, as a production process with FILE_STORAGE=s3.
 */
export async function startS3(bucket = 'dm-e2e'): Promise<E2eS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'dm-e2e-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
