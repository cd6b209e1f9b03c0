import {
  CHAT_LISTS_OF_ROLE,
  type ChatContact,
  type ChatList,
  chatListNarrowing,
  chatListOf,
  ROLE,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './messaging.repo.js';
import { type Deps, factsOf, meOf, nameOf } from './messaging.shared.js';

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
    // The query narrows each list (chatListNarrowing); the policy decides every person.
    for (const p of await repo.candidates(deps.db, chatListNarrowing(list, me, facts, ipCenter))) {
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
