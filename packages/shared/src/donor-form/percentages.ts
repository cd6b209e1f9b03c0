import { MAX_ETHNICITY_COUNT, MAX_RACE_COUNT, RACE_PERCENTAGE_TOTAL, RACE_PERCENTAGES } from '../donor.js';
import { MSG } from '../messages.js';

// Race and ethnicity percentages (spec sections 5 and 8)

export interface PercentageEntry {
  name: string;
  percentage: number | null;
}
export type PercentageKind = 'race' | 'ethnicity';

/**
 * The first problem of a race or ethnicity list while it is being filled (null when none):
 * at most 4 entries, each entry's percentage chosen before the next, one entry of 100 excludes
 * others, and the total never above 100. With `totalFree` (a center setting) a percentage is any
 * whole number from 1 and only the ceiling applies.
 */
export function percentageProblem(
  entries: readonly PercentageEntry[],
  kind: PercentageKind,
  totalFree: boolean,
  evenSplit = false,
): string | null {
  const max = kind === 'race' ? MAX_RACE_COUNT : MAX_ETHNICITY_COUNT;
  if (entries.length > max) {
    return `${kind === 'race' ? MSG.RACE_MAX_PREFIX : MSG.ETHNICITY_MAX_PREFIX}${max}!`;
  }
  const names = new Set<string>();
  for (const e of entries) {
    if (names.has(e.name)) return MSG.RACE_DUPLICATE;
    names.add(e.name);
  }
  if (entries.some((e) => e.percentage === null)) return MSG.PERCENTAGE_PREVIOUS_FIRST;
  const values = entries.map((e) => e.percentage as number);
  if (evenSplit) {
    const cents = (list: readonly number[]) => list.map((v) => Math.round(v * 100)).sort((a, b) => a - b);
    const want = cents(splitEvenly(entries.length));
    return cents(values).every((v, i) => v === want[i]) ? null : MSG.PERCENTAGE_EXCEED;
  }
  if (!totalFree && values.some((v) => !(RACE_PERCENTAGES as readonly number[]).includes(v))) {
    return MSG.PERCENTAGE_PREVIOUS_FIRST;
  }
  if (totalFree && values.some((v) => v < 1 || v > RACE_PERCENTAGE_TOTAL)) return MSG.PERCENTAGE_EXCEED;
  if (entries.length > 1 && values.includes(RACE_PERCENTAGE_TOTAL)) {
    return kind === 'race' ? MSG.RACE_ALREADY_100 : MSG.ETHNICITY_ALREADY_100;
  }
  if (values.reduce((a, b) => a + b, 0) > RACE_PERCENTAGE_TOTAL) return MSG.PERCENTAGE_EXCEED;
  return null;
}

/** Complete for submission: no problem, at least one entry, and a total of exactly 100 (unless free). */
export function percentagesSubmittable(
  entries: readonly PercentageEntry[],
  kind: PercentageKind,
  totalFree: boolean,
  evenSplit = false,
): boolean {
  if (entries.length === 0 || percentageProblem(entries, kind, totalFree, evenSplit)) return false;
  if (totalFree || evenSplit) return true;
  return entries.reduce((a, e) => a + (e.percentage ?? 0), 0) === RACE_PERCENTAGE_TOTAL;
}

/**
 * The center setting raceEvenSplit: n selections share 100 evenly to two decimals, the last
 * taking the rounding remainder (3 -> 33.33, 33.33, 33.34).
 */
export function splitEvenly(n: number): number[] {
  if (n <= 0) return [];
  const each = Math.floor((RACE_PERCENTAGE_TOTAL * 100) / n) / 100;
  const last = Math.round((RACE_PERCENTAGE_TOTAL - each * (n - 1)) * 100) / 100;
  return [...Array.from({ length: n - 1 }, () => each), last];
}

/** Which percentage options may still be picked for the next entry (the web's select). */
export function percentageOptionsLeft(entries: readonly PercentageEntry[]): number[] {
  const used = entries.reduce((a, e) => a + (e.percentage ?? 0), 0);
  return RACE_PERCENTAGES.filter((p) => p + used <= RACE_PERCENTAGE_TOTAL);
}
