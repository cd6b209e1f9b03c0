import {
  CHAT_BOX,
  CHAT_LIST_GROUP,
  CHAT_MSG,
  type ChatList,
  type ChatMessage,
  type ChatMessagePage,
  ROLE,
  type RoleId,
} from '@dm/shared';
import type { InfiniteData } from '@tanstack/react-query';

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
 * The messages of a chat from its loaded pages (newest page first), oldest first, each once: a
 * message that arrived live sits on the newest page, and an older page fetched after it may hold
 * it again (the server counts its pages from the newest message).
 */
export function mergeMessages(pages: readonly ChatMessage[][]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of pages) for (const m of page) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A chat's cached pages with one more message (pushed, or sent by this browser): kept on the
 * newest page in id order, each id once. Nothing cached stays nothing (the next open fetches the
 * chat); a message already held leaves the pages as they are, so nothing renders again.
 */
export function withMessage(
  data: InfiniteData<ChatMessagePage, number> | undefined,
  message: ChatMessage,
): InfiniteData<ChatMessagePage, number> | undefined {
  const [newest, ...older] = data?.pages ?? [];
  if (!data || !newest) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ ...newest, messages }, ...older] };
}

/** Where the message list is scrolled, as the browser measures its viewport. */
export interface ListScroll {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * How far from the end still counts as reading the newest message: a fraction of a line, so that
 * rounding and a half-loaded image do not stop the list following.
 */
export const FOLLOW_SLACK_PX = 24;

/** What the person is reading: the newest message (the list follows), or a place further up. */
export interface ReadingPlace {
  following: boolean;
  /** scrollHeight - scrollTop: what stays put when older messages are put above. */
  fromBottom: number;
}

export function readingPlace(list: ListScroll): ReadingPlace {
  return {
    following: list.scrollHeight - list.scrollTop - list.clientHeight <= FOLLOW_SLACK_PX,
    fromBottom: list.scrollHeight - list.scrollTop,
  };
}

/**
 * What changed in a chat's list: older messages loaded above, a newer one below (the person's own,
 * or someone else's), or only its size (an image loaded, the box maximized).
 */
export type ListChange = 'older' | 'newer' | 'mine' | 'resize';

/** The change from the list's oldest and newest ids before to its messages now (null: none). */
export function listChange(
  before: { first: number; last: number } | null,
  messages: readonly ChatMessage[],
  userId: number,
): ListChange | null {
  const first = messages[0];
  const last = messages.at(-1);
  if (!first || !last) return null;
  if (before && first.id < before.first) return 'older';
  if (before && last.id > before.last && last.senderId === userId) return 'mine';
  if (!before || last.id > before.last) return 'newer';
  return null;
}

/**
 * Where the list scrolls after a change, or null to stay: the newest message while the person
 * follows it (a chat opens there) and after sending; older messages loaded above keep the
 * reading place; someone else's message does not pull a person who scrolled up to read.
 */
export function scrollTopAfter(change: ListChange, was: ReadingPlace, now: ListScroll): number | null {
  const bottom = Math.max(0, now.scrollHeight - now.clientHeight);
  if (change === 'older') return Math.min(bottom, Math.max(0, now.scrollHeight - was.fromBottom));
  if (change === 'mine' || was.following) return bottom;
  return null;
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
