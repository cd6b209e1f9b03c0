import {
  CHAT_LISTS_OF_ROLE,
  type ChatCenterFacts,
  type ChatList,
  type ChatPerson,
  canReadMessageHistory,
  chatListNarrowing,
  chatListOf,
  disablesChatAfterSend,
  ROLE,
  type RoleId,
} from '@dm/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** Center 1 (own), 2 (a partner: linked by donor access), 3 (unrelated). */
const person = (
  userId: number,
  role: RoleId,
  centerId = 1,
  managerId: number | null = null,
  status = 'Active',
): ChatPerson => ({
  userId,
  role,
  centerId,
  managerId,
  status,
});
const partnered: ChatCenterFacts = { partnerCenterIds: [2], supportUserId: 11 };
const alone: ChatCenterFacts = { partnerCenterIds: [], supportUserId: null };

const client = person(1, ROLE.CLIENT, 1, 10);
const donor = person(2, ROLE.DONOR, 1, 12);
const manager = person(10, ROLE.MANAGER);
const support = person(11, ROLE.MANAGER);
const managerB = person(12, ROLE.MANAGER);
const admin = person(20, ROLE.ADMIN);
const master = person(30, ROLE.MASTER);
const partnerManager = person(40, ROLE.MANAGER, 2);
const partnerClient = person(41, ROLE.CLIENT, 2, 40);
const partnerAdmin = person(42, ROLE.ADMIN, 2);
const strangerManager = person(50, ROLE.MANAGER, 3);
const strangerClient = person(51, ROLE.CLIENT, 3, 50);
const otherClient = person(3, ROLE.CLIENT, 1, 12);
const archived = person(60, ROLE.MANAGER, 1, null, 'Archived');
const everyone = [
  client,
  donor,
  manager,
  support,
  managerB,
  admin,
  master,
  partnerManager,
  partnerClient,
  partnerAdmin,
  strangerManager,
  strangerClient,
  otherClient,
  archived,
];
const name = (p: ChatPerson) =>
  ({
    1: 'client',
    2: 'donor',
    3: 'otherClient',
    10: 'manager',
    11: 'support',
    12: 'managerB',
    20: 'admin',
    30: 'master',
    40: 'partnerManager',
    41: 'partnerClient',
    42: 'partnerAdmin',
    50: 'strangerManager',
    51: 'strangerClient',
    60: 'archived',
  })[p.userId];

/** Who each caller sees, on which list, in a center with a partner (everyone unlisted: null). */
const TABLE: [string, ChatPerson, ChatCenterFacts, Record<string, ChatList>][] = [
  [
    'client (multi-agency)',
    client,
    partnered,
    {
      manager: 'clientManager',
      support: 'support',
      managerB: 'agencyCaseManagers',
      partnerManager: 'agencyCaseManagers',
      admin: 'admins',
    },
  ],
  ['client (one agency)', client, alone, { manager: 'clientManager', admin: 'admins' }],
  ['donor', donor, partnered, { managerB: 'donorStaff', admin: 'admins' }],
  [
    'manager',
    manager,
    partnered,
    {
      client: 'clients',
      support: 'agencyManagers',
      managerB: 'agencyManagers',
      partnerManager: 'partnerCaseManagers',
      partnerClient: 'partnerAgencyParents',
      admin: 'admins',
    },
  ],
  [
    'admin',
    admin,
    partnered,
    {
      client: 'staffParents',
      otherClient: 'staffParents',
      manager: 'staffManagers',
      support: 'staffManagers',
      managerB: 'staffManagers',
      // The master admin's account belongs to center 1.
      master: 'staffAdmins',
    },
  ],
  [
    'master (every center)',
    master,
    alone,
    {
      client: 'staffParents',
      otherClient: 'staffParents',
      partnerClient: 'staffParents',
      strangerClient: 'staffParents',
      manager: 'staffManagers',
      support: 'staffManagers',
      managerB: 'staffManagers',
      partnerManager: 'staffManagers',
      strangerManager: 'staffManagers',
      admin: 'staffAdmins',
      partnerAdmin: 'staffAdmins',
    },
  ],
];

describe('chatListOf', () => {
  it.each(TABLE)('%s', (_label, me, facts, expected) => {
    const got = Object.fromEntries(
      everyone.map((p) => [name(p), chatListOf(me, p, facts)]).filter(([, list]) => list !== null),
    );
    expect(got).toEqual(expected);
    // Every list a caller is given is one its role is shown.
    for (const list of Object.values(got)) expect(CHAT_LISTS_OF_ROLE[me.role]).toContain(list);
  });

  it('lists nobody who is archived or invited, and never the caller', () => {
    expect(chatListOf(admin, archived, partnered)).toBeNull();
    expect(chatListOf(admin, { ...manager, status: 'Invited' }, partnered)).toBeNull();
    expect(chatListOf(admin, admin, partnered)).toBeNull();
  });
});

describe('disablesChatAfterSend', () => {
  it.each([
    ['Pre-Active client, consumer center, to support', ROLE.CLIENT, 'Pre-Active', true, true, true],
    ['Active client', ROLE.CLIENT, 'Active', true, true, false],
    ['not the consumer center', ROLE.CLIENT, 'Pre-Active', false, true, false],
    ['not to support', ROLE.CLIENT, 'Pre-Active', true, false, false],
    ['a manager', ROLE.MANAGER, 'Pre-Active', true, true, false],
  ] as const)('%s', (_l, role, status, consumer, toSupport, expected) => {
    expect(disablesChatAfterSend({ role, status }, consumer, toSupport)).toBe(expected);
  });
});

describe('canReadMessageHistory', () => {
  it.each([
    ["the client's manager", manager, client, true],
    ['another manager of the center', managerB, client, false],
    ["the center's admin", admin, client, true],
    ["another center's admin", partnerAdmin, client, false],
    ['the master', master, strangerClient, true],
    ['a client', otherClient, client, false],
  ] as const)('%s', (_l, me, p, expected) => {
    expect(canReadMessageHistory(me, p)).toBe(expected);
  });
});

describe('chatListNarrowing: the query never leaves out someone the rule puts on a list', () => {
  const roles = [ROLE.CLIENT, ROLE.DONOR, ROLE.MANAGER, ROLE.ADMIN, ROLE.MASTER] as const;
  const personArb = fc.record({
    userId: fc.integer({ min: 1, max: 8 }),
    role: fc.constantFrom(...roles),
    centerId: fc.integer({ min: 1, max: 4 }),
    managerId: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    status: fc.constantFrom('Active', 'Pre-Active', 'Archived'),
  });
  const factsArb = fc.record({
    partnerCenterIds: fc.uniqueArray(fc.integer({ min: 2, max: 4 }), { maxLength: 3 }),
    supportUserId: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
  });
  const within = (n: ReturnType<typeof chatListNarrowing>, p: ChatPerson) =>
    n.roles.includes(p.role) &&
    (n.centerIds === undefined || n.centerIds.includes(p.centerId)) &&
    (n.managerId === undefined || p.managerId === n.managerId) &&
    (n.userIds === undefined || n.userIds.includes(p.userId));

  it('for random people, centers and partners', () => {
    fc.assert(
      fc.property(personArb, personArb, factsArb, (me, target, facts) => {
        const list = chatListOf(me, target, facts);
        if (list === null) return;
        const ipCenter = list === 'partnerAgencyParents' ? target.centerId : undefined;
        expect(within(chatListNarrowing(list, me, facts, ipCenter), target)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
