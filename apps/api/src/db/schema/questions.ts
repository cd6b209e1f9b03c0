import type { QuestionOption } from '@dm/shared';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { centers } from './centers.js';
import { users } from './users.js';

/**
 * A center's customised questions for the donor form. Archiving clears is_active and keeps
 * status (public, staff or private), so a restored question reads as it did.
 * question_key is the text without case and spaces: one per center, archived ones included,
 * so restoring never brings back a duplicate.
 */
export const customizedQuestions = pgTable(
  'customized_questions',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    questionKey: text('question_key').notNull(),
    type: text('type').notNull().default('textarea'),
    status: text('status').notNull().default('public'),
    isRequired: boolean('is_required').notNull().default(false),
    tab: text('tab').notNull().default('miscellaneous'),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customized_questions_center_key_unique').on(t.centerId, t.questionKey),
    index('customized_questions_center_tab_idx').on(t.centerId, t.tab),
  ],
);
