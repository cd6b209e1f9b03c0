import PDFDocument from 'pdfkit';
import type { Rng } from './rng.js';

/*
 * The synthetic donors' pictures and documents. The generator stays pure and synchronous, so it
 * only describes each file (a SeedFile); writing renders it: photos with sharp, documents with
 * pdfkit. Equal descriptions share one render, so a 100,000-donor seed encodes a few hundred
 * distinct files rather than a third of a million.
 */

type Rgb = readonly [number, number, number];

export type SeedFile =
  | { kind: 'portrait'; background: Rgb; shirt: Rgb; hair: Rgb; skin: Rgb }
  | { kind: 'pdf'; lines: readonly string[]; created: Date };

const COLORS: Record<string, Rgb> = {
  Black: [30, 25, 22],
  'Dark Brown': [60, 40, 28],
  Brown: [100, 68, 42],
  'Light Brown': [150, 110, 70],
  Auburn: [130, 55, 30],
  Red: [170, 70, 40],
  'Strawberry Blonde': [210, 150, 100],
  Blonde: [220, 190, 120],
  'Light Blonde': [240, 220, 160],
  Gray: [160, 160, 160],
  'Very Fair': [250, 225, 210],
  Fair: [240, 205, 180],
  'Light Olive': [220, 180, 140],
  Olive: [195, 150, 110],
  'Medium Brown': [160, 110, 75],
  'Dark Brown skin': [95, 60, 40],
};
const BACKGROUNDS: Rgb[] = [
  [205, 225, 245],
  [230, 215, 240],
  [215, 240, 220],
  [250, 230, 205],
  [235, 235, 235],
];
const SHIRTS: Rgb[] = [
  [60, 90, 160],
  [170, 60, 70],
  [70, 140, 90],
  [120, 120, 130],
];

/** A 96x120 portrait silhouette in the donor's hair and skin colours. */
export function portrait(rng: Rng, hairColor: string, skinType: string): SeedFile {
  const background = rng.pick(BACKGROUNDS);
  const shirt = rng.pick(SHIRTS);
  // Three draws more, as the free shirt colour and head offset took before the palette: the
  // donor's later fields stay what the same seed always gave.
  for (let i = 0; i < 3; i++) rng.float();
  return {
    kind: 'portrait',
    background,
    shirt,
    hair: COLORS[hairColor] ?? COLORS.Brown!,
    skin: COLORS[skinType === 'Dark Brown' ? 'Dark Brown skin' : skinType] ?? COLORS.Fair!,
  };
}

/** A one-page PDF with a few lines of text; `created` is its creation date (same seed, same bytes). */
export function textDocument(lines: readonly string[], created: Date): SeedFile {
  return { kind: 'pdf', lines, created };
}

/** sharp (libvips) loads a native library: only when a seed draws pictures, not at server start. */
const loadSharp = async () => (await import('sharp')).default;

const WIDTH = 96;
const HEIGHT = 120;
const css = (c: Rgb) => `rgb(${c.join(',')})`;

/** The PNG of a portrait (exported for its test; the seed goes through renderSeedFile). */
export async function renderPortrait(p: Extract<SeedFile, { kind: 'portrait' }>): Promise<Buffer> {
  const sharp = await loadSharp();
  // Background, shirt, hair, neck, face, then the fringe over the forehead. One SVG costs half
  // of a created canvas with the figure composited on it.
  const figure = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="${css(p.background)}"/>
  <path d="M8 92 H88 L96 120 H0 Z" fill="${css(p.shirt)}"/>
  <circle cx="48" cy="48" r="26" fill="${css(p.hair)}"/>
  <rect x="40" y="70" width="16" height="22" fill="${css(p.skin)}"/>
  <ellipse cx="48" cy="52" rx="19" ry="24" fill="${css(p.skin)}"/>
  <path d="M22.08 46 A26 26 0 0 1 73.92 46 Z" fill="${css(p.hair)}"/>
</svg>`;
  return sharp(Buffer.from(figure)).removeAlpha().png().toBuffer();
}

/** The PDF of a document (exported for its test; the seed goes through renderSeedFile). */
export function renderPdf(p: Extract<SeedFile, { kind: 'pdf' }>): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 72,
    info: { Title: p.lines[0], CreationDate: p.created },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(12);
  for (const line of p.lines) doc.text(line, { lineGap: 2 });
  doc.end();
  return done;
}

/**
 * Renders by description. Portraits come from a palette and documents carry no per-donor text,
 * so a large seed renders a few hundred files; the bound only keeps a future per-donor field
 * from holding every render in memory.
 */
const rendered = new Map<string, Promise<Buffer>>();
const MAX_RENDERED = 5_000;

/** The bytes of a described file: PNG for a portrait, PDF for a document. */
export function renderSeedFile(file: SeedFile): Promise<Buffer> {
  const key = JSON.stringify(file);
  let bytes = rendered.get(key);
  if (!bytes) {
    bytes = file.kind === 'pdf' ? renderPdf(file) : renderPortrait(file);
    if (rendered.size >= MAX_RENDERED) rendered.clear();
    rendered.set(key, bytes);
  }
  return bytes;
}
