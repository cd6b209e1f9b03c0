import type { Family } from './sniff.js';

/** sharp (libvips) loads a native library: only when a photo arrives, not at server start. */
const loadSharp = async () => (await import('sharp')).default;

/** Pixels one image may have (a 20 MB file can still unpack to a decompression bomb). */
const MAX_PIXELS = 60_000_000;

export interface Encoded {
  data: Buffer;
  ext: 'png' | 'jpg' | 'gif';
  contentType: string;
}

/**
 * Decodes an uncompressed Windows bitmap (BI_RGB, or BI_BITFIELDS with the usual masks) of 1,
 * 4, 8, 24 or 32 bits per pixel into RGBA. libvips has no BMP loader, so this small decoder
 * feeds sharp raw pixels; anything else (RLE, odd masks) is refused as unreadable.
 */
export function decodeBmp(buf: Buffer): { data: Buffer; width: number; height: number } {
  if (buf.length < 54 || buf.toString('latin1', 0, 2) !== 'BM') throw new Error('not a bmp');
  const offset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const bpp = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height === 0 || width * height > MAX_PIXELS) throw new Error('bad size');
  if (compression !== 0 && !(compression === 3 && (bpp === 32 || bpp === 16))) throw new Error('compressed');
  if (![1, 4, 8, 24, 32].includes(bpp)) throw new Error('unsupported depth');
  const colors = bpp <= 8 ? buf.readUInt32LE(46) || 1 << bpp : 0;
  const palette = 14 + headerSize;
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (offset + stride * height > buf.length) throw new Error('truncated');
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = offset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let b: number;
      let g: number;
      let r: number;
      let a = 255;
      if (bpp >= 24) {
        const p = row + x * (bpp / 8);
        b = buf[p]!;
        g = buf[p + 1]!;
        r = buf[p + 2]!;
      } else {
        const bit = x * bpp;
        const byte = buf[row + (bit >> 3)]!;
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        if (index >= colors) throw new Error('bad palette index');
        const p = palette + index * 4;
        b = buf[p]!;
        g = buf[p + 1]!;
        r = buf[p + 2]!;
      }
      if (bpp === 32 && compression === 0) a = 255;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  return { data: out, width, height };
}

/**
 * Re-encodes a photo so that no metadata (EXIF location, camera, comments) survives: sharp
 * writes none unless asked. JPEGs are turned upright first, since their orientation tag goes.
 * BMP becomes PNG. Throws when the bytes cannot be decoded.
 */
export async function reencodeImage(data: Buffer, family: Family): Promise<Encoded> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
  switch (family) {
    case 'jpeg':
      return {
        data: await sharp(data, options).rotate().jpeg({ quality: 90 }).toBuffer(),
        ext: 'jpg',
        contentType: 'image/jpeg',
      };
    case 'png':
      return { data: await sharp(data, options).png().toBuffer(), ext: 'png', contentType: 'image/png' };
    case 'gif':
      return {
        data: await sharp(data, { ...options, animated: true })
          .gif()
          .toBuffer(),
        ext: 'gif',
        contentType: 'image/gif',
      };
    case 'bmp': {
      const bmp = decodeBmp(data);
      return {
        data: await sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 4 } })
          .png()
          .toBuffer(),
        ext: 'png',
        contentType: 'image/png',
      };
    }
    default:
      throw new Error(`not an image: ${family}`);
  }
}
