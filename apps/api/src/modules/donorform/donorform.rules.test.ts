import {
  blankPastDonation,
  diffTab,
  dobInRange,
  formatUsDate,
  formPreview,
  landingPage,
  MSG,
  percentageOptionsLeft,
  percentageProblem,
  percentagesSubmittable,
  splitEvenly,
  tabOpen,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';

const e = (...ps: (number | null)[]) => ps.map((percentage, i) => ({ name: `R${i}`, percentage }));

describe('race and ethnicity percentages', () => {
  it('at most 4 entries each, with the spec message', () => {
    expect(percentageProblem(e(25, 25, 25, 25), 'race', false)).toBeNull();
    expect(percentageProblem(e(25, 25, 25, 15, 10), 'race', false)).toBe("Race can't be more than 4!");
    expect(percentageProblem(e(25, 25, 25, 15, 10), 'ethnicity', false)).toBe(
      "Ethnicity can't be more than 4!",
    );
  });

  it('only the options 100/75/50/25/15/10, each chosen before the next', () => {
    for (const p of [100, 75, 50, 25, 15, 10]) expect(percentageProblem(e(p), 'race', false)).toBeNull();
    expect(percentageProblem(e(20), 'race', false)).toBe(MSG.PERCENTAGE_PREVIOUS_FIRST);
    expect(percentageProblem(e(50, null), 'race', false)).toBe(MSG.PERCENTAGE_PREVIOUS_FIRST);
  });

  it('100 excludes any other entry', () => {
    expect(percentageProblem(e(100, 10), 'race', false)).toBe(MSG.RACE_ALREADY_100);
    expect(percentageProblem(e(100, 10), 'ethnicity', false)).toBe(MSG.ETHNICITY_ALREADY_100);
  });

  it('the total may reach 100 but not exceed it', () => {
    expect(percentageProblem(e(75, 25), 'race', false)).toBeNull();
    expect(percentageProblem(e(75, 25, 10), 'race', false)).toBe(MSG.PERCENTAGE_EXCEED);
    expect(percentageProblem(e(50, 50, 10), 'race', false)).toBe(MSG.PERCENTAGE_EXCEED);
  });

  it('submission needs exactly 100 unless the center leaves the total free', () => {
    expect(percentagesSubmittable(e(75, 25), 'race', false)).toBe(true);
    expect(percentagesSubmittable(e(75, 15), 'race', false)).toBe(false);
    expect(percentagesSubmittable(e(50, 25, 15, 10), 'race', false)).toBe(true);
    expect(percentagesSubmittable([], 'race', false)).toBe(false);
    expect(percentagesSubmittable(e(1), 'race', true)).toBe(true);
    expect(percentagesSubmittable(e(0), 'race', true)).toBe(false);
    expect(percentageProblem(e(60, 41), 'race', true)).toBe(MSG.PERCENTAGE_EXCEED);
    expect(percentageProblem(e(60, 40), 'race', true)).toBeNull();
  });

  it('the even-split center shares 100 to two decimals, the last taking the remainder', () => {
    expect(splitEvenly(0)).toEqual([]);
    expect(splitEvenly(1)).toEqual([100]);
    expect(splitEvenly(2)).toEqual([50, 50]);
    expect(splitEvenly(3)).toEqual([33.33, 33.33, 33.34]);
    expect(splitEvenly(4)).toEqual([25, 25, 25, 25]);
    expect(splitEvenly(6)).toEqual([16.66, 16.66, 16.66, 16.66, 16.66, 16.7]);
    expect(percentageProblem(e(33.33, 33.34, 33.33), 'race', false, true)).toBeNull();
    expect(percentagesSubmittable(e(33.33, 33.33, 33.34), 'race', false, true)).toBe(true);
    expect(percentagesSubmittable(e(100), 'ethnicity', false, true)).toBe(true);
    // Not the split (an exact-100 list that is not even, or one cent off) is refused.
    expect(percentageProblem(e(75, 25), 'race', false, true)).toBe(MSG.PERCENTAGE_EXCEED);
    expect(percentageProblem(e(33.33, 33.33, 33.33), 'race', false, true)).toBe(MSG.PERCENTAGE_EXCEED);
    expect(percentagesSubmittable(e(33.33, 33.33, 33.33), 'race', false, true)).toBe(false);
    // The count limit still applies first.
    expect(percentageProblem(e(20, 20, 20, 20, 20), 'race', false, true)).toBe("Race can't be more than 4!");
    expect(percentageProblem(e(33.33, null), 'race', false, true)).toBe(MSG.PERCENTAGE_PREVIOUS_FIRST);
  });

  it('a name is chosen once', () => {
    expect(
      percentageProblem(
        [
          { name: 'A', percentage: 50 },
          { name: 'A', percentage: 50 },
        ],
        'race',
        false,
      ),
    ).toBe(MSG.RACE_DUPLICATE);
  });

  it('offers only the options that keep the total within 100', () => {
    expect(percentageOptionsLeft(e(75))).toEqual([25, 15, 10]);
    expect(percentageOptionsLeft(e(50, 25, 15))).toEqual([10]);
    expect(percentageOptionsLeft(e(100))).toEqual([]);
  });
});

describe('status flow', () => {
  it('landing tab: Invited and Rejected Initial Form normalise to 2 unless 10 or below 4', () => {
    expect(landingPage('Invited', null)).toBe(2);
    expect(landingPage('Invited', 3)).toBe(3);
    expect(landingPage('Invited', 4)).toBe(2);
    expect(landingPage('Rejected Initial Form', 9)).toBe(2);
    expect(landingPage('Rejected Initial Form', 10)).toBe(10);
    expect(landingPage('Initial form Accepted', 7)).toBe(7);
    expect(landingPage('Available', null)).toBe(2);
  });

  it('preview in the review states and for donors in a cycle or under review', () => {
    expect(formPreview('General Info Pending Review')).toBe(true);
    expect(formPreview('Main Form Pending Review')).toBe(true);
    expect(formPreview('In Cycle')).toBe(true);
    expect(formPreview('Available')).toBe(false);
    expect(formPreview('Available', true)).toBe(true);
    expect(formPreview('Invited')).toBe(false);
  });

  it('the initial stage opens tabs 1-3, 10 and submit only', () => {
    expect(tabOpen('Invited', 'general')).toBe(true);
    expect(tabOpen('Invited', 'uploadPhotos')).toBe(true);
    expect(tabOpen('Invited', 'familyHealth')).toBe(false);
    expect(tabOpen('Initial form Accepted', 'familyHealth')).toBe(true);
  });

  it('date of birth between 40 and 14 years ago, inclusive', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(dobInRange('1986-06-15', now)).toBe(true);
    expect(dobInRange('1986-06-14', now)).toBe(false);
    expect(dobInRange('2012-06-15', now)).toBe(true);
    expect(dobInRange('2012-06-16', now)).toBe(false);
  });
});

