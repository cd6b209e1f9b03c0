import { z } from 'zod';
import { idSchema } from './validation.js';

/**
 * Carrier-screening compatibility (beyond the spec; decision 026): a donor's, an
 * intended parent's and a sperm source's carrier screening panels as data, and the pure
 * comparison of two panels the cards, the details page and the search filter all use.
 */

export const CARRIER_MSG = {
  SAVED: 'The carrier screening results are saved.',
  IMPORTED: (n: number) => `Imported ${n} ${n === 1 ? 'gene' : 'genes'} from the lab's file.`,
  NOT_AVAILABLE: 'These carrier screening results are not available.',
  LAB: 'Lab is required.',
  PANEL: 'Panel name is required.',
  DATE: 'Test date must be a date (YYYY-MM-DD).',
  DATE_FUTURE: 'Test date cannot be in the future.',
  GENES: 'List at least one gene tested.',
  TOO_MANY: 'A panel holds at most 2000 genes.',
  /** Names no value: a gene of a person's results is medical data, never echoed in an error. */
  GENE: 'A gene must be an HGNC symbol: upper-case letters, digits and hyphens.',
  VARIANT: 'A variant is at most 200 characters.',
  KIND: 'Whose results must be "self" or "sperm_source".',
  ID: 'The id is invalid.',
  DONORS: 'Donor ids must be a list of at most 100 ids.',
  CSV_EMPTY: 'The file holds no gene rows.',
  CSV_HEADER: 'The first line must name the columns gene, carrier and variant.',
  CSV_TOO_BIG: 'The file is too large (at most 1 MB).',
  csvRow: (line: number, message: string) => `Line ${line}: ${message}`,
  CSV_CARRIER: 'carrier must be yes or no.',
} as const;

/** The panels a parent keeps: their own, and the sperm source's (a partner or a sperm donor). */
export const PARENT_PANEL_KINDS = ['self', 'sperm_source'] as const;
export type ParentPanelKind = (typeof PARENT_PANEL_KINDS)[number];
export const PARENT_PANEL_LABEL: Record<ParentPanelKind, string> = {
  self: 'My results',
  sperm_source: "Sperm source's results",
};

/** An HGNC symbol as this app accepts it: upper-case letters, digits and hyphens, 1 to 20 long. */
export const GENE_SYMBOL = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

const gene = z.string().trim().regex(GENE_SYMBOL, CARRIER_MSG.GENE);

const variant = z
  .string()
  .trim()
  .max(200, CARRIER_MSG.VARIANT)
  .nullish()
  .transform((v) => (v ? v : null));

export const carriedGene = z.object({ gene, variant });
export type CarriedGene = z.infer<typeof carriedGene>;

/** A panel as entered (form or CSV): the genes tested and those carried, with variant where known. */
export const carrierPanelInput = z
  .object({
    lab: z.string().trim().min(1, CARRIER_MSG.LAB).max(120),
    panelName: z.string().trim().min(1, CARRIER_MSG.PANEL).max(120),
    testDate: z.iso.date(CARRIER_MSG.DATE),
    tested: z.array(gene).max(2000, CARRIER_MSG.TOO_MANY).default([]),
    carried: z.array(carriedGene).max(2000, CARRIER_MSG.TOO_MANY).default([]),
  })
  .transform((p) => normalisePanel(p))
  .refine((p) => p.tested.length > 0, { error: CARRIER_MSG.GENES, path: ['tested'] })
  .refine((p) => p.tested.length <= 2000, { error: CARRIER_MSG.TOO_MANY, path: ['tested'] });
export type CarrierPanelInput = z.input<typeof carrierPanelInput>;
export type CarrierPanel = z.output<typeof carrierPanelInput>;

/**
 * Deduplicates a panel: every carried gene counts as tested; a gene carried twice keeps its
 * first known variant; both lists sorted. Symbols are compared as given (HGNC symbols are unique).
 */
export function normalisePanel<P extends { tested: readonly string[]; carried: readonly CarriedGene[] }>(
  p: P,
): Omit<P, 'tested' | 'carried'> & { tested: string[]; carried: CarriedGene[] } {
  const carried = new Map<string, string | null>();
  for (const c of p.carried) carried.set(c.gene, carried.get(c.gene) ?? c.variant ?? null);
  const tested = [...new Set([...p.tested, ...carried.keys()])].sort();
  return {
    ...p,
    tested,
    carried: [...carried.keys()].sort().map((g) => ({ gene: g, variant: carried.get(g) ?? null })),
  };
}

/** What the comparison reads of a panel: the genes tested and those carried (a subset, or made one). */
export interface PanelGenes {
  tested: readonly string[];
  carried: readonly string[];
}

export const carrierStatus = z.enum(['risk', 'unknown', 'clear']);
export type CarrierStatus = z.output<typeof carrierStatus>;

export const carrierComparison = z.object({
  /** Genes both sides carry: a risk, named. */
  shared: z.array(z.string()),
  /** Genes tested by both where at most one side carries: no shared risk on these. */
  clear: z.array(z.string()),
  /** Genes tested on one side only: not known. */
  unknown: z.array(z.string()),
  /** Of `unknown`, those the side that tested carries: the unknowns that matter. */
  unknownCarried: z.array(z.string()),
  /** shared + clear: the genes tested by both. */
  testedByBoth: z.number(),
  /**
   * risk: a shared carrier gene; unknown: none shared, but a gene carried on one side is
   * untested on the other, or no gene is tested by both; clear: neither.
   */
  status: carrierStatus,
});
export type CarrierComparison = z.output<typeof carrierComparison>;

