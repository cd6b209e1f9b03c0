import { sql } from 'drizzle-orm';
import { cities, countries, states, zipCodes } from '../db/schema/index.js';
import { type Db, queryRows } from '../platform/db.js';
import { insertRows } from './bulk.js';

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
  // Loaded only when there is something to load: the two packages' data costs a process about
  // 150 MB of resident memory, which a server that has its reference data should not carry.
  const [{ City, Country, State }, { default: zipcodes }] = await Promise.all([
    import('country-state-city'),
    import('zipcodes'),
  ]);
  const wanted = (iso: string) => !onlyCountries || onlyCountries.includes(iso);
  const allCountries = Country.getAllCountries().filter((c) => wanted(c.isoCode));
  const countryRows = await insertRows<typeof countries, { id: number; iso_code: string }>(
    db,
    countries,
    allCountries.map((c) => ({ isoCode: c.isoCode, name: c.name, phoneCode: c.phonecode ?? '' })),
    ['id', 'iso_code'],
  );
  const countryId = new Map(countryRows.map((c) => [c.iso_code, c.id]));

  const stateList = State.getAllStates().filter((s) => countryId.has(s.countryCode));
  const stateRows = await insertRows<typeof states, { id: number; country_id: number; iso_code: string }>(
    db,
    states,
    stateList.map((s) => ({ countryId: countryId.get(s.countryCode)!, isoCode: s.isoCode, name: s.name })),
    ['id', 'country_id', 'iso_code'],
  );
  const stateIds = new Map<string, number>();
  for (const s of stateRows) stateIds.set(`${s.country_id}:${s.iso_code}`, s.id);

  const cityRows: { stateId: number; name: string }[] = [];
  for (const c of City.getAllCities()) {
    const cid = countryId.get(c.countryCode);
    const sid = cid === undefined ? undefined : stateIds.get(`${cid}:${c.stateCode}`);
    if (sid !== undefined) cityRows.push({ stateId: sid, name: c.name });
  }
  await insertRows(db, cities, cityRows);

  // A zip code listed twice keeps its first entry (the key is country and zip code).
  const zips = new Map<string, ZipRecord>();
  for (const z of Object.values(zipcodes.codes as Record<string, ZipRecord>)) {
    const country = z.country === 'Canada' ? 'CA' : z.country;
    if (!wanted(country) || !Number.isFinite(z.latitude) || !Number.isFinite(z.longitude)) continue;
    const key = `${country}:${z.zip}`;
    if (!zips.has(key)) zips.set(key, { ...z, country });
  }
  await insertRows(
    db,
    zipCodes,
    [...zips.values()].map((z) => ({
      country: z.country,
      zipcode: z.zip,
      latitude: z.latitude,
      longitude: z.longitude,
      city: z.city,
      state: z.state,
    })),
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
