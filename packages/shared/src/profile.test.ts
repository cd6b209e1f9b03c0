import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PolicySubject, profileReadAccess } from './policy/index.js';
import {
  emailOffNeedsConfirmation,
  type NotificationContext,
  type NotificationPrefs,
  notificationPrefsRefusal,
  PROFILE_MSG,
  profileBody,
  withoutCc,
  zipFormatOk,
} from './profile.js';

const day = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const prefs: fc.Arbitrary<NotificationPrefs> = fc.record({
  email: fc.boolean(),
  text: fc.boolean(),
  ccEmail: fc.constantFrom('', 'cc@x.test', 'me@x.test', '  '),
  ccExpiry: fc.oneof(fc.constant(''), day),
});
const ctx: fc.Arbitrary<NotificationContext> = fc.record({
  textsAvailable: fc.boolean(),
  numberVerified: fc.boolean(),
  ownEmail: fc.constant('me@x.test'),
  today: day,
});

/** The notification-preference rule the form and the server share. */
describe('notificationPrefsRefusal', () => {
  it('never accepts both e-mail and text off', () => {
    fc.assert(
      fc.property(prefs, ctx, (p, c) => {
        if (!p.email && !p.text) expect(notificationPrefsRefusal(p, c)).not.toBeNull();
      }),
    );
  });

  it('accepts e-mail off only where texts are sent, and with the spec message when text is on', () => {
    fc.assert(
      fc.property(prefs, ctx, (p, c) => {
        const refusal = notificationPrefsRefusal(p, c);
        if (!p.email && !c.textsAvailable) expect(refusal).toBe(PROFILE_MSG.EMAIL_NEEDED_WITHOUT_TEXTS);
        if (!p.email && !p.text && c.textsAvailable) expect(refusal).toBe(PROFILE_MSG.ONE_OFF_AT_A_TIME);
      }),
    );
  });

  it('accepts text only with texts offered and a verified number', () => {
    fc.assert(
      fc.property(prefs, ctx, (p, c) => {
        if (notificationPrefsRefusal(p, c) === null && p.text)
          expect(c.textsAvailable && c.numberVerified).toBe(true);
        if (p.email && p.text && c.textsAvailable && !c.numberVerified)
          expect(notificationPrefsRefusal(p, c)).toBe(PROFILE_MSG.VERIFY_CONTACT_FIRST);
      }),
    );
  });

  it('accepts a CC e-mail only with e-mail on, not oneself, and an expiry date not past', () => {
    fc.assert(
      fc.property(prefs, ctx, (p, c) => {
        if (notificationPrefsRefusal(p, c) === null && p.ccEmail.trim() !== '') {
          expect(p.email).toBe(true);
          expect(p.ccEmail).not.toBe(c.ownEmail);
          expect(p.ccExpiry).not.toBe('');
          expect(p.ccExpiry >= c.today).toBe(true);
        }
      }),
    );
  });

  it('accepts every choice that breaks no rule (the rule refuses nothing else)', () => {
    fc.assert(
      fc.property(prefs, ctx, (p, c) => {
        const cc = p.ccEmail.trim();
        const ok =
          (p.email || c.textsAvailable) &&
          (p.email || p.text) &&
          (!p.text || (c.textsAvailable && c.numberVerified)) &&
          (cc === '' || (p.email && cc !== c.ownEmail && p.ccExpiry !== '' && p.ccExpiry >= c.today));
        expect(notificationPrefsRefusal(p, c) === null).toBe(ok);
      }),
    );
  });

  it('turning e-mail off with a CC asks first; after confirming, the CC is gone and the rule has no CC objection', () => {
    fc.assert(
      fc.property(prefs, ctx, (before, c) => {
        const after = { ...before, email: false, text: true };
        const asks = emailOffNeedsConfirmation(before, after);
        expect(asks).toBe(before.email && before.ccEmail.trim() !== '');
        const confirmed = withoutCc(after);
        expect(confirmed.ccEmail).toBe('');
        const refusal = notificationPrefsRefusal(confirmed, c);
        expect(refusal === PROFILE_MSG.CC_NEEDS_EMAIL || refusal === PROFILE_MSG.CC_EXPIRY_REQUIRED).toBe(
          false,
        );
      }),
    );
  });
});

describe('profileBody', () => {
  const base = {
    first_name: 'A',
    last_name: 'B',
    country: 'United States',
    state: 'NY',
    city: 'NYC',
    address: '1 Main',
    zipcode: '10001',
    communication_type: 'Email',
  };
  it('needs the mandatory fields, with the spec message', () => {
    for (const key of Object.keys(base)) {
      const r = profileBody.safeParse({ ...base, [key]: '' });
      expect(r.success, key).toBe(false);
      if (key !== 'zipcode') expect(r.error?.issues[0]?.message).toBe(PROFILE_MSG.MANDATORY);
    }
    expect(profileBody.safeParse(base).success).toBe(true);
  });
  it('a US zip is 5 digits; other countries any short code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,9}$/), (zip) => {
        expect(zipFormatOk('United States', zip)).toBe(zip.length === 5);
        expect(zipFormatOk('US', zip)).toBe(zip.length === 5);
      }),
    );
    expect(zipFormatOk('Canada', 'K1A 0B1')).toBe(true);
    expect(zipFormatOk('Canada', '')).toBe(false);
  });
});

describe('profileReadAccess (policy/user.ts)', () => {
  const target = { userId: 50, role: 9, centerId: 1 };
  it.each([
    [{ userId: 50, role: 9, centerId: 1 }, 'own'],
    [{ userId: 51, role: 9, centerId: 1 }, 'forbidden'],
    [{ userId: 52, role: 2, centerId: 1 }, 'forbidden'],
    [{ userId: 53, role: 6, centerId: 1 }, 'staff'],
    [{ userId: 54, role: 7, centerId: 1 }, 'staff'],
    [{ userId: 55, role: 6, centerId: 85 }, 'unseen'],
    [{ userId: 56, role: 7, centerId: 85 }, 'unseen'],
    [{ userId: 57, role: 1, centerId: 85 }, 'staff'],
  ] as const)('%o reads a client of center 1: %s', (subject, expected) => {
    expect(profileReadAccess(subject as PolicySubject, target)).toBe(expected);
  });
  it("nobody but the master herself reads the master's profile", () => {
    const master = { userId: 1, role: 1, centerId: 1 };
    expect(profileReadAccess({ userId: 2, role: 7, centerId: 1 }, master)).toBe('unseen');
    expect(profileReadAccess({ userId: 1, role: 1, centerId: 1 }, master)).toBe('own');
  });
});