/**
 * Compares two panels. The union of the genes tested (a carried gene counts as tested) is
 * partitioned into shared, clear and unknown; a gene untested on either side is never clear.
 * Symmetric: compare(a, b) equals compare(b, a).
 */
export function compareCarrierPanels(a: PanelGenes, b: PanelGenes): CarrierComparison {
  const aCarried = new Set(a.carried);
  const bCarried = new Set(b.carried);
  const aTested = new Set([...a.tested, ...a.carried]);
  const bTested = new Set([...b.tested, ...b.carried]);
  const shared: string[] = [];
  const clear: string[] = [];
  const unknown: string[] = [];
  const unknownCarried: string[] = [];
  for (const g of [...new Set([...aTested, ...bTested])].sort()) {
    if (aTested.has(g) && bTested.has(g)) {
      (aCarried.has(g) && bCarried.has(g) ? shared : clear).push(g);
    } else {
      unknown.push(g);
      if (aCarried.has(g) || bCarried.has(g)) unknownCarried.push(g);
    }
  }
  const testedByBoth = shared.length + clear.length;
  const status: CarrierStatus =
    shared.length > 0 ? 'risk' : unknownCarried.length > 0 || testedByBoth === 0 ? 'unknown' : 'clear';
  return { shared, clear, unknown, unknownCarried, testedByBoth, status };
}

/** The one-line summary a card and the details page show. */
export function carrierSummary(c: CarrierComparison): string {
  if (c.shared.length > 0) return `Shared carrier genes: ${c.shared.join(', ')}`;
  if (c.testedByBoth === 0) return 'No gene tested by both: compatibility not known';
  return `No shared carrier genes among ${c.testedByBoth} tested by both`;
}

/** The unknowns' line, or null when every gene was tested by both. */
export function carrierUnknownLine(c: CarrierComparison): string | null {
  if (c.unknown.length === 0) return null;
  const n = c.unknown.length;
  const carried = c.unknownCarried.length ? ` (carried on one side: ${c.unknownCarried.join(', ')})` : '';
  return `${n} ${n === 1 ? 'gene' : 'genes'} tested on one side only, not known${carried}`;
}

// ---------------------------------------------------------------------------------------------
// Requests and answers

const id = idSchema({ message: CARRIER_MSG.ID });
export const carrierIdParams = z.object({ id });

/** POST /donorcarrierpanel/:id */
export const donorPanelBody = z.object({ panel: carrierPanelInput });

/** POST /donorcarrierpanel/:id/import: the lab's CSV export (gene, carrier, variant) as text. */
export const donorPanelImportBody = z.object({
  lab: z.string().trim().min(1, CARRIER_MSG.LAB).max(120),
  panelName: z.string().trim().min(1, CARRIER_MSG.PANEL).max(120),
  testDate: z.iso.date(CARRIER_MSG.DATE),
  csv: z.string().max(1_000_000, CARRIER_MSG.CSV_TOO_BIG),
});
export type DonorPanelImportBody = z.infer<typeof donorPanelImportBody>;

/** POST /parentcarrierpanel/:id/import: the parent's or the sperm source's lab CSV export. */
export const parentPanelImportBody = donorPanelImportBody.extend({
  kind: z.enum(PARENT_PANEL_KINDS, CARRIER_MSG.KIND),
});
export type ParentPanelImportBody = z.infer<typeof parentPanelImportBody>;

/** POST /parentcarrierpanel/:id */
export const parentPanelBody = z.object({
  kind: z.enum(PARENT_PANEL_KINDS, CARRIER_MSG.KIND),
  panel: carrierPanelInput,
});
export type ParentPanelBody = z.input<typeof parentPanelBody>;

/** POST /carriercompatibility: the caller's panel (staff: a client's) against each donor's. */
export const carrierCompatibilityBody = z.object({
  donorIds: z.array(id).max(100, CARRIER_MSG.DONORS),
  parentId: id.optional(),
});
export type CarrierCompatibilityBody = z.infer<typeof carrierCompatibilityBody>;

export const carrierPanelData = z.object({
  lab: z.string(),
  panelName: z.string(),
  testDate: z.string(),
  tested: z.array(z.string()),
  /** Variants only to those who may read them (the donor's center; the parent's own). */
  carried: z.array(z.object({ gene: z.string(), variant: z.string().nullable() })),
  updatedAt: z.string(),
});
export type CarrierPanelData = z.infer<typeof carrierPanelData>;

export const donorPanelData = z.object({
  donorId: z.number(),
  panel: carrierPanelData.nullable(),
  /** Whether the caller may enter or import the donor's results. */
  canEdit: z.boolean(),
});
export type DonorPanelData = z.infer<typeof donorPanelData>;

export const parentPanelsData = z.object({
  userId: z.number(),
  self: carrierPanelData.nullable(),
  sperm_source: carrierPanelData.nullable(),
});
export type ParentPanelsData = z.infer<typeof parentPanelsData>;

export const carrierCompatibilityData = z.object({
  /** The panel compared with: the sperm source's when recorded, else the parent's own; null: none. */
  against: z.enum(PARENT_PANEL_KINDS).nullable(),
  donors: z.array(z.object({ donorId: z.number(), comparison: carrierComparison.nullable() })),
});
export type CarrierCompatibilityData = z.infer<typeof carrierCompatibilityData>;

/** The search filter's label (a parent with results sees it). */
export const NO_SHARED_CARRIER_LABEL = 'No shared carrier genes with my results';
