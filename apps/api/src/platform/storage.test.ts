import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../test/s3.js';
import { type FileStorage, LocalDiskStorage } from './storage.js';
import { S3Storage } from './storage-s3.js';

/**
 * The contract every file store keeps, run against both: the local disk and a bucket on an
 * S3-compatible server (s3rver on loopback).
 */

async function text(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts).toString();
}

async function all(keys: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const key of keys) out.push(key);
  return out.sort();
}

async function* pieces(...parts: string[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
}

/** A stream that gives some bytes and then fails, as a dropped connection does. */
async function* failing(): AsyncIterable<Uint8Array> {
  yield Buffer.alloc(1000, 1);
  throw new Error('connection dropped');
}

const KEY_SHAPE = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.txt$/;
const BAD_KEYS = ['../secret.txt', 'ab/../../etc.txt', '/etc/passwd', 'AB/00000000-0000.txt', 'ab/x', ''];
const OTHER_KEY = 'ab/00000000-0000-4000-8000-000000000000.txt';

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server('contract');
  folder = mkdtempSync(path.join(tmpdir(), 'dm-storage-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

describe.each([
  ['disk', () => new LocalDiskStorage(path.join(folder, 'store'))],
  ['s3', () => new S3Storage(s3.settings)],
] as const)('FileStorage on %s', (_name, make) => {
  let store: FileStorage;
  beforeAll(() => {
    store = make();
  });

  it('put: a new generated key each time; read gives the bytes back', async () => {
    const a = await store.put(Buffer.from('hello'), 'txt');
    const b = await store.put(Buffer.from('hello'), 'txt');
    expect(a).toMatch(KEY_SHAPE);
    expect(b).not.toBe(a);
    expect((await store.read(a)).toString()).toBe('hello');
    await expect(store.put(Buffer.from('x'), '../txt')).rejects.toThrow('Bad file extension');
  });

  it('putFile: moves a local file in; the source is gone', async () => {
    const source = path.join(folder, `source-${Date.now()}`);
    writeFileSync(source, 'from a file');
    const key = await store.putFile(source, 'txt');
    expect(key).toMatch(KEY_SHAPE);
    expect((await store.read(key)).toString()).toBe('from a file');
    await expect(stat(source)).rejects.toThrow();
  });

  it('putStream: stores a stream; a failing stream stores nothing and its error is thrown', async () => {
    const key = await store.putStream(pieces('one ', 'two ', 'three'), 'txt');
    expect((await store.read(key)).toString()).toBe('one two three');
    const before = await all(store.keys());
    await expect(store.putStream(failing(), 'txt')).rejects.toThrow('connection dropped');
    expect(await all(store.keys())).toEqual(before);
  });

  it('open: the whole file or a byte range, with the full size either way; size', async () => {
    const key = await store.put(Buffer.from('0123456789'), 'txt');
    const whole = await store.open(key);
    expect({ size: whole.size, text: await text(whole.stream) }).toEqual({ size: 10, text: '0123456789' });
    const part = await store.open(key, { start: 2, end: 5 });
    expect({ size: part.size, text: await text(part.stream) }).toEqual({ size: 10, text: '2345' });
    const last = await store.open(key, { start: 9, end: 9 });
    expect(await text(last.stream)).toBe('9');
    expect(await store.size(key)).toBe(10);
  });

  it('remove: the file is gone; removing again is no error', async () => {
    const key = await store.put(Buffer.from('bye'), 'txt');
    await store.remove(key);
    await expect(store.read(key)).rejects.toThrow();
    await expect(store.open(key)).rejects.toThrow();
    await expect(store.size(key)).rejects.toThrow();
    await expect(store.remove(key)).resolves.toBeUndefined();
  });

  it('putAt: stores bytes or a stream under a given key; a cut stream leaves nothing there', async () => {
    await store.putAt(OTHER_KEY, Buffer.from('copied'));
    expect((await store.read(OTHER_KEY)).toString()).toBe('copied');
    const streamed = 'cd/11111111-1111-4111-8111-111111111111.bin';
    await store.putAt(streamed, pieces('a', 'b', 'c'));
    expect((await store.read(streamed)).toString()).toBe('abc');
    const cut = 'ef/22222222-2222-4222-8222-222222222222.bin';
    await expect(store.putAt(cut, failing())).rejects.toThrow('connection dropped');
    await expect(store.size(cut)).rejects.toThrow();
    expect(await all(store.keys())).not.toContain(cut);
  });

  it('putAt: the file shows under its key only once whole', async () => {
    const key = '12/33333333-3333-4333-8333-333333333333.bin';
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let halfSent = () => {};
    const half = new Promise<void>((resolve) => {
      halfSent = resolve;
    });
    async function* slow(): AsyncIterable<Uint8Array> {
      yield Buffer.from('first half, ');
      halfSent();
      await gate;
      yield Buffer.from('second half');
    }
    const writing = store.putAt(key, slow());
    await half;
    await expect(store.size(key)).rejects.toThrow();
    expect(await all(store.keys())).not.toContain(key);
    release();
    await writing;
    expect((await store.read(key)).toString()).toBe('first half, second half');
  });

  it('keys: every stored key and nothing else', async () => {
    // A second instance over the same folder or bucket: the list comes from the store, not memory.
    const keys = await all(make().keys());
    expect(keys.length).toBeGreaterThan(5);
    expect(keys).toContain(OTHER_KEY);
    const added = await store.put(Buffer.from('new'), 'txt');
    expect(await all(store.keys())).toEqual([...keys, added].sort());
  });

  it('refuses every key it did not generate the shape of, for every call', async () => {
    for (const key of BAD_KEYS) {
      await expect(store.read(key), key).rejects.toThrow('Bad storage key');
      await expect(store.open(key), key).rejects.toThrow('Bad storage key');
      await expect(store.size(key), key).rejects.toThrow('Bad storage key');
      await expect(store.remove(key), key).rejects.toThrow('Bad storage key');
      await expect(store.putAt(key, Buffer.from('x')), key).rejects.toThrow('Bad storage key');
    }
  });
});

describe('keys() lists only generated keys', () => {
  it('on disk: work files and stray files are left out', async () => {
    const root = path.join(folder, 'stray');
    const store = new LocalDiskStorage(root);
    const key = await store.put(Buffer.from('x'), 'txt');
    await mkdir(path.join(root, 'zz'), { recursive: true });
    await writeFile(path.join(root, 'zz', 'notes.txt'), 'x');
    await writeFile(path.join(root, key.slice(0, 2), '.0000.writing'), 'x');
    await writeFile(path.join(root, 'README'), 'x');
    expect(await all(store.keys())).toEqual([key]);
  });

  it('in a bucket: objects the app did not store are left out', async () => {
    const other = await startS3Server('mixed');
    try {
      const store = new S3Storage(other.settings);
      const key = await store.put(Buffer.from('x'), 'txt');
      const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        endpoint: other.settings.endpoint,
        region: other.settings.region,
        forcePathStyle: true,
        credentials: other.settings,
      });
      await client.send(
        new PutObjectCommand({ Bucket: other.settings.bucket, Key: 'backups/db.tar', Body: 'x' }),
      );
      expect(await all(store.keys())).toEqual([key]);
    } finally {
      await other.close();
    }
  });
});
