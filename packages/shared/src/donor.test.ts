import { describe, expect, it } from 'vitest';
import { ageFrom } from './donor.js';

describe('ageFrom', () => {
  const now = new Date('2026-06-15T23:30:00Z');

  it('counts whole years, the birthday itself included, from a date or its text', () => {
    for (const [dob, age] of [
      ['2000-06-15', 26],
      ['2000-06-16', 25],
      ['2000-05-31', 26],
      ['2000-07-01', 25],
      ['2000-02-29', 26],
      ['2008-06-15T00:00:00.000Z', 18],
    ] as const) {
      expect(ageFrom(dob, now)).toBe(age);
      expect(ageFrom(new Date(`${dob.slice(0, 10)}T00:00:00Z`), now)).toBe(age);
    }
  });

  it('reads a leap-day birthday as not yet reached on the 28th of February', () => {
    expect(ageFrom('2004-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(21);
    expect(ageFrom('2004-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(22);
  });
});
