import { describe, expect, it } from 'vitest';
import { groupRows } from './staff-donors.import.js';

const files = (general: string) => [
  { name: 'general.csv', content: general },
  { name: 'physical.csv', content: 'donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\n' },
  { name: 'education.csv', content: 'donor_key,education_level\n' },
  { name: 'status.csv', content: 'donor_key,availability,donor_type\n' },
];
const HEADER = 'donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state';

describe('groupRows', () => {
  it('groups quoted, multi-line cells by donor key and rejects a row without one', () => {
    const { donors, rejected } = groupRows(
      files(`${HEADER}\r\nK-1,k1@x.test,"Ann, Jr.",One,,,"New\nYork",NY\r\n,none@x.test,A,B,,,,\r\n`),
    );
    expect(donors).toHaveLength(1);
    expect(donors[0]!.rows.general![0]!.cells).toMatchObject({ first_name: 'Ann, Jr.', city: 'New\nYork' });
    expect(rejected).toEqual([{ file: 'general.csv', row: 3, donorKey: '', reason: 'donor_key is empty.' }]);
  });

  it('rejects a file that is not CSV with its name and line, and no cell of it', () => {
    expect(() => groupRows(files(`${HEADER}\nK-1,"secret@x.test,A,B,,,,\n`))).toThrow(
      'general.csv: not a valid CSV file (line 2).',
    );
  });

  it('rejects a file with a missing column', () => {
    expect(() => groupRows(files('donor_key,email\n'))).toThrow(
      'general.csv: missing column(s) first_name, last_name, date_of_birth, zipcode, city, state.',
    );
  });
});
