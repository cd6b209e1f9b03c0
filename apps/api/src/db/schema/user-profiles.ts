import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The profile fields of the spec's Profile entity that `users` does not hold. Names,
 * contact number, its verification, country, text and e-mail notification flags stay on users.
 * A user without a row has the defaults.
 */
export const userProfiles = pgTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: text('state').notNull().default(''),
  city: text('city').notNull().default(''),
  address: text('address').notNull().default(''),
  address2: text('address2').notNull().default(''),
  zipcode: text('zipcode').notNull().default(''),
  /** Cell, Email or Both. */
  communicationType: text('communication_type').notNull().default('Email'),
  /** In-app messages (the spec's is_message). */
  isMessage: boolean('is_message').notNull().default(true),
  /** A copy of notification e-mails goes to this address until the expiry date. */
  ccEmail: text('cc_email').notNull().default(''),
  ccExpiryDate: date('cc_expiry_date', { mode: 'string' }),
  searchingFor: text('searching_for').notNull().default(''),
  voicemail: boolean('voicemail').notNull().default(false),
  workingWithClinic: boolean('working_with_clinic').notNull().default(false),
  clinicDetail: text('clinic_detail').notNull().default(''),
  workingWithAgency: boolean('working_with_agency').notNull().default(false),
  spermSource: text('sperm_source').notNull().default(''),
  referralDetail: text('referral_detail').notNull().default(''),
  referralOther: text('referral_other').notNull().default(''),
  receiveEducationEmail: boolean('receive_education_email').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A pending e-mail change (decision 015): the new address, a 6-digit code and a link token, both
 * kept only as hashes. The username changes when one of them is given back.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    tries: smallint('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId, t.createdAt)],
);
