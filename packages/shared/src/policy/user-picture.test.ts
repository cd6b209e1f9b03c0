import { describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../roles.js';
import { canChangeUserPicture, canSeeUserPicture, hasUserPicture } from './user-picture.js';

const who = (userId: number, role: RoleId, centerId = 1, parentId: number | null = null) => ({
  userId,
  role,
  centerId,
  parentId,
});
const user = (userId: number, role: number, centerId = 1, parentId: number | null = null) => ({
  userId,
  role,
  centerId,
  parentId,
});

describe('user pictures', () => {
  it('are for everyone but donors, changed by the user alone', () => {
    expect(
      [ROLE.MASTER, ROLE.DONOR, ROLE.MANAGER, ROLE.ADMIN, ROLE.CLIENT].map((role) =>
        hasUserPicture({ role }),
      ),
    ).toEqual([true, false, true, true, true]);
    expect(canChangeUserPicture(who(5, ROLE.CLIENT), user(5, ROLE.CLIENT))).toBe(true);
    expect(canChangeUserPicture(who(5, ROLE.DONOR), user(5, ROLE.DONOR))).toBe(false);
    expect(canChangeUserPicture(who(1, ROLE.ADMIN), user(5, ROLE.CLIENT))).toBe(false);
    expect(canChangeUserPicture(who(1, ROLE.MASTER), user(5, ROLE.CLIENT))).toBe(false);
  });

  it('are seen by the user, the center’s staff, the other parent of a couple and chat partners', () => {
    const parent = user(5, ROLE.CLIENT, 1);
    const cases: [ReturnType<typeof who>, ReturnType<typeof user>, boolean, boolean][] = [
      [who(5, ROLE.CLIENT), parent, false, true],
      [who(2, ROLE.ADMIN, 1), parent, false, true],
      [who(3, ROLE.MANAGER, 1), parent, false, true],
      [who(4, ROLE.MASTER, 99), parent, false, true],
      [who(2, ROLE.ADMIN, 2), parent, false, false],
      [who(6, ROLE.CLIENT, 1), parent, false, false],
      [who(6, ROLE.CLIENT, 1, 5), parent, false, true], // her second parent
      [who(5, ROLE.CLIENT, 1), user(6, ROLE.CLIENT, 1, 5), false, true], // and the other way
      [who(7, ROLE.CLIENT, 1, 5), user(6, ROLE.CLIENT, 1, 5), false, true], // two second parents
      [who(8, ROLE.DONOR, 1), parent, false, false],
      [who(8, ROLE.DONOR, 1), parent, true, true], // a chat partner
      [who(8, ROLE.DONOR, 1), user(8, ROLE.DONOR, 1), false, false], // a donor's pictures are elsewhere
      [who(2, ROLE.ADMIN, 1), user(9, ROLE.MASTER, 1), false, false], // the master's contact is not the center's
    ];
    for (const [s, target, chat, expected] of cases) {
      expect(canSeeUserPicture(s, target, chat), JSON.stringify({ s, target, chat })).toBe(expected);
    }
  });
});
