import { CHAT_LISTS_OF_ROLE, type ChatContact, type ChatList, chatListOf, ROLE } from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './messaging.repo.js';
import { type Deps, factsOf, meOf, nameOf } from './messaging.shared.js';

type Facts = Awaited<ReturnType<typeof factsOf>>;
type Where = Parameters<typeof repo.candidates>[1];

const ids = (...list: (number | null)[]) => list.filter((x): x is number => x !== null);

/** Narrows each list in SQL; the policy (chatListOf) then decides every person. */
function whereOf(list: ChatList, me: repo.PersonRow, facts: Facts, ipCenter?: number): Where {
  const everyCenter = me.role === ROLE.MASTER ? undefined : [me.centerId];
  switch (list) {
    case 'clientManager':
      return { roles: [ROLE.MANAGER, ROLE.ADMIN, ROLE.MASTER], userIds: ids(me.managerId) };
    case 'support':
      return { roles: [ROLE.MANAGER, ROLE.ADMIN], userIds: ids(facts.supportUserId) };
    case 'agencyCaseManagers':
      return { roles: [ROLE.MANAGER], centerIds: [me.centerId, ...facts.partnerCenterIds] };
    case 'admins':
      return { roles: [ROLE.ADMIN], centerIds: [me.centerId] };
    case 'donorStaff':
      return { roles: [ROLE.MANAGER, ROLE.ADMIN], userIds: ids(me.managerId) };
    case 'clients':
      return { roles: [ROLE.CLIENT], managerId: me.userId };
    case 'partnerCaseManagers':
      return { roles: [ROLE.MANAGER], centerIds: facts.partnerCenterIds };
    case 'agencyManagers':
      return { roles: [ROLE.MANAGER], centerIds: [me.centerId] };
    case 'partnerAgencyParents':
      return { roles: [ROLE.CLIENT], centerIds: ids(ipCenter ?? null) };
    case 'staffManagers':
      return { roles: [ROLE.MANAGER], centerIds: everyCenter };
    case 'staffParents':
      return { roles: [ROLE.CLIENT], centerIds: everyCenter };
    case 'staffAdmins':
      return { roles: [ROLE.ADMIN, ROLE.MASTER], centerIds: everyCenter };
  }
}

/** The people of some of the caller's chat lists, each with the chat already open with them. */
export async function chatList(
  deps: Pick<Deps, 'db'>,
  auth: Auth,
  lists: readonly ChatList[],
  ipCenter?: number,
): Promise<ChatContact[]> {
  // Every role has the message room (so no 403 here: the page table decides 403s); a list a
  // role is not shown holds nobody for it.
  const allowed = CHAT_LISTS_OF_ROLE[auth.role];
  if (!lists.every((l) => allowed.includes(l))) return [];
  const me = await meOf(deps.db, auth);
  const facts = await factsOf(deps.db, me.centerId);
  if (ipCenter !== undefined && !facts.partnerCenterIds.includes(ipCenter)) throw notFound();
  const seen = new Set<number>();
  const people: repo.PersonRow[] = [];
  for (const list of lists) {
    for (const p of await repo.candidates(deps.db, whereOf(list, me, facts, ipCenter))) {
      if (seen.has(p.userId) || chatListOf(me, p, facts) !== list) continue;
      seen.add(p.userId);
      people.push(p);
    }
  }
  const open = new Map(
    (
      await repo.chatsWith(
        deps.db,
        me.userId,
        people.map((p) => p.userId),
      )
    ).map((c) => [Number(c.otherId), c]),
  );
  return people.map((p) => ({
    userId: p.userId,
    name: nameOf(p),
    role: p.role,
    centerId: p.centerId,
    centerName: p.centerName,
    chatId: open.get(p.userId)?.chatId ?? null,
    unread: Number(open.get(p.userId)?.unread ?? 0),
  }));
}

const STAFF_TYPE: Record<number, ChatList> = {
  [ROLE.MANAGER]: 'staffManagers',
  [ROLE.CLIENT]: 'staffParents',
  [ROLE.ADMIN]: 'staffAdmins',
};

/** getusersbytypeforchatlist: an admin's managers (6), intended parents (9) or admins (7). */
export function usersByType(deps: Pick<Deps, 'db'>, auth: Auth, type: number): Promise<ChatContact[]> {
  return chatList(deps, auth, [STAFF_TYPE[type]!]);
}
