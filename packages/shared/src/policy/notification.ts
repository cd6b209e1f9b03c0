import { inCenterOf, isCenterStaff, isClient, isMaster, type PolicySubject } from './subject.js';

/** A notification is its recipient's alone: anyone else (staff included) gets 404. */
export const canReadNotification = (s: PolicySubject, n: { recipientId: number }): boolean =>
  n.recipientId === s.userId;

/** Staff send in-app messages to users of their own center (the master to anyone). */
export const canSendMessageTo = (s: PolicySubject, target: { centerId: number; userId: number }): boolean =>
  (isCenterStaff(s) || isMaster(s)) && target.userId !== s.userId && inCenterOf(s, target.centerId);

// Whose message history the caller reads (fetchallmessagesbyuserid, /message-history) is one
// rule for chats and in-app messages: canReadMessageHistory in policy/chat.ts.

/** Only clients message "their case manager". */
export const canMessageCaseManager = (s: PolicySubject): boolean => isClient(s);
