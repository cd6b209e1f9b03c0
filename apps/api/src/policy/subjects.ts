import { type PolicySubject, ROLE, type RoleId } from '@dm/shared';

/** Test subjects: one per role, in center 1 (the object's center) or center 2. */
export const OWN = 1;
export const OTHER = 2;
export const ROLES: readonly [string, RoleId][] = [
  ['master', ROLE.MASTER],
  ['admin', ROLE.ADMIN],
  ['manager', ROLE.MANAGER],
  ['client', ROLE.CLIENT],
  ['donor', ROLE.DONOR],
];

export const subject = (role: RoleId, centerId = OWN, userId = 100): PolicySubject => ({
  userId,
  role,
  centerId,
  parentId: null,
  managerId: null,
});

/** Every role in the object's own center and in another, as [label, subject]. */
export const everyone = (): [string, PolicySubject][] =>
  ROLES.flatMap(([name, role]) => [
    [`${name} own`, subject(role, OWN)] as [string, PolicySubject],
    [`${name} other`, subject(role, OTHER)] as [string, PolicySubject],
  ]);
