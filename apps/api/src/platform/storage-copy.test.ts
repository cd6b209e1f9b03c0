import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../test/s3.js';
import { type FileStorage, LocalDiskStorage, uploadsDir } from './storage.js';
import { type CopyProgress, copyFiles } from './storage-copy.js';
import { moveFilesToS3 } from './storage-move.js';
import { S3Storage } from './storage-s3.js';

async function keysOf(store: FileStorage): Promise<string[]> {
  const out: string[] = [];
  for await (const key of store.keys()) out.push(key);
  return out.sort();
}

/** `store` whose putAt fails from the `failAt`-th call on, as a copy stopped half-way. */
function failingAfter(store: FileStorage, failAt: number): FileStorage {
  let calls = 0;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'putAt') return Reflect.get(target, property, receiver);
      return async (key: string, data: Uint8Array | AsyncIterable<Uint8Array>) => {
        if (++calls >= failAt) {
          // Part of the bytes arrive, then the connection goes.
          async function* cut() {
            for await (const part of data as AsyncIterable<Uint8Array>) {
              yield part;
              break;
            }
            throw new Error('connection lost');
          }
          return target.putAt(key, cut());
        }
        return target.putAt(key, data);
      };
    },
  });
}

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server('copies');
  folder = mkdtempSync(path.join(tmpdir(), 'dm-copy-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('copyFiles', () => {
  it('copies what the target lacks, same keys and bytes; again copies nothing; resumes after a failure', async () => {
    const disk = new LocalDiskStorage(path.join(folder, 'a'));
    const written = new Map<string, string>();
    for (let i = 0; i < 30; i++) {
      const text = `file ${i} `.repeat(i * 100 + 1);
      written.set(await disk.put(Buffer.from(text), i % 2 ? 'jpg' : 'mp4'), text);
    }
    const bucket = new S3Storage(s3.settings);
    // One file is already there (a run before this one copied it).
    const [first] = [...written.keys()].sort();
    await bucket.putAt(first!, Buffer.from(written.get(first!)!));

    // Stopped after 10 copies: what was copied is whole, the rest is missing, the run fails.
    await expect(copyFiles(disk, failingAfter(bucket, 11))).rejects.toThrow('connection lost');
    const partial = await keysOf(bucket);
    expect(partial.length).toBeGreaterThanOrEqual(11);
    expect(partial.length).toBeLessThan(30);
    for (const key of partial) expect((await bucket.read(key)).toString()).toBe(written.get(key));

    // Run again: only the rest is copied.
    const seen: CopyProgress[] = [];
    const resumed = await copyFiles(disk, bucket, (p) => seen.push(p));
    expect(resumed).toEqual({ total: 30, copied: 30 - partial.length, skipped: partial.length });
    expect(seen[0]).toEqual({ total: 30, copied: 0, skipped: partial.length });
    expect(seen.at(-1)).toEqual(resumed);
    expect(await keysOf(bucket)).toEqual([...written.keys()].sort());
    for (const [key, text] of written) expect((await bucket.read(key)).toString()).toBe(text);

    // Once more: nothing to do.
    expect(await copyFiles(disk, bucket)).toEqual({ total: 30, copied: 0, skipped: 30 });

    // And back (a restore): the bucket to an empty folder.
    const restored = new LocalDiskStorage(path.join(folder, 'restored'));
    expect(await copyFiles(bucket, restored)).toEqual({ total: 30, copied: 30, skipped: 0 });
    for (const [key, text] of written) expect((await restored.read(key)).toString()).toBe(text);
  });
});

describe('npm run move-files-to-s3', () => {
  const run = async (args: string[], env: NodeJS.ProcessEnv) => {
    const lines: string[] = [];
    const progress: string[] = [];
    const code = await moveFilesToS3(args, env, {
      progress: (line) => progress.push(line),
      line: (text) => lines.push(text),
    });
    return { code, lines, progress };
  };

  it('refuses to run without the bucket, naming what is missing', async () => {
    const dataDir = path.join(folder, 'no-bucket');
    const env = { DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) };
    const plain = await run([], env);
    expect(plain.code).toBe(1);
    expect(plain.lines.join('\n')).toContain('FILE_STORAGE=s3');
    const half = await run([], { ...env, FILE_STORAGE: 's3', S3_ENDPOINT: s3.settings.endpoint });
    expect(half).toMatchObject({
      code: 1,
      lines: ['FILE_STORAGE=s3 needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY'],
    });
    expect((await run(['--delete'], env)).code).toBe(1);
  });

  it('moves DATA_DIR/uploads into the bucket: a progress line, a count; again copies nothing; --delete-after empties the disk', async () => {
    const target = await startS3Server('moved');
    try {
      const dataDir = path.join(folder, 'install');
      const disk = new LocalDiskStorage(uploadsDir(dataDir));
      const keys: string[] = [];
      for (let i = 0; i < 12; i++) keys.push(await disk.put(Buffer.from(`photo ${i}`), 'png'));
      const env = {
        DATA_DIR: dataDir,
        APP_SECRET: 'x'.repeat(32),
        FILE_STORAGE: 's3',
        S3_ENDPOINT: target.settings.endpoint,
        S3_BUCKET: target.settings.bucket,
        S3_REGION: target.settings.region,
        S3_ACCESS_KEY_ID: target.settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: target.settings.secretAccessKey,
      };
      const first = await run([], env);
      expect(first.code).toBe(0);
      expect(first.progress.at(-1)).toBe('12/12 files in the bucket (12 copied now)');
      expect(first.lines).toContain('Done: 12 files, 12 copied, 0 already in the bucket.');
      const bucket = new S3Storage(target.settings);
      expect(await keysOf(bucket)).toEqual(keys.sort());
      // The disk copy stays unless asked.
      expect(await keysOf(disk)).toEqual(keys);

      const again = await run(['--delete-after'], env);
      expect(again.code).toBe(0);
      expect(again.lines).toContain('Done: 12 files, 0 copied, 12 already in the bucket.');
      expect(again.lines).toContain('Removed 12 files from the disk (each one is in the bucket).');
      expect(await keysOf(disk)).toEqual([]);
      for (const key of keys) expect((await bucket.read(key)).toString()).toMatch(/^photo \d+$/);
    } finally {
      await target.close();
    }
  });
});
