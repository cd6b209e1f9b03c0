import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live. Keys are generated here, never taken from a user's
 * file name, so no request can choose a path. Local disk now; an S3-compatible store can
 * implement the same interface later.
 */
export interface FileStorage {
  /** Stores the bytes under a new key ending in `.${ext}` and returns the key. */
  put(data: Uint8Array, ext: string): Promise<string>;
  /** Moves a finished local file (an assembled upload) in under a new key; the source is gone after. */
  putFile(source: string, ext: string): Promise<string>;
  read(key: string): Promise<Buffer>;
  /**
   * The file as a stream with its full size, for serving large files without holding them;
   * with `range` only bytes start..end (inclusive) are streamed.
   */
  open(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number }>;
  /** The stored file's size in bytes. */
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

/** The uploads folder inside DATA_DIR. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Work space for uploads in progress (chunks, multipart parts) inside DATA_DIR, beside the store. */
export function uploadsWorkDir(dataDir: string): string {
  return path.join(dataDir, 'upload-work');
}

const EXT = /^[a-z0-9]{1,8}$/;
const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{8,64}\.[a-z0-9]{1,8}$/;

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

  read(key: string): Promise<Buffer> {
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

  /** A fresh key; two hex characters of fan-out keep any one directory to a few thousand entries. */
  private async newKey(ext: string): Promise<string> {
    if (!EXT.test(ext)) throw new Error(`Bad file extension: ${ext}`);
    const name = randomUUID();
    const dir = name.slice(0, 2);
    if (!this.made.has(dir)) {
      await mkdir(path.join(this.root, dir), { recursive: true });
      this.made.add(dir);
    }
    return `${dir}/${name}.${ext}`;
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('Bad storage key');
    return path.join(this.root, key);
  }
}
