import {
  CARRIER_MSG,
  carrierPanelInput,
  carrierSummary,
  compareCarrierPanels,
  type PanelGenes,
} from '@dm/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// A small alphabet of genes, so the two sides often overlap.
const GENES = ['CFTR', 'HBB', 'SMN1', 'GJB2', 'HEXA', 'FMR1', 'PAH', 'GBA', 'ASPA', 'MEFV'];
const panel: fc.Arbitrary<PanelGenes> = fc
  .tuple(fc.subarray(GENES), fc.subarray(GENES))
  // Carried genes may come without their tested entry: the comparison counts them as tested.
  .map(([tested, carried]) => ({ tested, carried }));
const testedOf = (p: PanelGenes) => new Set([...p.tested, ...p.carried]);

describe('compareCarrierPanels (properties)', () => {
  it('is symmetric', () => {
    fc.assert(
      fc.property(panel, panel, (a, b) => {
        expect(compareCarrierPanels(a, b)).toEqual(compareCarrierPanels(b, a));
      }),
    );
  });

  it('never calls a gene untested on either side compatible', () => {
    fc.assert(
      fc.property(panel, panel, (a, b) => {
        const c = compareCarrierPanels(a, b);
        const ta = testedOf(a);
        const tb = testedOf(b);
        for (const g of c.clear) expect(ta.has(g) && tb.has(g)).toBe(true);
        for (const g of c.shared) expect(ta.has(g) && tb.has(g)).toBe(true);
        // "clear" overall only when every carried gene was tested by the other side.
        if (c.status === 'clear') {
          for (const g of [...a.carried, ...b.carried]) expect(ta.has(g) && tb.has(g)).toBe(true);
          expect(c.testedByBoth).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('partitions the union of the genes tested', () => {
    fc.assert(
      fc.property(panel, panel, (a, b) => {
        const c = compareCarrierPanels(a, b);
        const union = new Set([...testedOf(a), ...testedOf(b)]);
        const parts = [...c.shared, ...c.clear, ...c.unknown];
        expect(parts.length).toBe(union.size);
        expect(new Set(parts)).toEqual(union);
        expect(c.testedByBoth).toBe(c.shared.length + c.clear.length);
        for (const g of c.unknownCarried) expect(c.unknown).toContain(g);
      }),
    );
  });

  it('names as shared exactly the genes both carry', () => {
    fc.assert(
      fc.property(panel, panel, (a, b) => {
        const both = GENES.filter((g) => a.carried.includes(g) && b.carried.includes(g));
        expect(compareCarrierPanels(a, b).shared).toEqual([...both].sort());
        expect(compareCarrierPanels(a, b).status === 'risk').toBe(both.length > 0);
      }),
    );
  });
});

describe('compareCarrierPanels (examples) and the summary', () => {
  it('a shared carrier is a named risk', () => {
    const c = compareCarrierPanels(
      { tested: ['CFTR', 'HBB', 'SMN1'], carried: ['CFTR'] },
      { tested: ['CFTR', 'HBB'], carried: ['CFTR', 'HBB'] },
    );
    expect(c).toMatchObject({ shared: ['CFTR'], clear: ['HBB'], unknown: ['SMN1'], status: 'risk' });
    expect(carrierSummary(c)).toBe('Shared carrier genes: CFTR');
  });

  it('counts the genes tested by both when none is shared', () => {
    const c = compareCarrierPanels(
      { tested: ['CFTR', 'HBB', 'SMN1'], carried: ['HBB'] },
      { tested: ['CFTR', 'HBB', 'SMN1', 'GJB2'], carried: [] },
    );
    expect(c.status).toBe('clear');
    expect(carrierSummary(c)).toBe('No shared carrier genes among 3 tested by both');
  });

  it('a carried gene the other side did not test is not known, never clear', () => {
    const c = compareCarrierPanels({ tested: ['HBB'], carried: ['CFTR'] }, { tested: ['HBB'], carried: [] });
    expect(c).toMatchObject({ unknownCarried: ['CFTR'], status: 'unknown', clear: ['HBB'] });
  });
});

describe('carrierPanelInput', () => {
  it('trims, deduplicates and counts carried genes as tested', () => {
    const p = carrierPanelInput.parse({
      lab: ' Lab ',
      panelName: 'Panel',
      testDate: '2025-01-02',
      tested: [' HBB', 'HBB', 'CFTR'],
      carried: [
        { gene: 'SMN1', variant: '' },
        { gene: 'SMN1', variant: 'c.840C>T' },
      ],
    });
    expect(p).toEqual({
      lab: 'Lab',
      panelName: 'Panel',
      testDate: '2025-01-02',
      tested: ['CFTR', 'HBB', 'SMN1'],
      carried: [{ gene: 'SMN1', variant: 'c.840C>T' }],
    });
  });

  it('refuses a symbol that is not HGNC-shaped, with the message', () => {
    const r = carrierPanelInput.safeParse({
      lab: 'L',
      panelName: 'P',
      testDate: '2025-01-02',
      tested: ['cftr'],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(CARRIER_MSG.GENE);
    expect(r.error?.issues[0]?.path).toEqual(['tested', 0]);
  });
});
