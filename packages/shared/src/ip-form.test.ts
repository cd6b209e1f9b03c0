import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CM_PER_FOOT, CM_PER_INCH, cmToFeetInches, feetInchesToCm, LB_PER_KG, lbToKg } from './donor.js';
import {
  defaultIpDob,
  ipFertilitySchema,
  ipFormUpdateBody,
  ipGeneralSchema,
  ipPersonalSchema,
  normaliseIpFertility,
  normaliseIpGeneral,
  personalComplete,
  zipFits,
} from './ip-form.js';
import { ipFormAccess } from './policy/ip-form.js';
import { ROLE } from './roles.js';

// The IP form enters heights in feet and inches and weights in pounds (donor-forms spec:
// 30.48 cm per foot, 2.54 cm per inch, kg = lb / 2.2046).
describe('unit conversions (property tests)', () => {
  it('feet and inches to cm follow the spec factors, to two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 11 }), (ft, inches) => {
        const cm = feetInchesToCm(ft, inches);
        expect(Math.abs(cm - (ft * CM_PER_FOOT + inches * CM_PER_INCH))).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
    expect(feetInchesToCm(5, 6)).toBe(167.64);
    expect(feetInchesToCm(1, 0)).toBe(30.48);
  });

  it('cm back to feet and inches gives the entered height (round trip), inches below 12', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), fc.integer({ min: 0, max: 11 }), (ft, inches) => {
        expect(cmToFeetInches(feetInchesToCm(ft, inches))).toEqual({ feet: ft, inches });
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 300, noNaN: true }), (cm) => {
        const { feet, inches } = cmToFeetInches(cm);
        expect(inches).toBeGreaterThanOrEqual(0);
        expect(inches).toBeLessThan(12);
        // The nearest whole inch: at most half an inch away.
        expect(Math.abs(feetInchesToCm(feet, inches) - cm)).toBeLessThanOrEqual(CM_PER_INCH / 2 + 0.01);
      }),
    );
  });

  it('more feet or inches is never less cm (monotonic)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 0, max: 95 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const cm = (n: number) => feetInchesToCm(Math.floor(n / 12), n % 12);
        expect(cm(lo)).toBeLessThanOrEqual(cm(hi));
      }),
    );
  });

  it('pounds to kg divide by 2.2046, to two decimals, monotonic', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (a, b) => {
          expect(Math.abs(lbToKg(a) - a / LB_PER_KG)).toBeLessThanOrEqual(0.005 + 1e-9);
          if (a <= b) expect(lbToKg(a)).toBeLessThanOrEqual(lbToKg(b));
        },
      ),
    );
    expect(lbToKg(2.2046)).toBe(1);
    expect(lbToKg(150)).toBe(68.04);
  });
});

describe('general tab rules', () => {
  const dateish = fc.oneof(
    fc.constant(''),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant('2001-02-03'),
  );
  const yesNo = fc.constantFrom(0, 1, null, undefined);
  const text = fc.oneof(fc.constant(''), fc.constant(null), fc.string({ maxLength: 20 }));

  it('empty dates become null; a description survives only a yes (property)', () => {
    fc.assert(
      fc.property(
        dateish,
        dateish,
        yesNo,
        text,
        yesNo,
        text,
        yesNo,
        text,
        (dob, cons, therapy, therapyText, med, medText, abuse, abuseText) => {
          const input = {
            dob,
            consultation_date: cons,
            previous_therapy: therapy,
            previous_therapy_description: therapyText,
            psychological_medication: med,
            psychological_medication_description: medText,
            convicted_in_child_abuse: abuse,
            convicted_in_child_abuse_description: abuseText,
          };
          expect(ipGeneralSchema.safeParse(input).success).toBe(true);
          const out = normaliseIpGeneral(input);
          expect(out.dob).toBe(dob ? dob : null);
          expect(out.consultation_date).toBe(cons ? cons : null);
          if (therapy !== 1) expect(out.previous_therapy_description).toBeNull();
          if (med !== 1) expect(out.psychological_medication_description).toBeNull();
          if (abuse !== 1) expect(out.convicted_in_child_abuse_description).toBeNull();
          if (therapy === 1 && therapyText?.trim())
            expect(out.previous_therapy_description).toBe(therapyText.trim());
          // Normalising twice changes nothing.
          expect(normaliseIpGeneral(out)).toEqual(out);
        },
      ),
    );
  });

  it('an invalid zip is saved as null, a valid one kept', () => {
    expect(normaliseIpGeneral({ country: 'US', zipcode: '10001' }).zipcode).toBe('10001');
    expect(normaliseIpGeneral({ country: 'US', zipcode: '1234' }).zipcode).toBeNull();
    expect(normaliseIpGeneral({ country: 'US', zipcode: 'ABCDE' }).zipcode).toBeNull();
    expect(normaliseIpGeneral({ country: 'CA', zipcode: 'k1a 0b1' }).zipcode).toBe('K1A 0B1');
    expect(normaliseIpGeneral({ country: 'GB', zipcode: 'SW1A 1AA' }).zipcode).toBe('SW1A 1AA');
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (zip) => {
        const out = normaliseIpGeneral({ country: 'US', zipcode: zip }).zipcode;
        expect(out === null || /^\d{5}$/.test(out)).toBe(true);
        expect(out !== null).toBe(zipFits('US', zip));
      }),
    );
  });

  it('rejects impossible dates and answers other than 0 / 1', () => {
    expect(ipGeneralSchema.safeParse({ dob: '2001-02-30' }).success).toBe(false);
    expect(ipGeneralSchema.safeParse({ dob: '02/03/2001' }).success).toBe(false);
    expect(ipGeneralSchema.safeParse({ previous_therapy: 2 }).success).toBe(false);
  });

  it('the default date of birth is the same day 26 years ago', () => {
    expect(defaultIpDob(new Date('2026-11-25T16:00:00Z'))).toBe('2000-11-25');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (now) => {
          const dob = defaultIpDob(now);
          const year = Number(dob.slice(0, 4));
          expect(year).toBe(now.getUTCFullYear() - 26);
        },
      ),
    );
  });
});

