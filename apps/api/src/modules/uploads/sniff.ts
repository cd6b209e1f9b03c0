/**
 * What a file is by its bytes, not by its name. Each allowed extension maps to the container
 * family its first bytes must show; an upload whose bytes say otherwise is refused.
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

const startsWith = (buf: Uint8Array, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Uint8Array, text: string, at = 0) =>
  startsWith(
    buf,
    [...text].map((c) => c.charCodeAt(0)),
    at,
  );

/** ISO base media (mp4, mov, 3gp): a box size then a known box type at offset 4. */
const ISO_BOXES = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/**
 * The family of a file from its first bytes (at least 4 KiB when there are that many) and,
 * for zip containers, from the whole file (`zip` names its entries in the clear).
 */
export function sniff(head: Uint8Array, whole?: Uint8Array): Family | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'gif';
  if (ascii(head, 'BM') && head.length >= 26) return 'bmp';
  if (ISO_BOXES.some((box) => ascii(head, box, 4))) return 'isobmff';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'ebml';
  if (ascii(head, 'OggS')) return 'ogg';
  if (ascii(head, 'RIFF') && ascii(head, 'AVI ', 8)) return 'avi';
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) return 'mpeg';
  if (ascii(head, '%PDF-')) return 'pdf';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // OpenDocument puts an uncompressed "mimetype" entry first.
    if (ascii(head, 'mimetype', 30) && ascii(head, 'application/vnd.oasis.opendocument.text', 38))
      return 'odt';
    const names = Buffer.from(whole ?? head).toString('latin1');
    if (names.includes('[Content_Types].xml')) {
      if (names.includes('word/')) return 'docx';
      if (names.includes('ppt/')) return 'pptx';
    }
    return null;
  }
  return null;
}

/** Whether the bytes are what the extension claims. */
export function matchesExtension(ext: string, head: Uint8Array, whole?: Uint8Array): boolean {
  const expected = EXTENSIONS[ext];
  return expected !== undefined && sniff(head, whole) === expected.family;
}
