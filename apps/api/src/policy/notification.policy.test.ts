import { canMessageCaseManager, canReadNotification, canSendMessageTo } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OWN } from './subjects.js';

describe('notification policy (packages/shared/src/policy/notification.ts)', () => {
  // read own notification, read another's, message a user of center OWN, message oneself,
  // message one's case manager (message history: policy/chat.ts, chat.policy.test.ts)
  type Row = [boolean, boolean, boolean, boolean, boolean];
  const table: Record<string, Row> = {
    'master own': [true, false, true, false, false],
    'master other': [true, false, true, false, false],
    'admin own': [true, false, true, false, false],
    'admin other': [true, false, false, false, false],
    'manager own': [true, false, true, false, false],
    'manager other': [true, false, false, false, false],
    'client own': [true, false, false, false, true],
    'client other': [true, false, false, false, true],
    'donor own': [true, false, false, false, false],
    'donor other': [true, false, false, false, false],
  };
  it.each(everyone())('%s', (label, s) => {
    expect([
      canReadNotification(s, { recipientId: s.userId }),
      canReadNotification(s, { recipientId: s.userId + 1 }),
      canSendMessageTo(s, { centerId: OWN, userId: s.userId + 1 }),
      canSendMessageTo(s, { centerId: OWN, userId: s.userId }),
      canMessageCaseManager(s),
    ]).toEqual(table[label]);
  });
});
