import { readFile, stat } from 'node:fs/promises';
import { DOCUMENT_MAX_BYTES } from '@dm/shared';
import { type FileTypeResult, fileTypeFromBuffer, fileTypeFromFile, fileTypeFromStream } from 'file-type';
import type { FileStorage } from '../../platform/storage.js';
import { headOf } from './received.js';

/**
 * What a file is by its bytes, not by its name, as the file-type package reads them. Each
 * allowed extension maps to the container family its bytes must show; an upload whose bytes say
 * otherwise is refused.
 */

export type Family =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'bmp'
  | 'isobmff'
  | 'ebml'
  | 'ogg'
  | 'avi'
  | 'asf'
  | 'mpeg'
  | 'pdf'
  | 'ole'
  | 'docx'
  | 'pptx'
  | 'odt';

/** The family each allowed extension must be, and the content type it is served with. */
export const EXTENSIONS: Record<string, { family: Family; contentType: string }> = {
  png: { family: 'png', contentType: 'image/png' },
  jpg: { family: 'jpeg', contentType: 'image/jpeg' },
  jpeg: { family: 'jpeg', contentType: 'image/jpeg' },
  gif: { family: 'gif', contentType: 'image/gif' },
  bmp: { family: 'bmp', contentType: 'image/bmp' },
  mp4: { family: 'isobmff', contentType: 'video/mp4' },
  mov: { family: 'isobmff', contentType: 'video/quicktime' },
  '3gp': { family: 'isobmff', contentType: 'video/3gpp' },
  webm: { family: 'ebml', contentType: 'video/webm' },
  mkv: { family: 'ebml', contentType: 'video/x-matroska' },
  ogg: { family: 'ogg', contentType: 'video/ogg' },
  avi: { family: 'avi', contentType: 'video/x-msvideo' },
  wmv: { family: 'asf', contentType: 'video/x-ms-wmv' },
  mpg: { family: 'mpeg', contentType: 'video/mpeg' },
  pdf: { family: 'pdf', contentType: 'application/pdf' },
  doc: { family: 'ole', contentType: 'application/msword' },
  ppt: { family: 'ole', contentType: 'application/vnd.ms-powerpoint' },
  docx: {
    family: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  pptx: {
    family: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  odt: { family: 'odt', contentType: 'application/vnd.oasis.opendocument.text' },
};

/**
 * The family of each type file-type names (it reads the magic bytes and, for containers, their
 * structure). ISO base media brands all count as one family, as the OLE and Ogg ones do: a
 * name's extension says the container, not the codec inside it.
 */
const FAMILY_OF: Record<string, Family> = {
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  gif: 'gif',
  bmp: 'bmp',
  ...Object.fromEntries(
    [
      'mp4',
      'm4v',
      'm4p',
      'm4b',
      'm4a',
      'mov',
      '3gp',
      '3g2',
      'f4v',
      'f4p',
      'f4a',
      'f4b',
      'heic',
      'avif',
      'cr3',
    ].map((ext) => [ext, 'isobmff' as const]),
  ),
  webm: 'ebml',
  mkv: 'ebml',
  ...Object.fromEntries(
    ['ogg', 'ogv', 'ogm', 'oga', 'ogx', 'opus', 'spx'].map((ext) => [ext, 'ogg' as const]),
  ),
  avi: 'avi',
  asf: 'asf',
  mpg: 'mpeg',
  pdf: 'pdf',
  // Adobe Illustrator files are PDFs that file-type tells apart.
  ai: 'pdf',
  cfb: 'ole',
  docx: 'docx',
  pptx: 'pptx',
  odt: 'odt',
};

/** Old QuickTime files may open with a box file-type does not look for. */
const QUICKTIME_BOXES = ['skip', 'pnot'];

/** Zip documents file-type could not name from their entries: judged by the names they hold. */
function zipDocument(whole: Uint8Array): Family | null {
  const names = Buffer.from(whole).toString('latin1');
  if (names.includes('[Content_Types].xml')) {
    if (names.includes('word/')) return 'docx';
    if (names.includes('ppt/')) return 'pptx';
  }
  return null;
}

function familyOf(type: FileTypeResult | undefined, head: Uint8Array, size: number): Family | null {
  if (!type) {
    const box = Buffer.from(head.subarray(4, 8)).toString('latin1');
    return QUICKTIME_BOXES.includes(box) ? 'isobmff' : null;
  }
  const family = FAMILY_OF[type.ext] ?? null;
  // A bitmap header alone (no pixel data) is not a bitmap.
  if (family === 'bmp' && size < 26) return null;
  return family;
}

/** The family of a file's bytes. */
export async function sniff(data: Uint8Array): Promise<Family | null> {
  const type = await fileTypeFromBuffer(data);
  if (type?.ext === 'zip') return zipDocument(data);
  return familyOf(type, data, data.length);
}

/**
 * The family of a file on disk, from its first bytes; a zip's entries are read whole only up to
 * the document limit (the only uploads that may be zips), never a video's worth.
 */
export async function sniffFile(file: string): Promise<Family | null> {
  const [type, { size }] = await Promise.all([fileTypeFromFile(file), stat(file)]);
  if (type?.ext === 'zip') return size <= DOCUMENT_MAX_BYTES ? zipDocument(await readFile(file)) : null;
  return familyOf(type, type ? new Uint8Array(0) : await headOf(file, 8), size);
}

/** Whether the bytes of a file on disk are what the extension claims. */
export async function matchesExtension(ext: string, file: string): Promise<boolean> {
  const expected = EXTENSIONS[ext];
  return expected !== undefined && (await sniffFile(file)) === expected.family;
}

/**
 * The family of a file in the store (joined video chunks), read from its first bytes as sniffFile
 * reads a file on disk: the stream is dropped once file-type has what it needs.
 */
export async function sniffStored(storage: FileStorage, key: string): Promise<Family | null> {
  const { stream, size } = await storage.open(key);
  let type: FileTypeResult | undefined;
  try {
    type = await fileTypeFromStream(stream);
  } finally {
    stream.destroy();
  }
  if (type?.ext === 'zip') return size <= DOCUMENT_MAX_BYTES ? zipDocument(await storage.read(key)) : null;
  if (type || size === 0) return familyOf(type, new Uint8Array(0), size);
  const head = await storage.open(key, { start: 0, end: Math.min(size, 8) - 1 });
  const bytes: Buffer[] = [];
  for await (const chunk of head.stream) bytes.push(chunk as Buffer);
  return familyOf(type, Buffer.concat(bytes), size);
}

/** Whether the bytes of a stored file are what the extension claims. */
export async function storedMatchesExtension(
  storage: FileStorage,
  key: string,
  ext: string,
): Promise<boolean> {
  const expected = EXTENSIONS[ext];
  return expected !== undefined && (await sniffStored(storage, key)) === expected.family;
}