describe('personal characteristics and fertility history', () => {
  it('height is required and within 3 to 8 feet; the others optional', () => {
    expect(ipPersonalSchema.safeParse({ height: 170 }).success).toBe(true);
    const none = ipPersonalSchema.safeParse({});
    expect(none.error?.issues[0]?.message).toBe('Height is required.');
    expect(ipPersonalSchema.safeParse({ height: 20 }).error?.issues[0]?.message).toBe(
      'Height seems incorrect.',
    );
    expect(
      personalComplete({
        height: 170,
        sec_partner_height: null,
        donor_height: null,
        weight: null,
        sec_partner_weight: null,
      }),
    ).toBe(true);
    expect(personalComplete(null)).toBe(false);
  });

  it('keeps "other" only with Other, drops empty cycle rows', () => {
    const out = normaliseIpFertility({
      diagnosis: ['Other', 'Other'],
      diagnosis_other: ' thin lining ',
      cycles: [{}, { treatment: 'IUI' }],
    });
    expect(out.diagnosis).toEqual(['Other']);
    expect(out.diagnosis_other).toBe('thin lining');
    expect(out.cycles).toEqual([{ treatment: 'IUI', year: null, outcome: null }]);
    expect(ipFertilitySchema.safeParse({ diagnosis: ['Magic'] }).success).toBe(false);
  });

  it('the update body names a savable tab', () => {
    const bad = ipFormUpdateBody.safeParse({ tabName: 'confirm', userId: 1, formData: {} });
    expect(bad.error?.issues[0]?.message).toBe('Tab name is invalid.');
  });
});

describe('ipFormAccess', () => {
  const parent = { userId: 7, role: ROLE.CLIENT, centerId: 1, ipFormVisible: true };
  it('the parent edits, staff of the center preview, nobody else', () => {
    expect(ipFormAccess({ userId: 7, role: ROLE.CLIENT, centerId: 1 }, parent)).toBe('edit');
    expect(ipFormAccess({ userId: 8, role: ROLE.CLIENT, centerId: 1 }, parent)).toBeNull();
    expect(ipFormAccess({ userId: 2, role: ROLE.MANAGER, centerId: 1 }, parent)).toBe('preview');
    expect(ipFormAccess({ userId: 3, role: ROLE.ADMIN, centerId: 1 }, parent)).toBe('preview');
    expect(ipFormAccess({ userId: 2, role: ROLE.MANAGER, centerId: 85 }, parent)).toBeNull();
    expect(ipFormAccess({ userId: 1, role: ROLE.MASTER, centerId: 1 }, parent)).toBeNull();
    expect(ipFormAccess({ userId: 9, role: ROLE.DONOR, centerId: 1 }, parent)).toBeNull();
    expect(
      ipFormAccess({ userId: 7, role: ROLE.CLIENT, centerId: 1 }, { ...parent, ipFormVisible: false }),
    ).toBeNull();
    expect(
      ipFormAccess({ userId: 7, role: ROLE.CLIENT, centerId: 1 }, { ...parent, role: ROLE.DONOR }),
    ).toBeNull();
  });
});
