import {
  ageEligible,
  BMI_OPTIONS,
  bmiEligible,
  bmiFromPounds,
  DEFAULT_REJECTION_RANGE,
  eligibilityFacts,
  fillAgePlaceholders,
  PREFORM_QUESTIONS,
  preFormStatusOf,
  preformEligibility,
  RANGE_NOT_SET,
  type RejectionRange,
  rangeComplete,
  rejectionSettingsBody,
  submitPreformBody,
  usDateToIso,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('ageEligible: minimum inclusive, maximum exclusive, 3 months margin below the maximum', () => {
  // Born 2000-06-15: 21 on 2021-06-15, 30 on 2030-06-15; 3 months before that is 2030-03-15.
  const dob = '2000-06-15';
  it('the minimum counts from the birthday itself', () => {
    expect(ageEligible(dob, 21, 30, at('2021-06-14'))).toBe(false);
    expect(ageEligible(dob, 21, 30, at('2021-06-15'))).toBe(true);
    expect(ageEligible(dob, 21, 30, at('2021-06-16'))).toBe(true);
  });
  it('one year under the maximum is eligible until 3 months before the birthday', () => {
    expect(ageEligible(dob, 21, 30, at('2029-06-15'))).toBe(true);
    expect(ageEligible(dob, 21, 30, at('2030-03-14'))).toBe(true);
    expect(ageEligible(dob, 21, 30, at('2030-03-15'))).toBe(false);
    expect(ageEligible(dob, 21, 30, at('2030-03-16'))).toBe(false);
  });
  it('the maximum age itself is excluded', () => {
    expect(ageEligible(dob, 21, 30, at('2030-06-14'))).toBe(false);
    expect(ageEligible(dob, 21, 30, at('2030-06-15'))).toBe(false);
    expect(ageEligible(dob, 21, 30, at('2031-01-01'))).toBe(false);
  });
  it('the margin is counted in calendar months, clamped at a month end', () => {
    // Born 1996-05-31, turns 30 on 2026-05-31; three months earlier is 2026-02-28.
    expect(ageEligible('1996-05-31', 21, 30, at('2026-02-27'))).toBe(true);
    expect(ageEligible('1996-05-31', 21, 30, at('2026-02-28'))).toBe(false);
  });
  it('a leap-day birthday reaches its age on 1 March in other years', () => {
    expect(ageEligible('2004-02-29', 21, 30, at('2025-02-28'))).toBe(false);
    expect(ageEligible('2004-02-29', 21, 30, at('2025-03-01'))).toBe(true);
  });
  it('a bound of 0 is not set', () => {
    expect(ageEligible(dob, 0, 0, at('2050-01-01'))).toBe(true);
    expect(ageEligible(dob, 0, 30, at('2001-01-01'))).toBe(true);
  });
});

describe('BMI from pounds and centimetres', () => {
  it('uses 2.20462 lb per kg and rounds to one decimal', () => {
    // 140 lb = 63.503 kg; 165 cm: 63.503 / 2.7225 = 23.33
    expect(bmiFromPounds(140, 165)).toBe(23.3);
    expect(bmiFromPounds(200, 160)).toBe(35.4);
  });
  it('both ends of the range are inside, 0.1 beyond is outside', () => {
    expect(bmiEligible(18.4, 18.5, 29.9)).toBe(false);
    expect(bmiEligible(18.5, 18.5, 29.9)).toBe(true);
    expect(bmiEligible(29.9, 18.5, 29.9)).toBe(true);
    expect(bmiEligible(30.0, 18.5, 29.9)).toBe(false);
    // Float sums like 0.1 + 0.2 must not move a value across an edge.
    expect(bmiEligible(18.4 + 0.1, 18.5, 29.9)).toBe(true);
  });
  it('a computed BMI right at the edge is judged on its one-decimal value', () => {
    // 165 cm: 29.94 rounds to 29.9 (in), 29.96 rounds to 30.0 (out).
    const lbFor = (b: number) => b * 1.65 * 1.65 * 2.20462;
    expect(bmiFromPounds(lbFor(29.94), 165)).toBe(29.9);
    expect(bmiEligible(bmiFromPounds(lbFor(29.94), 165), 18.5, 29.9)).toBe(true);
    expect(bmiEligible(bmiFromPounds(lbFor(29.96), 165), 18.5, 29.9)).toBe(false);
  });
  it('options run 15.0 to 35.9 in 0.1 steps', () => {
    expect(BMI_OPTIONS[0]).toBe(15);
    expect(BMI_OPTIONS.at(-1)).toBe(35.9);
    expect(BMI_OPTIONS).toHaveLength(210);
    expect(BMI_OPTIONS).toContain(18.5);
  });
});

const range: RejectionRange = DEFAULT_REJECTION_RANGE; // first-time 21-30, experienced 21-33, BMI 18.5-29.9
const goodAnswers: Record<string, string> = {
  '1': 'Nia',
  '2': 'Newdonor',
  '3': 'nia@demo.test',
  '4': '06/15/2000',
  '5': '165.1',
  '6': '140',
  '7': 'no',
  '8': 'no',
  '9': 'no',
  '10': 'yes',
  '11': 'yes',
  '12': 'no',
  '13': 'no',
  '14': 'no',
  '15': 'yes',
  '16': 'yes',
};

describe('preformEligibility', () => {
  const now = at('2026-01-10');
  it('accepts a donor within every rule', () => {
    const result = preformEligibility(eligibilityFacts(goodAnswers), range, [], now);
    expect(result).toEqual({ eligible: true, reasons: [], bmi: 23.3, disqualifyingQuestionIds: [] });
    expect(preFormStatusOf(result, true)).toBe(1);
  });
  it('uses the experienced range for a donor who has donated before', () => {
    // 31 years old: too old for a first-time donor (under 30), fine for an experienced one (under 33).
    const older = { ...goodAnswers, '4': '01/01/1995' };
    expect(preformEligibility(eligibilityFacts(older), range, [], now).reasons).toEqual(['age']);
    const experienced = { ...older, '7': 'yes' };
    expect(preformEligibility(eligibilityFacts(experienced), range, [], now).eligible).toBe(true);
  });
  it('rejects on BMI and on a disqualifying answer, each named', () => {
    const heavy = { ...goodAnswers, '6': '230', '8': 'yes', '10': 'no' };
    const result = preformEligibility(eligibilityFacts(heavy), range, [], now);
    expect(result.reasons).toEqual(['bmi', 'answers']);
    expect(result.disqualifyingQuestionIds).toEqual([8, 10]);
    expect(preFormStatusOf(result, true)).toBe(0);
    // With auto-rejection off every submitted pre-form is accepted.
    expect(preFormStatusOf(result, false)).toBe(1);
  });
  it('only enabled questions count', () => {
    const smoker = { ...goodAnswers, '8': 'yes' };
    expect(preformEligibility(eligibilityFacts(smoker), range, [8], now).eligible).toBe(true);
    expect(preformEligibility(eligibilityFacts(smoker), range, [9], now).eligible).toBe(false);
  });
  it('an unset range does not limit', () => {
    const old = { ...goodAnswers, '4': '01/01/1970', '6': '300' };
    expect(preformEligibility(eligibilityFacts(old), RANGE_NOT_SET, [], now).reasons).toEqual([]);
  });
});

describe('the pre-form schema', () => {
  it('says which field seems incorrect', () => {
    const bad = submitPreformBody.safeParse({
      preFormDetails: { ...goodAnswers, '1': 'N1a', '3': 'not-an-email', '4': '02/30/2000' },
      finalDeclaration: true,
    });
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toEqual([
      'First name seems incorrect.',
      'Email seems incorrect.',
      'Date of birth seems incorrect.',
    ]);
  });
  it('needs the final declaration and every answer', () => {
    const bad = submitPreformBody.safeParse({ preFormDetails: { ...goodAnswers, '9': undefined } });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Please answer the question: Recreational drugs.',
      'Please select final declaration in order to continue.',
    ]);
    expect(submitPreformBody.safeParse({ preFormDetails: goodAnswers, finalDeclaration: true }).success).toBe(
      true,
    );
  });
  it('reads MM/DD/YYYY dates', () => {
    expect(usDateToIso('06/15/2000')).toBe('2000-06-15');
    expect(usDateToIso('2000-06-15')).toBeNull();
    expect(usDateToIso('13/01/2000')).toBeNull();
  });
  it('fills the age placeholders from the range', () => {
    const q = PREFORM_QUESTIONS.find((x) => x.id === 7)!;
    expect(fillAgePlaceholders(q.text, { ...range, first_time_donor_min_age: 19 })).toContain(
      'at least 19 and under 30',
    );
  });
});

