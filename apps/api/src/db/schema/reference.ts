import { doublePrecision, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  isoCode: text('iso_code').notNull().unique(),
  name: text('name').notNull(),
  phoneCode: text('phone_code').notNull().default(''),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    isoCode: text('iso_code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('states_country_idx').on(t.countryId)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('cities_state_idx').on(t.stateId)],
);

/** Zip codes with coordinates, for distance search and zip validation. */
export const zipCodes = pgTable(
  'zip_codes',
  {
    country: text('country').notNull().default('US'),
    zipcode: text('zipcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.country, t.zipcode] })],
);
