import type { EligibilityReason } from '@dm/shared';
import { boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/**
 * A donor's latest pre-form: the answers keyed by question id (PREFORM_QUESTIONS) and how the
 * center's rules judged them. The outcome the login rules read (pre_form_status) stays on
 * donors; the answers are kept after a reset so that filling the form again starts from them.
 * The answers are medical: they are never logged nor put in the audit details.
 */
export const donorPreforms = pgTable('donor_preforms', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  centerId: integer('center_id')
    .notNull()
    .references(() => centers.id),
  answers: jsonb('answers').$type<Record<string, string>>().notNull(),
  eligible: boolean('eligible').notNull(),
  reasons: text('reasons').array().$type<EligibilityReason[]>().notNull(),
  disqualifyingQuestionIds: integer('disqualifying_question_ids').array().notNull(),
  bmi: doublePrecision('bmi').notNull(),
  /** Whether auto-rejection was on when it was judged (off: accepted whatever the rules say). */
  autoRejection: boolean('auto_rejection').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
});
