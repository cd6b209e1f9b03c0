import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and generated files live. Keys are generated here, never taken from a user's
 * file name, so no request can choose a path. Two stores implement it: the local disk
 * (LocalDiskStorage, below) and a bucket on an S3-compatible server (storage-s3.ts);
 * storage-config.ts builds the configured one.
 */
export interface FileStorage {
  /** Stores the bytes under a new key ending in `.${ext}` and returns the key. */
  put(data: Uint8Array, ext: string): Promise<string>;
  /** Moves a finished local file (a received upload) in under a new key; the source is gone after. */
  putFile(source: string, ext: string): Promise<string>;
  /**
   * Stores a stream under a new key, never holding it whole (joined video chunks). Nothing is
   * stored when the stream fails: the error is the stream's own.
   */
  putStream(data: AsyncIterable<Uint8Array>, ext: string): Promise<string>;
  /**
   * Stores a file under a key another store generated (copying between stores, copyFiles). The
   * file appears whole or not at all, so a copy cut short leaves nothing under the key.
   */
  putAt(key: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<void>;
  read(key: string): Promise<Buffer>;
  /**
   * The file as a stream with its full size, for serving large files without holding them;
   * with `range` only bytes start..end (inclusive) are streamed.
   */
  open(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number }>;
  /** The stored file's size in bytes. */
  size(key: string): Promise<number>;
  /** Removes the file; removing a key that is not there is no error. */
  remove(key: string): Promise<void>;
  /** Every stored key, in no particular order. */
  keys(): AsyncIterable<string>;
}

/** The uploads folder inside DATA_DIR. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Work space for the multipart parts of one request inside DATA_DIR (received.ts), removed when
 * the request ends: nothing that outlives a request is kept there.
 */
export function uploadsWorkDir(dataDir: string): string {
  return path.join(dataDir, 'upload-work');
}

const EXT = /^[a-z0-9]{1,8}$/;
const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{8,64}\.[a-z0-9]{1,8}$/;

/** Whether `key` has the shape of a generated key (a two-character folder, a UUID, an extension). */
export const isStorageKey = (key: string): boolean => KEY.test(key);

/** Refuses anything but a generated key: no path, bucket prefix or other object can be named. */
export function assertStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Bad storage key');
  return key;
}

/** A fresh key; two hex characters of fan-out keep any one folder to a few thousand entries. */
export function newStorageKey(ext: string): string {
  if (!EXT.test(ext)) throw new Error(`Bad file extension: ${ext}`);
  const name = randomUUID();
  return `${name.slice(0, 2)}/${name}.${ext}`;
}

export class LocalDiskStorage implements FileStorage {
  /** Directories already created by this instance, to skip a mkdir per file. */
  private readonly made = new Set<string>();

  constructor(private readonly root: string) {}

  async put(data: Uint8Array, ext: string): Promise<string> {
    const key = await this.newKey(ext);
    await writeFile(path.join(this.root, key), data, { flag: 'wx' });
    return key;
  }

  async putFile(source: string, ext: string): Promise<string> {
    const key = await this.newKey(ext);
    const target = path.join(this.root, key);
    try {
      await rename(source, target);
    } catch (error) {
      // Another file system (EXDEV): copy, then drop the source.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(source, target);
      await rm(source, { force: true });
    }
    return key;
  }

  async putStream(data: AsyncIterable<Uint8Array>, ext: string): Promise<string> {
    const key = await this.newKey(ext);
    await this.writeWhole(key, data);
    return key;
  }

  async putAt(key: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<void> {
    const dir = assertStorageKey(key).slice(0, 2);
    if (!this.made.has(dir)) {
      await mkdir(path.join(this.root, dir), { recursive: true });
      this.made.add(dir);
    }
    await this.writeWhole(key, data);
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async open(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number }> {
    const file = this.pathOf(key);
    const { size } = await stat(file);
    return { stream: createReadStream(file, range), size };
  }

  async size(key: string): Promise<number> {
    return (await stat(this.pathOf(key))).size;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    const folders = await readdir(this.root).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    for (const folder of folders.sort()) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      for (const name of await readdir(path.join(this.root, folder))) {
        const key = `${folder}/${name}`;
        // Files being written (writeWhole's work names) are not keys yet.
        if (KEY.test(key)) yield key;
      }
    }
  }

  /**
   * Writes under a work name beside the target and renames it into place once whole: a write cut
   * short (a failed stream, a stopped process) never shows under the key.
   */
  private async writeWhole(key: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.pathOf(key);
    const work = path.join(path.dirname(target), `.${randomUUID()}.writing`);
    try {
      if (data instanceof Uint8Array) await writeFile(work, data, { flag: 'wx' });
      else await pipeline(data, createWriteStream(work, { flags: 'wx' }));
      await rename(work, target);
    } catch (error) {
      await rm(work, { force: true });
      throw error;
    }
  }

  private async newKey(ext: string): Promise<string> {
    const key = newStorageKey(ext);
    const dir = key.slice(0, 2);
    if (!this.made.has(dir)) {
      await mkdir(path.join(this.root, dir), { recursive: true });
      this.made.add(dir);
    }
    return key;
  }

  private pathOf(key: string): string {
    return path.join(this.root, assertStorageKey(key));
  }
}
