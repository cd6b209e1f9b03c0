import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './db.js';

export interface OutboxBacklog {
  /** Rows waiting to be sent or being sent. */
  depth: number;
  /** Seconds since the oldest of them was queued; 0 when none waits. */
  oldestAgeSeconds: number;
}

/** Both outboxes' backlog in one statement: pending and sending rows (sent, failed, captured are done). */
export async function outboxBacklogs(
  db: Db,
  now: Date,
): Promise<{ mail: OutboxBacklog; text: OutboxBacklog }> {
  const [row] = await queryRows<{
    mail_depth: number;
    mail_oldest: string | null;
    text_depth: number;
    text_oldest: string | null;
  }>(
    db,
    sql`select m.depth as mail_depth, m.oldest as mail_oldest, t.depth as text_depth, t.oldest as text_oldest
      from (select count(*)::int as depth, min(created_at) as oldest
              from mail_outbox where status in ('pending', 'sending')) m,
           (select count(*)::int as depth, min(created_at) as oldest
              from text_outbox where status in ('pending', 'sending')) t`,
  );
  const age = (oldest: string | null) =>
    oldest === null ? 0 : Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000);
  return {
    mail: { depth: row!.mail_depth, oldestAgeSeconds: age(row!.mail_oldest) },
    text: { depth: row!.text_depth, oldestAgeSeconds: age(row!.text_oldest) },
  };
}
