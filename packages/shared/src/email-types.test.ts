import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMAIL_TYPE, EMAIL_TYPES } from './email-types.js';

describe('EMAIL_TYPES', () => {
  it('expands a row into the full definition with braced placeholders and the shared signature', () => {
    expect(EMAIL_TYPES.find((t) => t.id === EMAIL_TYPE.IP_QUERY)).toEqual({
      id: 29,
      title: 'Intended Parent Question',
      placeholders: [
        '{recipient}',
        '{client}',
        '{query_type}',
        '{donor}',
        '{message}',
        '{organization}',
        '{unsubscribe}',
      ],
      subject: '{client}: {query_type}',
      definition:
        '<p>Dear {recipient},</p><p>{client} sent a {query_type} about donor {donor}:</p><p>{message}</p>',
      signature: 'Kind regards,<br>{organization}',
    });
  });

  it('keeps every type, in order, as the list of written-out objects had it', () => {
    // The hash of the list as it was written out object by object before it became rows.
    // Types added later (the chat message) come after them; issue 20 added
    // {unsubscribe} to every type's placeholders; issue 22 the saved-search alert (48) and the
    // agency number change request (55); issue 23 the concierge request (60) and its
    // confirmation (61), the coaching session booked and cancelled (62, 63);
    // issue 24 the donor available again (64).
    const hash = createHash('sha256')
      .update(JSON.stringify(EMAIL_TYPES.slice(0, 22)))
      .digest('hex');
    expect(EMAIL_TYPES).toHaveLength(31);
    expect(hash).toBe('7313bc77f43adda054794dd39720fbf7f9607db7d74c0b6ebe8696f8c3abdaad');
  });
});