describe('change-set diff', () => {
  it('lists changed fields and the changed fields of repeating rows, ignoring ids', () => {
    const before = {
      eyeColor: 'Blue',
      races: [{ name: 'White', percentage: 100 }],
      members: [{ id: 1, relation: 'Self', dob: 'x' }],
    };
    const after = {
      eyeColor: 'Green',
      races: [{ name: 'White', percentage: 100 }],
      members: [
        { id: 9, relation: 'Self', dob: 'y' },
        { id: 10, relation: 'Other 1', dob: null },
      ],
    };
    expect(diffTab(before, after)).toEqual([
      { field: 'eyeColor', before: 'Blue', after: 'Green' },
      { field: 'members.0.dob', before: 'x', after: 'y' },
      { field: 'members.1.relation', before: null, after: 'Other 1' },
    ]);
    expect(diffTab(before, before)).toEqual([]);
  });

  it('a changed list of plain values is one change', () => {
    expect(diffTab({ referrals: ['Ad'] }, { referrals: ['Ad', 'Press'] })).toEqual([
      { field: 'referrals', before: ['Ad'], after: ['Press', 'Ad'].reverse() },
    ]);
  });
});

describe('formatUsDate', () => {
  it('shows dates as MM/dd/yyyy', () => {
    expect(formatUsDate('2026-01-05')).toBe('01/05/2026');
    expect(formatUsDate('2026-11-23T08:00:00.000Z')).toBe('11/23/2026');
    expect(formatUsDate('not a date')).toBe('not a date');
  });
});

describe('past donation count', () => {
  const tab = (donationCount: number, cycles: number) => ({
    donationCount,
    cycles: Array.from({ length: cycles }, () => ({}) as never),
    frozenBatches: [],
  });
  it('the cycles entered must number the donations declared', () => {
    expect(blankPastDonation(null)).toEqual([]);
    expect(blankPastDonation(tab(0, 0))).toEqual([]);
    expect(blankPastDonation(tab(2, 2))).toEqual([]);
    expect(blankPastDonation(tab(2, 1)).map((b) => [b.tab, b.field])).toEqual([
      ['pastDonation', 'donationCount'],
    ]);
    expect(blankPastDonation(tab(2, 3))[0]!.label).toBe(
      'Past donations: you said 2 but entered 3 donation cycle(s)',
    );
  });
});
