import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmp, docx, jpegWithExif, mov, mp4, pdf, png, webm } from '../../test/uploads.js';
import { decodeBmp } from './images.js';
import { matchesExtension, sniff } from './sniff.js';

// --- content sniffing (unit)

describe('sniff', () => {
  it('names the container by its bytes', async () => {
    expect(await sniff(await png())).toBe('png');
    expect(await sniff(await jpegWithExif())).toBe('jpeg');
    expect(await sniff(bmp())).toBe('bmp');
    expect(await sniff(pdf())).toBe('pdf');
    expect(await sniff(docx())).toBe('docx');
    expect(await sniff(mp4(64))).toBe('isobmff');
    expect(await sniff(Buffer.from('hello world'))).toBeNull();
  });

  it('names video containers as before: any ISO box, WebM', async () => {
    expect(await sniff(mov())).toBe('isobmff');
    expect(await sniff(webm())).toBe('ebml');
    const box = (name: string) =>
      Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from(name), Buffer.alloc(64)]);
    for (const name of ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'])
      expect(await sniff(box(name))).toBe('isobmff');
  });

  it('decodes a bitmap the right way up', () => {
    const { data, width, height } = decodeBmp(bmp());
    expect([width, height]).toEqual([2, 2]);
    expect([...data.subarray(0, 4)]).toEqual([255, 0, 0, 255]); // top-left red
    expect([...data.subarray(8, 12)]).toEqual([0, 0, 255, 255]); // bottom-left blue
  });
});

describe('matchesExtension', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dm-sniff-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const file = async (name: string, data: Buffer) => {
    const at = path.join(dir, name);
    await writeFile(at, data);
    return at;
  };

  it('refuses a name that says pdf over PNG bytes, and png over PDF bytes', async () => {
    expect(await matchesExtension('pdf', await file('a.pdf', await png()))).toBe(false);
    expect(await matchesExtension('png', await file('b.png', pdf()))).toBe(false);
    expect(await matchesExtension('pdf', await file('c.pdf', pdf()))).toBe(true);
    expect(await matchesExtension('png', await file('d.png', await png()))).toBe(true);
  });

  it('accepts the video containers by their own extension only', async () => {
    expect(await matchesExtension('mp4', await file('a.mp4', mp4(128)))).toBe(true);
    expect(await matchesExtension('mov', await file('b.mov', mov()))).toBe(true);
    expect(await matchesExtension('webm', await file('c.webm', webm()))).toBe(true);
    expect(await matchesExtension('mkv', await file('d.mkv', webm()))).toBe(true);
    expect(await matchesExtension('webm', await file('e.webm', mp4(128)))).toBe(false);
    expect(await matchesExtension('mp4', await file('f.mp4', pdf()))).toBe(false);
  });
});
