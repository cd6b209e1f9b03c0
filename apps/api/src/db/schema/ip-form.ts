import type { IpFertility, IpGeneral, IpPersonal } from '@dm/shared';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * An intended parent's form: one row per parent, one jsonb per savable tab (null until
 * the tab is first saved), stored normalised by the shared rules (packages/shared/src/ip-form.ts).
 * Whether it is submitted is users.ip_form_submitted_at alone (it drives the post-login rule).
 * Its center is the parent's (users.center_id), not copied here: a parent who moves keeps one truth.
 * The answers about therapy, medication and fertility are medical: never logged nor audited.
 */
export const ipForms = pgTable('ip_forms', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  general: jsonb('general').$type<IpGeneral>(),
  personalCharacteristics: jsonb('personal_characteristics').$type<IpPersonal>(),
  fertilityHistory: jsonb('fertility_history').$type<IpFertility>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
