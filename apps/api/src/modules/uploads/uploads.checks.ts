import { readFile } from 'node:fs/promises';
import { UPLOAD_MSG } from '@dm/shared';
import { badRequest } from '../../platform/errors.js';
import { reencodeImage } from './images.js';
import type { Receive, ReceivedFile } from './received.js';
import { EXTENSIONS, sniffFile } from './sniff.js';
import type { Deps } from './uploads.shared.js';

// --- checks shared by every upload

/** What a stored file will be: bytes (images re-encoded), extension and content type. */
export interface Checked {
  file: ReceivedFile;
  ext: string;
  contentType: string;
  /** Re-encoded image bytes; other files are moved in from their work file. */
  data?: Buffer;
}

export function checkFile(
  file: ReceivedFile,
  types: readonly string[],
  maxBytes: number,
  wrongType: string,
): string | null {
  if (!types.includes(file.ext)) return wrongType;
  if (file.size === 0) return UPLOAD_MSG.INVALID;
  if (file.tooBig || file.size > maxBytes) return UPLOAD_MSG.TOO_BIG;
  return null;
}

/** Bytes must be what the name says; images are decoded and re-encoded without metadata. */
export async function checkContent(file: ReceivedFile): Promise<Checked | string> {
  const family = await sniffFile(file.path);
  const expected = EXTENSIONS[file.ext];
  if (!expected || expected.family !== family) return UPLOAD_MSG.INVALID;
  if (family === 'png' || family === 'jpeg' || family === 'gif' || family === 'bmp') {
    try {
      const encoded = await reencodeImage(await readFile(file.path), family);
      return { file, ext: encoded.ext, contentType: encoded.contentType, data: encoded.data };
    } catch {
      return UPLOAD_MSG.READ_IMAGES_FAILED;
    }
  }
  return { file, ext: file.ext, contentType: expected.contentType };
}

export async function store(deps: Deps, checked: Checked): Promise<string> {
  return checked.data
    ? deps.storage.put(checked.data, checked.ext)
    : deps.storage.putFile(checked.file.path, checked.ext);
}

/** One file or none: the first file's check failure is the answer. */
export async function singleFile(
  received: Awaited<ReturnType<Receive>>,
  types: readonly string[],
  maxBytes: number,
  wrongType: string,
): Promise<Checked> {
  const file = received.files[0];
  if (!file) throw badRequest(UPLOAD_MSG.SELECT_FILE);
  const problem = checkFile(file, types, maxBytes, wrongType);
  if (problem) throw badRequest(problem);
  const checked = await checkContent(file);
  if (typeof checked === 'string') throw badRequest(checked);
  return checked;
}
