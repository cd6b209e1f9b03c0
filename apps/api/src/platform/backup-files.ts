import { createHash, createHmac } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type FileStorage, LocalDiskStorage } from './storage.js';
import { copyFiles } from './storage-copy.js';

/** The backup folder's table of contents (backup.ts writes it, restore.ts reads it). */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  appVersion: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** The dump's file name in the folder: pg_dump's custom format, or PGlite's gzipped tar. */
    file: string;
    /** Migrations applied to the database when it was dumped. */
    migrations: number;
  };
  /**
   * Tells whether a restore runs with the same APP_SECRET (which seals SSNs and SMTP passwords)
   * without holding anything that reveals it: an HMAC of a fixed text under the secret.
   */
  secretCheck: string;
  files: { key: string; size: number; sha256: string }[];
}

export const MANIFEST_FILE = 'manifest.json';
/** The store's files in a backup folder, laid out as the disk store lays out DATA_DIR/uploads. */
export const filesDir = (dir: string) => path.join(dir, 'files');

export function secretCheck(appSecret: string): string {
  return createHmac('sha256', appSecret).update('donor-match backup secret check').digest('hex').slice(0, 32);
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
}

/** The folder's manifest, or null when it has none (not a backup folder). */
export async function readManifest(dir: string): Promise<BackupManifest | null> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1 || !manifest.database || !Array.isArray(manifest.files))
    throw new Error(`${path.join(dir, MANIFEST_FILE)} is not a manifest this version reads`);
  return manifest;
}

/** Size and SHA-256 of a stream's bytes. */
export async function digest(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

export async function isEmptyStore(store: FileStorage): Promise<boolean> {
  for await (const _ of store.keys()) return false;
  return true;
}

/**
 * Copies every file of `store` into the backup folder and lists each with its size and SHA-256,
 * read back from the copy (what a restore will check it against).
 */
export async function backupFiles(
  store: FileStorage,
  dir: string,
  onProgress: (done: number, total: number) => void,
): Promise<BackupManifest['files']> {
  const copy = new LocalDiskStorage(filesDir(dir));
  const copied = await copyFiles(store, copy, (p) => onProgress(p.copied + p.skipped, p.total));
  const keys: string[] = [];
  for await (const key of copy.keys()) keys.push(key);
  keys.sort();
  const files: BackupManifest['files'] = [];
  for (const key of keys) files.push({ key, ...(await digest((await copy.open(key)).stream)) });
  if (files.length !== copied.total)
    throw new Error(`The store listed ${copied.total} files but the backup holds ${files.length}`);
  return files;
}

/** Keys whose file in `store` is missing or differs from the manifest (size or SHA-256). */
export async function filesNotMatching(
  store: FileStorage,
  files: BackupManifest['files'],
  onProgress: (done: number, total: number) => void = () => {},
): Promise<string[]> {
  const bad: string[] = [];
  let done = 0;
  for (const file of files) {
    try {
      const found = await digest((await store.open(file.key)).stream);
      if (found.size !== file.size || found.sha256 !== file.sha256) bad.push(file.key);
    } catch {
      bad.push(file.key);
    }
    onProgress(++done, files.length);
  }
  return bad;
}

/**
 * Puts the backup's files into `store` (copyFiles: resumable, same keys) and checks each one in
 * the store against the manifest. Returns the keys that do not match (none when all is well).
 */
export async function restoreFiles(
  dir: string,
  files: BackupManifest['files'],
  store: FileStorage,
  onProgress: (line: string) => void,
): Promise<string[]> {
  const copy = new LocalDiskStorage(filesDir(dir));
  await copyFiles(copy, store, (p) => onProgress(`${p.copied + p.skipped}/${p.total} files put back`));
  return filesNotMatching(store, files, (done, total) => onProgress(`${done}/${total} files checked`));
}
