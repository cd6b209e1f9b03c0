/**
 * The events the server pushes to signed-in browsers over the socket. Each payload is
 * small; a browser refetches whatever else it shows. The socket only announces: everything it
 * announces is already stored, so a browser that missed an event loses nothing (it refetches on
 * reconnect).
 */
/** Where the socket server listens (socket.io's `path`), under the API's prefix. */
export const REALTIME_PATH = '/api/socket.io';

/**
 * What a browser may ask over the socket: which of these users are online (answered with the ids
 * online among those whose presence it may see).
 */
export const PRESENCE_QUERY = 'presence:query';

export const REALTIME_EVENTS = ['chat:message', 'notification', 'presence', 'center:settings'] as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

/** A chat message stored and committed; sent to both people of the chat. */
export interface ChatMessageEvent {
  chatId: number;
  /** The stored message as `getchatmessage` returns it (the chat module owns its full shape). */
  message: {
    id: number;
    /** The id the sending browser gave the message, so its own optimistic copy is replaced. */
    clientMessageId: string | null;
    senderId: number;
    receiverId: number;
    /** ISO time the server stored it. */
    sentAt: string;
    [field: string]: unknown;
  };
}

/** The recipient's notifications changed: the unread count now. */
export interface NotificationEvent {
  unread: number;
}

/** Someone whose presence the browser asked about went online or offline. */
export interface PresenceEvent {
  userId: number;
  online: boolean;
}

/**
 * An agency's settings changed: every signed-in browser of that agency refetches what
 * it shows (its session, whose center flags decide pages and menus, and the open screen).
 */
export interface CenterSettingsEvent {
  centerId: number;
}

export interface RealtimeEventMap {
  'chat:message': ChatMessageEvent;
  notification: NotificationEvent;
  presence: PresenceEvent;
  'center:settings': CenterSettingsEvent;
}
