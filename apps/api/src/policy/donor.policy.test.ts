import {
  archivedDonorsCenter,
  canAskAboutDonor,
  canOpenDonorFile,
  canReadFavoritesOf,
  canReadFrozenBatches,
  canSetDonorAvailability,
  canShareDonor,
  canShareWithManager,
  donorRedaction,
  donorViewCounts,
  donorVisibilityKind,
  mayAdministerDonors,
  mayEditDonorForm,
  mayFillPreform,
  mayListArchivedDonors,
  mayReadDonorCounts,
  mayReviewDonorForm,
  mayWorkStaffDonors,
  ROLE,
  seesHiddenDonorFact,
  seesPrivateDonorFiles,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OTHER, OWN, subject } from './subjects.js';

const donor = { donorId: 500, centerId: OWN };
const hidden = { isFirstNameVisible: false, isCompensationVisible: false, isDonorTypeVisible: false };
const shown = { isFirstNameVisible: true, isCompensationVisible: true, isDonorTypeVisible: true };

describe('donor policy (packages/shared/src/policy/donor.ts)', () => {
  // insider, staff, lastName, frozen, additional, privateFiles, notes, adminNotes, matchPanels
  type Row = [boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean];
  const table: Record<string, Row> = {
    'master own': [true, true, true, false, false, true, true, true, true],
    'master other': [true, true, true, false, false, true, true, true, true],
    'admin own': [true, true, true, true, true, true, true, true, true],
    'admin other': [false, true, true, true, true, true, true, false, true],
    'manager own': [true, true, true, true, true, true, true, true, true],
    'manager other': [false, true, true, true, true, true, true, false, true],
    'client own': [false, false, false, false, true, false, false, false, false],
    'client other': [false, false, false, false, true, false, false, false, false],
    'donor own': [false, false, false, false, false, true, false, false, false],
    'donor other': [false, false, false, false, false, true, false, false, false],
  };
  it.each(everyone())('redaction for %s', (label, s) => {
    const r = donorRedaction(s, donor, hidden);
    const [insider, staff, , frozen, , privateFiles] = table[label]!;
    expect(
      [
        r.insider,
        r.staff,
        r.lastName,
        r.frozenBatches,
        r.additionalDocuments,
        r.privateFiles,
        r.notes,
        r.adminNotes,
        r.matchPanels,
      ],
      label,
    ).toEqual(table[label]);
    expect(r.ssn).toBe(staff);
    expect(r.contact).toBe(staff);
    // The center's switches open first name and compensation to outsiders only.
    expect(r.firstName).toBe(insider);
    expect(r.compensation).toBe(insider);
    // The donor type stays with staff (every center's) and insiders where the center hides it.
    expect(r.donorType).toBe(insider || staff);
    expect(donorRedaction(s, donor, shown).donorType).toBe(true);
    expect(donorRedaction(s, donor, shown).firstName).toBe(true);
    expect(donorRedaction(s, donor, shown).compensation).toBe(true);
    expect(canReadFrozenBatches(s)).toBe(frozen);
    expect(seesPrivateDonorFiles(s)).toBe(privateFiles);
  });

  it('the donor themself is an insider and sees the last name', () => {
    const self = subject(ROLE.DONOR, OTHER, donor.donorId);
    const r = donorRedaction(self, donor, hidden);
    expect([r.insider, r.firstName, r.lastName, r.compensation, r.notes, r.adminNotes, r.ssn]).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it.each(everyone())('role decisions for %s', (label, s) => {
    const role = s.role;
    const centerStaff = role === ROLE.ADMIN || role === ROLE.MANAGER;
    const staff = centerStaff || role === ROLE.MASTER;
    expect(donorVisibilityKind(s), label).toBe(
      role === ROLE.MASTER
        ? 'all'
        : role === ROLE.DONOR
          ? 'self'
          : role === ROLE.CLIENT
            ? 'client'
            : 'centers',
    );
    expect(canShareDonor(s)).toBe(centerStaff);
    expect(canAskAboutDonor(s)).toBe(role === ROLE.CLIENT);
    expect(donorViewCounts(s)).toBe(role === ROLE.CLIENT);
    expect(seesHiddenDonorFact(s, false)).toBe(staff);
    expect(seesHiddenDonorFact(s, true)).toBe(true);
    for (const kind of ['picture', 'video', 'document', 'additional'] as const) {
      expect(canOpenDonorFile(s, { kind, private: false }), `${kind} public`).toBe(
        !(kind === 'additional' && role === ROLE.DONOR),
      );
      expect(canOpenDonorFile(s, { kind, private: true }), `${kind} private`).toBe(
        role !== ROLE.CLIENT && !(kind === 'additional' && role === ROLE.DONOR),
      );
    }
  });

  it.each(everyone())('favourites of a client of center 1 for %s', (label, s) => {
    const client = { userId: 7, role: ROLE.CLIENT, centerId: OWN };
    const staff = s.role === ROLE.ADMIN || s.role === ROLE.MANAGER || s.role === ROLE.MASTER;
    expect(canReadFavoritesOf(s, client), label).toBe(
      staff && (s.role === ROLE.MASTER || s.centerId === OWN),
    );
    expect(canReadFavoritesOf(s, { ...client, role: ROLE.DONOR })).toBe(false);
    expect(canReadFavoritesOf(s, null)).toBe(false);
    expect(canReadFavoritesOf(s, { userId: s.userId, role: s.role, centerId: s.centerId })).toBe(true);
  });

  it('a donor is shared only with another active case manager of the same center', () => {
    const me = subject(ROLE.MANAGER, OWN, 10);
    const target = { userId: 11, role: ROLE.MANAGER, status: 'Active', centerId: OWN };
    expect(canShareWithManager(me, target)).toBe(true);
    expect(canShareWithManager(me, { ...target, userId: 10 })).toBe(false);
    expect(canShareWithManager(me, { ...target, status: 'Archived' })).toBe(false);
    expect(canShareWithManager(me, { ...target, centerId: OTHER })).toBe(false);
    expect(canShareWithManager(me, { ...target, role: ROLE.ADMIN })).toBe(false);
  });

  it.each(everyone())('staff donor lists and tools for %s', (label, s) => {
    const role = s.role;
    const centerStaff = role === ROLE.ADMIN || role === ROLE.MANAGER;
    expect(mayWorkStaffDonors(s), label).toBe(centerStaff);
    expect(mayAdministerDonors(s), label).toBe(role === ROLE.ADMIN);
    expect(mayListArchivedDonors(s), label).toBe(centerStaff || role === ROLE.MASTER);
    expect(mayReadDonorCounts(s), label).toBe(role === ROLE.MASTER);
    for (const status of ['Available', 'Unavailable', 'On Hold'])
      expect(canSetDonorAvailability(s, status), label).toBe(true);
    for (const status of ['In Cycle', 'Under Review'])
      expect(canSetDonorAvailability(s, status), label).toBe(role !== ROLE.MANAGER);
    if (role === ROLE.MASTER) {
      expect(archivedDonorsCenter(s, OWN)).toBe(OWN);
      expect(archivedDonorsCenter(s, null)).toBeNull();
    } else {
      expect(archivedDonorsCenter(s, null)).toBe(s.centerId);
      expect(archivedDonorsCenter(s, OWN)).toBe(s.centerId === OWN ? OWN : undefined);
    }
  });

  it.each(everyone())('donor form and pre-form for %s', (label, s) => {
    const role = s.role;
    expect(mayReviewDonorForm(s), label).toBe(role === ROLE.ADMIN || role === ROLE.MANAGER);
    expect(mayEditDonorForm(s), label).toBe(role === ROLE.DONOR || role === ROLE.ADMIN);
    expect(mayFillPreform(s), label).toBe(role === ROLE.DONOR);
  });
});
