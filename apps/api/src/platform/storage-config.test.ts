import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { LocalDiskStorage } from './storage.js';
import { openFileStorage } from './storage-config.js';
import { S3Storage } from './storage-s3.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'dm-storage-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) };
const S3 = {
  FILE_STORAGE: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9000/',
  S3_BUCKET: 'files',
  S3_REGION: 'eu-west-1',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'secret-key',
};

describe('FILE_STORAGE', () => {
  it('is the disk by default, under DATA_DIR/uploads', async () => {
    const config = loadConfig(base);
    expect({ fileStorage: config.fileStorage, s3: config.s3 }).toEqual({ fileStorage: 'disk', s3: null });
    expect(await openFileStorage(config)).toBeInstanceOf(LocalDiskStorage);
    expect(loadConfig({ ...base, FILE_STORAGE: 'disk', S3_BUCKET: 'ignored' }).s3).toBeNull();
  });

  it('s3 takes the bucket from the five S3_* variables', async () => {
    const config = loadConfig({ ...base, ...S3 });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'eu-west-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret-key',
    });
    expect(await openFileStorage(config)).toBeInstanceOf(S3Storage);
  });

  it('refuses to start with s3 and a variable missing, naming each one missing', () => {
    for (const name of Object.keys(S3).filter((k) => k !== 'FILE_STORAGE')) {
      expect(() => loadConfig({ ...base, ...S3, [name]: '' }), name).toThrow(`FILE_STORAGE=s3 needs ${name}`);
    }
    expect(() => loadConfig({ ...base, FILE_STORAGE: 's3' })).toThrow(
      'FILE_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ ...base, ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT must be an http(s) URL',
    );
    expect(() => loadConfig({ ...base, FILE_STORAGE: 'gcs' })).toThrow(
      'FILE_STORAGE must be one of disk, s3, got "gcs"',
    );
  });
});
