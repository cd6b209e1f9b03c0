import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { inject } from 'vitest';
import type { Config, S3Settings } from '../platform/config.js';
import { LocalDiskStorage } from '../platform/storage.js';
import { copyFiles } from '../platform/storage-copy.js';
import { S3Storage } from '../platform/storage-s3.js';

/** s3rver checks request signatures against these. */
const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  /** What FILE_STORAGE=s3 needs to reach the server's bucket. */
  settings: S3Settings;
  close(): Promise<void>;
}

let started = 0;

/**
 * An S3-compatible server (s3rver) on loopback in this process, with one empty bucket, its
 * objects in a folder of its own under the system's temporary folder. The folder is named after
 * the vitest worker and emptied at the next start, so a worker ended without closing leaves one
 * folder behind, not one per run.
 */
export async function startS3Server(bucket = 'dm-test'): Promise<TestS3> {
  const worker = process.env.VITEST_POOL_ID ?? String(process.pid);
  const directory = path.join(tmpdir(), 'dm-test-s3', `${worker}-${started++}`);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

let workerBucket: Promise<S3Settings> | null = null;

/**
 * TEST_FILE_STORAGE=s3: the settings test apps use instead of the disk, one s3rver per worker
 * (test files of the shared project keep it from file to file) whose bucket starts with the
 * files the template's seed stored, as the disk store starts with them under DATA_DIR/uploads.
 */
export async function testFileStorage(): Promise<Pick<Config, 'fileStorage' | 's3'>> {
  if (process.env.TEST_FILE_STORAGE !== 's3') return { fileStorage: 'disk', s3: null };
  workerBucket ??= (async () => {
    const { settings } = await startS3Server();
    await copyFiles(new LocalDiskStorage(inject('templateUploads')), new S3Storage(settings));
    return settings;
  })();
  return { fileStorage: 's3', s3: await workerBucket };
}
