import { CARRIER_MSG, type CarriedGene, GENE_SYMBOL } from '@dm/shared';
import { parseCsv } from '../../platform/csv.js';

/**
 * A lab's CSV export of a donor's panel (decision 026). The first line names the columns, in any
 * order and case: `gene` (an HGNC symbol), `carrier` (yes/no, y/n, true/false, 1/0) and
 * optionally `variant`. Each further line is one gene tested. Line numbers count the file's
 * non-empty lines, the header being line 1.
 */
export const CARRIER_CSV_COLUMNS = ['gene', 'carrier', 'variant'] as const;

export interface CsvRowError {
  line: number;
  message: string;
}

export type CarrierCsv =
  | { ok: true; tested: string[]; carried: CarriedGene[] }
  | { ok: false; errors: CsvRowError[] };

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

export function parseCarrierCsv(text: string): CarrierCsv {
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch {
    return { ok: false, errors: [{ line: 1, message: CARRIER_MSG.CSV_HEADER }] };
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const geneAt = header.indexOf('gene');
  const carrierAt = header.indexOf('carrier');
  const variantAt = header.indexOf('variant');
  if (geneAt < 0 || carrierAt < 0)
    return { ok: false, errors: [{ line: 1, message: CARRIER_MSG.CSV_HEADER }] };
  if (rows.length < 2) return { ok: false, errors: [{ line: 1, message: CARRIER_MSG.CSV_EMPTY }] };
  const errors: CsvRowError[] = [];
  const tested: string[] = [];
  const carried: CarriedGene[] = [];
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const gene = (row[geneAt] ?? '').trim();
    const flag = (row[carrierAt] ?? '').trim().toLowerCase();
    const variant = variantAt < 0 ? '' : (row[variantAt] ?? '').trim();
    if (!GENE_SYMBOL.test(gene)) errors.push({ line, message: CARRIER_MSG.GENE });
    else if (!YES.has(flag) && !NO.has(flag)) errors.push({ line, message: CARRIER_MSG.CSV_CARRIER });
    else if (variant.length > 200) errors.push({ line, message: CARRIER_MSG.VARIANT });
    else {
      tested.push(gene);
      if (YES.has(flag)) carried.push({ gene, variant: variant || null });
    }
  });
  return errors.length ? { ok: false, errors } : { ok: true, tested, carried };
}
