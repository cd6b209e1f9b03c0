import { canEditDonorNotes, canRemoveDonorNote, mayWriteNotes, ROLE } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OWN } from './subjects.js';

const donor = { centerId: OWN };

describe('note policy (packages/shared/src/policy/note.ts)', () => {
  // may write at all, edit this donor's notes, remove another's note, remove own note
  const table: Record<string, [boolean, boolean, boolean, boolean]> = {
    'master own': [false, false, false, false],
    'master other': [false, false, false, false],
    'admin own': [true, true, true, true],
    'admin other': [true, false, false, false],
    'manager own': [true, true, false, true],
    'manager other': [true, false, false, false],
    'client own': [false, false, false, false],
    'client other': [false, false, false, false],
    'donor own': [false, false, false, false],
    'donor other': [false, false, false, false],
  };
  it.each(everyone())('%s', (label, s) => {
    expect(
      [
        mayWriteNotes(s),
        canEditDonorNotes(s, donor),
        canRemoveDonorNote(s, donor, { authorId: 999 }),
        canRemoveDonorNote(s, donor, { authorId: s.userId }),
      ],
      label,
    ).toEqual(table[label]);
    expect(canRemoveDonorNote(s, donor, { authorId: null })).toBe(
      s.role === ROLE.ADMIN && s.centerId === OWN,
    );
  });
});
