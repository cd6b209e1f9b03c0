// Change sets

export interface FieldChange {
  /** Dotted path: a field, or section.index.field for a repeating section. */
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What changed between two versions of a tab: every top-level field that differs, and inside a
 * list of objects every field of every row (a row added or removed shows all its fields).
 */
export function diffTab(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const out: FieldChange[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    if (same(a, b)) continue;
    const isRows = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null);
    if (isRows(a ?? []) && isRows(b ?? []) && (Array.isArray(a) || Array.isArray(b))) {
      const ra = (a ?? []) as Record<string, unknown>[];
      const rb = (b ?? []) as Record<string, unknown>[];
      for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
        const x = ra[i] ?? {};
        const y = rb[i] ?? {};
        for (const f of [...new Set([...Object.keys(x), ...Object.keys(y)])]) {
          if (f === 'id') continue;
          if (!same(x[f], y[f]))
            out.push({ field: `${key}.${i}.${f}`, before: x[f] ?? null, after: y[f] ?? null });
        }
      }
      continue;
    }
    out.push({ field: key, before: a ?? null, after: b ?? null });
  }
  return out;
}
