import type { DonorFormStatus, DonorGridRow, UserRow } from '@dm/shared';

/** A users-grid row (an active intended parent of the main agency); tests override what they check. */
export function userRow(over: Partial<UserRow> = {}): UserRow {
  return {
    userId: 50,
    centerId: 1,
    centerName: 'Main Agency',
    role: 9,
    status: 'Active',
    username: 'ivy@x.test',
    firstName: 'Ivy',
    middleName: '',
    lastName: 'Parent',
    contactNo: '',
    managerId: null,
    managerName: null,
    parentId: null,
    hasSecondary: false,
    archivedNote: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    ...over,
  };
}

/** A staff donor-grid row (an available fresh donor); tests override what they check. */
export function donorGridRow(over: Partial<DonorGridRow> = {}): DonorGridRow {
  return {
    userId: 501,
    donorId: 'D-501',
    firstName: 'Dana',
    lastName: 'Donor',
    username: 'dana@x.test',
    userStatus: 'Active',
    donorType: 'Fresh',
    availability: 'Available',
    frozenAvailability: null,
    donationCount: 0,
    priority: 1,
    allowedForMatchingTool: true,
    queueType: null,
    matchCount: 0,
    managerId: null,
    managerName: '',
    reservedParentId: null,
    reservedParentName: '',
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** The donor form's status for donor 42 (a new donor, first stage); tests override what they check. */
export function donorFormStatus(over: Partial<DonorFormStatus> = {}): DonorFormStatus {
  return {
    donorId: 42,
    availability: 'Invited',
    lastTab: null,
    landingPage: 2,
    preview: false,
    initialStage: true,
    changeTracked: false,
    canSubmitMain: false,
    pendingChangeVersion: null,
    centerSettings: {
      raceTotalFree: false,
      raceEvenSplit: false,
      selfOnlyRelations: false,
      isCompensationVisible: false,
      isDonorTypeVisible: true,
    },
    eligibility: null,
    autoSubmitted: false,
    ...over,
  };
}
