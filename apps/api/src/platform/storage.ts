import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded and generated files live. Keys are generated here, never taken from a user's
 * file name, so no request can choose a path. Local disk now; an S3-compatible store can
 * implement the same interface later.
 */
export interface FileStorage {
  /** Stores the bytes under a new key ending in `.${ext}` and returns the key. */
  put(data: Uint8Array, ext: string): Promise<string>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

/** The uploads folder inside DATA_DIR. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

const EXT = /^[a-z0-9]{1,8}$/;
const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{8,64}\.[a-z0-9]{1,8}$/;

export class LocalDiskStorage implements FileStorage {
  /** Directories already created by this instance, to skip a mkdir per file. */
  private readonly made = new Set<string>();

  constructor(private readonly root: string) {}

  async put(data: Uint8Array, ext: string): Promise<string> {
    if (!EXT.test(ext)) throw new Error(`Bad file extension: ${ext}`);
    const name = randomUUID();
    // Two hex characters of fan-out keep any one directory to a few thousand entries.
    const dir = name.slice(0, 2);
    if (!this.made.has(dir)) {
      await mkdir(path.join(this.root, dir), { recursive: true });
      this.made.add(dir);
    }
    const key = `${dir}/${name}.${ext}`;
    await writeFile(path.join(this.root, key), data, { flag: 'wx' });
    return key;
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('Bad storage key');
    return path.join(this.root, key);
  }
}
