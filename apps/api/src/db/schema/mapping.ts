import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { donors } from './donors.js';
import { donorImports } from './staff-donors.js';
import { users } from './users.js';

/**
 * A Mapping row: a value a donor import met in a mapped field that is not one of the app's values
 * (field + the value as imported, unique without case), and the app value(s) the master admin
 * mapped it to (races comma-joined; null while unmapped). Reference data of every center: the
 * import of any center uses it.
 */
export const fieldMappings = pgTable(
  'field_mappings',
  {
    id: serial('id').primaryKey(),
    field: text('field').notNull(),
    sourceValue: text('source_value').notNull(),
    /** lower(trim(source_value)): the key imports look the value up by. */
    sourceKey: text('source_key').notNull(),
    mappedValue: text('mapped_value'),
    mappedBy: integer('mapped_by').references(() => users.id, { onDelete: 'set null' }),
    mappedAt: timestamp('mapped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('field_mappings_field_key_unique').on(t.field, t.sourceKey),
    index('field_mappings_field_created_idx').on(t.field, t.createdAt),
  ],
);

/**
 * The donors an import wrote with a value awaiting mapping, so saving the mapping writes it to
 * them. percentage is the race row's share (shared among the races a race maps to).
 */
export const fieldMappingDonors = pgTable(
  'field_mapping_donors',
  {
    id: serial('id').primaryKey(),
    mappingId: integer('mapping_id')
      .notNull()
      .references(() => fieldMappings.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    importId: integer('import_id').references(() => donorImports.id, { onDelete: 'set null' }),
    percentage: doublePrecision('percentage'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('field_mapping_donors_mapping_idx').on(t.mappingId),
    index('field_mapping_donors_donor_idx').on(t.donorId),
  ],
);
