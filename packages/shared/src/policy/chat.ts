import { ROLE, type RoleId } from '../roles.js';

/**
 * Who may open a chat with whom (donor-forms spec section 6, chat lists): clients see their case
 * manager, the agency case managers where their center has multi-agency access, and support;
 * managers see their clients, partner case managers, their agency's managers and partner
 * agencies' intended parents; admins see managers, intended parents and admins; donors, clients
 * and managers also see an admin list.
 *
 * "Partner" centers of a center are those whose donors it may see (its allowed organizations,
 * one direction: a center sharing its donors learns nothing of who sees them); a center with at
 * least one partner has multi-agency access (as getagencieshasdonoraccess reads it). The other
 * side can still answer in a chat a partner opened: members always read and write their chats.
 * "Support" is the center's default case manager (the one consumer-center members write to).
 */
export type ChatList =
  /** getclientmanager: a client's own case manager. */
  | 'clientManager'
  /** getclientmanager too: the center's default case manager, for clients (support). */
  | 'support'
  /** getagencycasemanagerlistclient: case managers of the client's and partner centers (multi-agency). */
  | 'agencyCaseManagers'
  /** getselectedadminforchatlist: the admins of one's own center (donors, clients, managers). */
  | 'admins'
  /** getdonorchatlist: the staff a donor is assigned to. */
  | 'donorStaff'
  /** getclientchatlist: a manager's clients. */
  | 'clients'
  /** getpartnercmchatlist: partner centers' case managers. */
  | 'partnerCaseManagers'
  /** getagencycasemanagerlistmanager: the other case managers of the manager's center. */
  | 'agencyManagers'
  /** getpartneragencyiplist: a partner center's intended parents. */
  | 'partnerAgencyParents'
  /** getusersbytypeforchatlist (admins): managers, intended parents, admins of the center. */
  | 'staffManagers'
  | 'staffParents'
  | 'staffAdmins';

/** The facts of a person the rule reads. */
export interface ChatPerson {
  userId: number;
  role: RoleId;
  centerId: number;
  /** A client's case manager, or the staff a donor is assigned to. */
  managerId: number | null;
  status: string;
}

/** The facts of the caller's center. */
export interface ChatCenterFacts {
  /** The centers whose donors the caller's center may see, its own excluded. */
  partnerCenterIds: readonly number[];
  /** The center's default case manager (support), if set. */
  supportUserId: number | null;
}

/** Only people who can sign in and read are listed. */
export const CHAT_STATUSES = ['Active', 'Pre-Active'] as const;
const reachable = (p: ChatPerson) => (CHAT_STATUSES as readonly string[]).includes(p.status);

/** The chat list the target is on for the caller, or null: nobody the caller may start a chat with. */
export function chatListOf(me: ChatPerson, target: ChatPerson, facts: ChatCenterFacts): ChatList | null {
  if (me.userId === target.userId || !reachable(target)) return null;
  const sameCenter = target.centerId === me.centerId;
  const partner = !sameCenter && facts.partnerCenterIds.includes(target.centerId);
  const multiAgency = facts.partnerCenterIds.length > 0;
  const adminOfMine = sameCenter && target.role === ROLE.ADMIN;
  // A manager or support id that names someone who is not staff (bad data) opens nothing.
  const centerStaff = target.role === ROLE.MANAGER || target.role === ROLE.ADMIN;
  switch (me.role) {
    case ROLE.CLIENT:
      if (target.userId === me.managerId && (centerStaff || target.role === ROLE.MASTER))
        return 'clientManager';
      if (sameCenter && target.userId === facts.supportUserId && centerStaff) return 'support';
      if (target.role === ROLE.MANAGER && multiAgency && (sameCenter || partner)) return 'agencyCaseManagers';
      return adminOfMine ? 'admins' : null;
    case ROLE.DONOR:
      if (sameCenter && target.userId === me.managerId && centerStaff) return 'donorStaff';
      return adminOfMine ? 'admins' : null;
    case ROLE.MANAGER:
      if (target.role === ROLE.CLIENT && target.managerId === me.userId) return 'clients';
      if (target.role === ROLE.MANAGER)
        return sameCenter ? 'agencyManagers' : partner ? 'partnerCaseManagers' : null;
      if (target.role === ROLE.CLIENT && partner) return 'partnerAgencyParents';
      return adminOfMine ? 'admins' : null;
    case ROLE.ADMIN:
    case ROLE.MASTER: {
      // The master admin works across centers.
      if (!sameCenter && me.role !== ROLE.MASTER) return null;
      if (target.role === ROLE.MANAGER) return 'staffManagers';
      if (target.role === ROLE.CLIENT) return 'staffParents';
      if (target.role === ROLE.ADMIN || target.role === ROLE.MASTER) return 'staffAdmins';
      return null;
    }
    default:
      return null;
  }
}

/** Which people a chat list can hold, as a query narrows them before chatListOf decides each one. */
export interface ChatListNarrowing {
  roles: readonly RoleId[];
  /** Only people of these centers (none: nobody); absent: any center. */
  centerIds?: readonly number[];
  /** Only the clients of this case manager. */
  managerId?: number;
  /** Only these people (none: nobody). */
  userIds?: number[];
}

const ids = (...list: (number | null)[]) => list.filter((x): x is number => x !== null);

/**
 * What a list can hold at most, for a query to narrow on before chatListOf decides each person:
 * it must never leave out someone chatListOf puts on the list (chat.policy.test.ts checks that
 * for random people). `ipCenter`: the partner center of partnerAgencyParents.
 */
export function chatListNarrowing(
  list: ChatList,
  me: ChatPerson,
  facts: ChatCenterFacts,
  ipCenter?: number,
): ChatListNarrowing {
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

export const canStartChat = (me: ChatPerson, target: ChatPerson, facts: ChatCenterFacts): boolean =>
  chatListOf(me, target, facts) !== null;

/** Which lists a role is shown (the routes answer 403 for the others). */
export const CHAT_LISTS_OF_ROLE: Record<RoleId, readonly ChatList[]> = {
  [ROLE.CLIENT]: ['clientManager', 'support', 'agencyCaseManagers', 'admins'],
  [ROLE.DONOR]: ['donorStaff', 'admins'],
  [ROLE.MANAGER]: ['clients', 'partnerCaseManagers', 'agencyManagers', 'partnerAgencyParents', 'admins'],
  [ROLE.ADMIN]: ['staffManagers', 'staffParents', 'staffAdmins'],
  [ROLE.MASTER]: ['staffManagers', 'staffParents', 'staffAdmins'],
};

/**
 * The Pre-Active rule: a Pre-Active client of the consumer center who sends a first message to
 * support has further messaging disabled (donor-forms spec section 4).
 */
export function disablesChatAfterSend(
  sender: Pick<ChatPerson, 'role' | 'status'>,
  consumerCenter: boolean,
  toSupport: boolean,
): boolean {
  return sender.role === ROLE.CLIENT && sender.status === 'Pre-Active' && consumerCenter && toSupport;
}

/** Staff who may read a person's messages (/message-history): the client's manager, the center's admin. */
export function canReadMessageHistory(me: ChatPerson, person: ChatPerson): boolean {
  if (me.role === ROLE.MASTER) return true;
  if (person.centerId !== me.centerId) return false;
  if (me.role === ROLE.ADMIN) return true;
  return me.role === ROLE.MANAGER && person.role === ROLE.CLIENT && person.managerId === me.userId;
}
