import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './issues.js';
import { idSchema, MAX_ROW_ID } from './validation.js';

/** The first message of a parse, or the parsed value. */
function parse(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  return result.success ? result.data : result.error.issues.map((i) => i.message);
}

describe('idSchema', () => {
  const body = z.object({ center_id: idSchema() });

  it('takes a whole number from 1 to the serial key range, as a number or its digits', () => {
    for (const [value, id] of [
      [1, 1],
      ['42', 42],
      [MAX_ROW_ID, MAX_ROW_ID],
      [String(MAX_ROW_ID), MAX_ROW_ID],
    ] as const) {
      expect(parse(body, { center_id: value }), String(value)).toEqual({ center_id: id });
    }
  });

  it('refuses anything else with one message naming the field', () => {
    for (const value of [
      1e308,
      1.5,
      -1,
      0,
      2 ** 53,
      MAX_ROW_ID + 1,
      '1e308',
      '1.5',
      '-1',
      '0x10',
      ' 5',
      '',
      'abc',
      true,
      null,
      [5],
    ]) {
      expect(parse(body, { center_id: value }), JSON.stringify(value)).toEqual(['Center id is invalid.']);
    }
    expect(parse(body, {})).toEqual(['Center id is required.']);
  });

  it('a label or a message of its own; a bigserial key; 0 for "all"', () => {
    expect(parse(idSchema({ label: 'Donor id' }), 'x')).toEqual(['Donor id is invalid.']);
    expect(parse(idSchema({ label: 'Donor id' }), undefined)).toEqual(['Donor id is required.']);
    expect(parse(idSchema({ message: 'Please select a user.' }), undefined)).toEqual([
      'Please select a user.',
    ]);
    expect(parse(idSchema({ max: Number.MAX_SAFE_INTEGER }), MAX_ROW_ID + 1)).toBe(MAX_ROW_ID + 1);
    expect(parse(idSchema({ max: Number.MAX_SAFE_INTEGER }), 2 ** 53)).toEqual(['Value is invalid.']);
    expect(parse(idSchema({ orZero: true }), '0')).toBe(0);
    expect(parse(idSchema({ orZero: true }), -1)).toEqual(['Value is invalid.']);
  });

  it('is documented as a bounded integer (the OpenAPI document and the sweeps read it)', () => {
    expect(z.toJSONSchema(idSchema(), { io: 'input' })).toMatchObject({
      type: 'integer',
      exclusiveMinimum: 0,
      maximum: MAX_ROW_ID,
    });
  });
});