describe('the rejection range schema', () => {
  const full = { ...range, auto_rejection: true };
  it('refuses auto-rejection while a range value is 0', () => {
    const bad = rejectionSettingsBody.safeParse({ ...full, bmi_min: 0 });
    expect(bad.error?.issues[0]?.message).toBe('Please set the BMI and Age range first.');
    expect(rejectionSettingsBody.safeParse({ ...full, bmi_min: 0, auto_rejection: false }).success).toBe(
      true,
    );
  });
  it('takes BMI only from 15.0 to 35.9 in 0.1 steps', () => {
    expect(rejectionSettingsBody.safeParse({ ...full, bmi_min: 15 }).success).toBe(true);
    expect(rejectionSettingsBody.safeParse({ ...full, bmi_max: 35.9 }).success).toBe(true);
    expect(rejectionSettingsBody.safeParse({ ...full, bmi_min: 14.9 }).success).toBe(false);
    expect(rejectionSettingsBody.safeParse({ ...full, bmi_max: 36 }).success).toBe(false);
    expect(rejectionSettingsBody.safeParse({ ...full, bmi_min: 18.55 }).success).toBe(false);
  });
  it('needs each maximum age above its minimum', () => {
    const bad = rejectionSettingsBody.safeParse({ ...full, first_time_donor_max_age: 21 });
    expect(bad.error?.issues[0]?.message).toBe('First-time donor maximum age must be above the minimum age.');
  });
});

describe('rangeComplete', () => {
  it('looks only at the range, whatever the switch', () => {
    expect(rangeComplete({ ...DEFAULT_REJECTION_RANGE })).toBe(true);
    expect(rangeComplete({ ...DEFAULT_REJECTION_RANGE, auto_rejection: false } as RejectionRange)).toBe(true);
    expect(rangeComplete({ ...DEFAULT_REJECTION_RANGE, experience_donor_max_age: 0 })).toBe(false);
  });
});
