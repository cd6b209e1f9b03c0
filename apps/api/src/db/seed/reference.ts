import { City, Country, State } from 'country-state-city';
import { sql } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { type Db, queryRows } from '../../platform/db.js';
import { cities, countries, states, zipCodes } from '../schema/index.js';

const BATCH = 2000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Loads countries, states, cities and zip codes with coordinates from the packages that ship
 * them; nothing is fetched at run time. `onlyCountries` limits the load (tests use a few).
 */
export async function loadReferenceData(db: Db, onlyCountries?: readonly string[]): Promise<void> {
  const [existing] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from countries`,
  );
  if (existing!.count > 0) return;
  const wanted = (iso: string) => !onlyCountries || onlyCountries.includes(iso);
  const allCountries = Country.getAllCountries().filter((c) => wanted(c.isoCode));
  const countryRows = await db
    .insert(countries)
    .values(allCountries.map((c) => ({ isoCode: c.isoCode, name: c.name, phoneCode: c.phonecode ?? '' })))
    .returning({ id: countries.id, isoCode: countries.isoCode });
  const countryId = new Map(countryRows.map((c) => [c.isoCode, c.id]));

  const stateList = State.getAllStates().filter((s) => countryId.has(s.countryCode));
  const stateIds = new Map<string, number>();
  await insertInBatches(stateList, async (batch) => {
    const inserted = await db
      .insert(states)
      .values(
        batch.map((s) => ({ countryId: countryId.get(s.countryCode)!, isoCode: s.isoCode, name: s.name })),
      )
      .returning({ id: states.id, countryId: states.countryId, isoCode: states.isoCode });
    for (const s of inserted) stateIds.set(`${s.countryId}:${s.isoCode}`, s.id);
  });

  const cityRows: { stateId: number; name: string }[] = [];
  for (const c of City.getAllCities()) {
    const cid = countryId.get(c.countryCode);
    const sid = cid === undefined ? undefined : stateIds.get(`${cid}:${c.stateCode}`);
    if (sid !== undefined) cityRows.push({ stateId: sid, name: c.name });
  }
  await insertInBatches(cityRows, (batch) => db.insert(cities).values(batch));

  const zips = Object.values(zipcodes.codes as Record<string, ZipRecord>)
    .map((z) => ({ ...z, country: z.country === 'Canada' ? 'CA' : z.country }))
    .filter((z) => wanted(z.country) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude));
  await insertInBatches(zips, (batch) =>
    db
      .insert(zipCodes)
      .values(
        batch.map((z) => ({
          country: z.country,
          zipcode: z.zip,
          latitude: z.latitude,
          longitude: z.longitude,
          city: z.city,
          state: z.state,
        })),
      )
      .onConflictDoNothing(),
  );
}

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}
