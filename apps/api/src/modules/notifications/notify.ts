import type { Db } from '../../platform/db.js';
import type { Realtime } from '../../platform/realtime.js';
import * as repo from './notifications.repo.js';

/**
 * What a notification is about. The bell and /notifications list them; the kind picks
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
  | 'message'
  | 'search_alert'
  | 'donor_available';

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
 * Writes notification rows in the caller's transaction and returns what to announce after commit:
 * each recipient's unread count (read in the same transaction, so it includes the new rows).
 */
export async function notify(tx: Db, inputs: readonly NotifyInput[]): Promise<Announce> {
  if (inputs.length === 0) return () => {};
  await repo.insertNotifications(
    tx,
    inputs.map((n) => ({
      recipientId: n.userId,
      sharedBy: n.sharedBy,
      kind: n.kind,
      text: n.text,
      link: n.link ?? null,
      chatId: n.chatId ?? null,
    })),
  );
  const counts = await repo.unreadCounts(tx, [...new Set(inputs.map((n) => n.userId))]);
  return (realtime) => {
    for (const [userId, unread] of counts) realtime.emitToUsers([userId], 'notification', { unread });
  };
}

/** Runs every announce of a change (after its transaction committed). */
export function announceAll(realtime: Realtime, announces: readonly Announce[]): void {
  for (const announce of announces) announce(realtime);
}
