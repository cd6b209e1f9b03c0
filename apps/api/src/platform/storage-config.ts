import type { Config } from './config.js';
import { type FileStorage, LocalDiskStorage, uploadsDir } from './storage.js';

/**
 * The one place that builds the configured file store: the server, the seed and the scripts all
 * get theirs here. The S3 client is loaded only when FILE_STORAGE=s3 (a process on disk never
 * holds it).
 */
export async function openFileStorage(
  config: Pick<Config, 'fileStorage' | 's3' | 'dataDir'>,
): Promise<FileStorage> {
  if (config.fileStorage === 's3') {
    if (!config.s3) throw new Error('FILE_STORAGE=s3 needs the S3_* settings');
    const { S3Storage } = await import('./storage-s3.js');
    return new S3Storage(config.s3);
  }
  return new LocalDiskStorage(uploadsDir(config.dataDir));
}
