import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { portrait, renderPdf, renderPortrait, renderSeedFile, textDocument } from './files.js';
import { Rng } from './rng.js';

describe('seed portraits', () => {
  it('takes five draws from the stream, so the fields drawn after a picture keep their values', () => {
    const drawn = new Rng(3, 4);
    portrait(drawn, 'Blonde', 'Fair');
    const skipped = new Rng(3, 4);
    for (let i = 0; i < 5; i++) skipped.float();
    expect(drawn.float()).toBe(skipped.float());
  });

  it('renders a 96x120 RGB PNG in the hair and skin colours that sharp decodes', async () => {
    const file = portrait(new Rng(1, 1), 'Red', 'Very Fair');
    const png = await renderSeedFile(file);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 96, height: 120, channels: 3 });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    if (file.kind !== 'portrait') throw new Error('not a portrait');
    expect(at(48, 55)).toEqual([...file.skin]); // face
    expect(at(48, 26)).toEqual([...file.hair]); // top of the head
    expect(at(48, 110)).toEqual([...file.shirt]);
    expect(at(2, 2)).toEqual([...file.background]);
  });

  it('gives the same bytes for the same description and other bytes for other colours', async () => {
    const file = portrait(new Rng(7, 7), 'Black', 'Olive');
    if (file.kind !== 'portrait') throw new Error('not a portrait');
    const a = await renderPortrait(file);
    expect((await renderPortrait({ ...file })).equals(a)).toBe(true);
    expect((await renderPortrait({ ...file, hair: [220, 190, 120] })).equals(a)).toBe(false);
  });

  it('renders an equal description once', async () => {
    const a = await renderSeedFile(portrait(new Rng(8, 8), 'Auburn', 'Fair'));
    expect(await renderSeedFile(portrait(new Rng(8, 8), 'Auburn', 'Fair'))).toBe(a);
    expect(await renderSeedFile(portrait(new Rng(8, 8), 'Red', 'Fair'))).not.toBe(a);
  });
});

describe('seed documents', () => {
  const lines = ['Medical screening summary', 'Donor S00001', 'AMH: 3.1 ng/mL'];

  it('renders a one-page PDF titled by its first line', async () => {
    const pdf = await renderSeedFile(textDocument(lines, new Date('2026-02-01T00:00:00Z')));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Medical screening summary');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('is the same bytes for the same lines and day, whenever it is rendered', async () => {
    const file = textDocument(lines, new Date('2026-02-01T00:00:00Z'));
    if (file.kind !== 'pdf') throw new Error('not a document');
    const first = await renderPdf(file);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await renderPdf(file)).equals(first)).toBe(true);
    expect((await renderPdf({ ...file, lines: [...lines, 'more'] })).equals(first)).toBe(false);
  });
});
