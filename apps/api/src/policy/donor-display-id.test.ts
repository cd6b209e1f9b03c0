import { donorDisplayId } from '@dm/shared';
import { describe, expect, it } from 'vitest';

describe('donorDisplayId (packages/shared/src/donor-format.ts): the one id a donor is shown by', () => {
  it.each([
    ['agency id and display id', { agencyDisplayId: 'MA-07840', displayId: 'S07840', id: 7840 }, 'MA-07840'],
    ['display id only', { agencyDisplayId: null, displayId: 'S07840', id: 7840 }, 'S07840'],
    ['neither', { agencyDisplayId: null, displayId: null, id: 7840 }, '7840'],
    ['blank agency id', { agencyDisplayId: '  ', displayId: 'S07840', id: 7840 }, 'S07840'],
    ['blank ids', { agencyDisplayId: '', displayId: ' ', id: 12 }, '12'],
    ['ids with spaces around', { agencyDisplayId: ' MA-1 ', displayId: 'S1', id: 1 }, 'MA-1'],
    ['rows that leave the ids out', { id: 5 }, '5'],
  ])('%s', (_label, ids, shown) => {
    expect(donorDisplayId(ids)).toBe(shown);
  });

  it('reads the numeric id from donorId on the rows that call it so', () => {
    expect(donorDisplayId({ donorId: 31, displayId: 'S31', agencyDisplayId: null })).toBe('S31');
    expect(donorDisplayId({ donorId: 31, displayId: null, agencyDisplayId: null })).toBe('31');
    expect(donorDisplayId({ donorId: 31, displayId: 'S31', agencyDisplayId: 'GWK-31' })).toBe('GWK-31');
  });
});
