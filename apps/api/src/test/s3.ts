import { inject } from 'vitest';
import type { Config, S3Settings } from '../platform/config.js';
import { LocalDiskStorage } from '../platform/storage.js';
import { copyFiles } from '../platform/storage-copy.js';
import { S3Storage } from '../platform/storage-s3.js';
import { startS3Server } from './s3-server.js';

export { startS3Server, type TestS3 } from './s3-server.js';

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
