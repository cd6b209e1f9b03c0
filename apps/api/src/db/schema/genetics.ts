import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { donors } from './donors.js';
import { users } from './users.js';

/**
 * Carrier screening panels (decision 026): one row per donor ('donor'), and per intended
 * parent their own ('self') and the sperm source's ('sperm_source'). The whole panel (lab, panel
 * name, date, genes tested, genes carried with variants) is one JSON sealed with SecretBox: it
 * names a person's medical data. Never logged.
 */
export const carrierPanels = pgTable(
  'carrier_panels',
  {
    id: serial('id').primaryKey(),
    /** The donor (kind 'donor') or the intended parent (kinds 'self' and 'sperm_source'). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'donor' | 'self' | 'sperm_source'>().notNull(),
    /** SecretBox.seal of the CarrierPanel JSON. */
    sealed: text('sealed').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('carrier_panels_user_kind_unique').on(t.userId, t.kind)],
);

/**
 * A donor's genes tested, with whether the donor carries each, kept plain (never the variant):
 * what the cards and the search filter compare a parent's panel with, without opening a sealed
 * panel per donor. Rewritten with the donor's panel in one transaction. Decision 026 says why
 * the gene symbols of a donor may be plain while the parent's may not.
 */
export const donorCarrierGenes = pgTable(
  'donor_carrier_genes',
  {
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.userId, { onDelete: 'cascade' }),
    gene: text('gene').notNull(),
    carrier: boolean('carrier').notNull(),
  },
  (t) => [primaryKey({ columns: [t.donorId, t.gene] }), index('donor_carrier_genes_gene_idx').on(t.gene)],
);
