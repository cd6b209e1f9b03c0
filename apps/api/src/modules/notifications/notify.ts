import type { Db } from '../../platform/db.js';
import type { Realtime } from '../../platform/realtime.js';

/**
 * What a notification is about (issue 20). The bell and /notifications list them; the kind picks
 * the icon and where "open" goes.
 */
export type NotificationKind =
  | 'chat'
  | 'portfolio_shared'
  | 'portfolio_updated'
  | 'feedback'
  | 'favourite'
  | 'note'
  | 'match'
  | 'donor_shared'
  | 'message';

export interface NotifyInput {
  /** Who sees it. */
  userId: number;
  /** Who caused it (null: the system). */
  sharedBy: number | null;
  kind: NotificationKind;
  /** The full text; the bell cuts its preview at 35 characters. Never medical or genetic data. */
  text: string;
  /** The app path "open" goes to, e.g. /messageroom/12/34. */
  link?: string | null;
  /** The chat a chat notification belongs to. */
  chatId?: number | null;
}

/** Sends the new unread counts; call it after the transaction that wrote the rows commits. */
export type Announce = (realtime: Realtime) => void;

/**
 * Writes notification rows in the caller's transaction and returns what to announce after commit.
 * STUB until the notifications module of issue 20 lands: writes nothing.
 */
export async function notify(_tx: Db, _inputs: readonly NotifyInput[]): Promise<Announce> {
  return () => {};
}
