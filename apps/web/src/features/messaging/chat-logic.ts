import {
  CHAT_BOX,
  CHAT_LIST_GROUP,
  CHAT_MSG,
  type ChatList,
  type ChatMessage,
  ROLE,
  type RoleId,
} from '@dm/shared';

/** The chat box: closed (no box), minimized (title bar), normal, maximized. */
export type BoxState = 'minimized' | 'normal' | 'maximized';

/** The box's size in pixels: 310x300, maximized 500x550 only when the window is wider than 515. */
export function boxSize(state: BoxState, windowWidth: number): { width: number; height: number } {
  if (state === 'minimized') return { width: CHAT_BOX.width, height: CHAT_BOX.minHeight };
  if (state === 'maximized' && canMaximize(windowWidth)) {
    return { width: CHAT_BOX.maxWidth, height: CHAT_BOX.maxHeight };
  }
  return { width: CHAT_BOX.width, height: CHAT_BOX.height };
}

export const canMaximize = (windowWidth: number) => windowWidth > CHAT_BOX.maximizeAbove;

/** Chat lists are shown in groups of six. */
export function groupInSixes<T>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += CHAT_LIST_GROUP) groups.push(items.slice(i, i + CHAT_LIST_GROUP));
  return groups;
}

/**
 * One chat box at a time: opening a box for someone else while one is open is refused with the
 * spec's message; the same person just shows the open box.
 */
export function openBoxProblem(openUserId: number | null, userId: number): string | null {
  return openUserId !== null && openUserId !== userId ? CHAT_MSG.ONE_BOX : null;
}

/**
 * The messages of a chat from its loaded pages (newest page first) and what arrived since,
 * oldest first, each once: a pushed message replaces the sender's own pending copy (same
 * clientMessageId), and a message both loaded and pushed shows once.
 */
export function mergeMessages(
  pages: readonly ChatMessage[][],
  arrived: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of pages) for (const m of page) byId.set(m.id, m);
  for (const m of arrived) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A new id for a message about to be sent, so a retry is stored once. */
export const newClientMessageId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The lists a role's message room shows, with their headings and the call that fills each. */
export interface ListDef {
  key: string;
  title: string;
  call: string;
  /** getusersbytypeforchatlist's type. */
  type?: number;
  lists: ChatList[];
}

export function listsOf(role: RoleId): ListDef[] {
  switch (role) {
    case ROLE.CLIENT:
      return [
        {
          key: 'manager',
          title: 'Your case manager',
          call: 'getclientmanager',
          lists: ['clientManager', 'support'],
        },
        {
          key: 'agency',
          title: 'Agency case managers',
          call: 'getagencycasemanagerlistclient',
          lists: ['agencyCaseManagers'],
        },
        { key: 'admins', title: 'Admins', call: 'getselectedadminforchatlist', lists: ['admins'] },
      ];
    case ROLE.DONOR:
      return [
        { key: 'staff', title: 'Your agency contact', call: 'getdonorchatlist', lists: ['donorStaff'] },
        { key: 'admins', title: 'Admins', call: 'getselectedadminforchatlist', lists: ['admins'] },
      ];
    case ROLE.MANAGER:
      return [
        { key: 'clients', title: 'Your intended parents', call: 'getclientchatlist', lists: ['clients'] },
        {
          key: 'agency',
          title: 'Agency case managers',
          call: 'getagencycasemanagerlistmanager',
          lists: ['agencyManagers'],
        },
        {
          key: 'partners',
          title: 'Partner case managers',
          call: 'getpartnercmchatlist',
          lists: ['partnerCaseManagers'],
        },
        { key: 'admins', title: 'Admins', call: 'getselectedadminforchatlist', lists: ['admins'] },
      ];
    default:
      return [
        {
          key: 'managers',
          title: 'Case managers',
          call: 'getusersbytypeforchatlist',
          type: 6,
          lists: ['staffManagers'],
        },
        {
          key: 'parents',
          title: 'Intended parents',
          call: 'getusersbytypeforchatlist',
          type: 9,
          lists: ['staffParents'],
        },
        {
          key: 'admins',
          title: 'Admins',
          call: 'getusersbytypeforchatlist',
          type: 7,
          lists: ['staffAdmins'],
        },
      ];
  }
}

/** A file size for people: 12 KB, 3.4 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
