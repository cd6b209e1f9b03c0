import { canEditDonorNotes, canRemoveDonorNote, mayWriteNotes, notesCenter, ROLE } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OTHER, OWN } from './subjects.js';

const donor = { centerId: OWN };

describe('note policy (packages/shared/src/policy/note.ts)', () => {
  // read and add notes, whose notes are read, edit the admin notes, remove: another's note of the
  // donor's center, one's own note written at the donor's center, another's note of the other
  // center, one's own note written at the other center
  type Row = [boolean, number | null | undefined, boolean, boolean, boolean, boolean, boolean];
  const table: Record<string, Row> = {
    'master own': [false, null, false, false, false, false, false],
    'master other': [false, null, false, false, false, false, false],
    'admin own': [true, OWN, true, true, true, false, false],
    'admin other': [true, OTHER, false, false, false, true, true],
    'manager own': [true, OWN, true, false, true, false, false],
    'manager other': [true, OTHER, false, false, false, false, true],
    'client own': [false, undefined, false, false, false, false, false],
    'client other': [false, undefined, false, false, false, false, false],
    'donor own': [false, undefined, false, false, false, false, false],
    'donor other': [false, undefined, false, false, false, false, false],
  };
  it.each(everyone())('%s', (label, s) => {
    expect(
      [
        mayWriteNotes(s),
        notesCenter(s),
        canEditDonorNotes(s, donor),
        canRemoveDonorNote(s, { centerId: OWN, authorId: 999 }),
        canRemoveDonorNote(s, { centerId: OWN, authorId: s.userId }),
        canRemoveDonorNote(s, { centerId: OTHER, authorId: 999 }),
        canRemoveDonorNote(s, { centerId: OTHER, authorId: s.userId }),
      ],
      label,
    ).toEqual(table[label]);
    expect(canRemoveDonorNote(s, { centerId: OWN, authorId: null })).toBe(
      s.role === ROLE.ADMIN && s.centerId === OWN,
    );
  });
});
