import { ROLE } from '@dm/shared';
import { and, asc, eq, gt, inArray, ne, notInArray, sql } from 'drizzle-orm';
import {
  centerDonorAccess,
  centers,
  cities,
  countries,
  states,
  users,
  zipCodes,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import type { CenterRow } from '../auth/auth.repo.js';

export async function findVisibleCenter(db: Db, centerId: number): Promise<CenterRow | undefined> {
  const [row] = await db
    .select()
    .from(centers)
    .where(and(eq(centers.id, centerId), eq(centers.visible, true)))
    .limit(1);
  return row;
}

/** The visible center whose domain is this host name (case-insensitive); the lowest id wins a tie. */
export async function findVisibleCenterByDomain(db: Db, host: string): Promise<CenterRow | undefined> {
  const [row] = await db
    .select()
    .from(centers)
    .where(and(sql`lower(${centers.domain}) = ${host.toLowerCase()}`, eq(centers.visible, true)))
    .orderBy(asc(centers.id))
    .limit(1);
  return row;
}

export interface CenterListing {
  id: number;
  name: string;
  visible: boolean;
  excludedFromCenterList: boolean;
}

const listingColumns = {
  id: centers.id,
  name: centers.name,
  visible: centers.visible,
  excludedFromCenterList: sql<boolean>`coalesce((${centers.settings}->>'excludedFromCenterList')::boolean, false)`,
};

export async function listCenters(db: Db): Promise<CenterListing[]> {
  return db.select(listingColumns).from(centers).orderBy(asc(centers.name), asc(centers.id));
}

/** The centers whose donors `centerId` may see (center_donor_access), by name. */
export async function listDonorAccessCenters(db: Db, centerId: number): Promise<CenterListing[]> {
  return db
    .selectDistinct(listingColumns)
    .from(centerDonorAccess)
    .innerJoin(centers, eq(centers.id, centerDonorAccess.allowedCenterId))
    .where(eq(centerDonorAccess.centerId, centerId))
    .orderBy(asc(centers.name), asc(centers.id));
}

/** Every center with whether `centerId` may see its donors (the allowed-organization screen). */
export async function listAllowedOrganizations(db: Db, centerId: number) {
  const allowed = new Set(
    (
      await db
        .select({ id: centerDonorAccess.allowedCenterId })
        .from(centerDonorAccess)
        .where(eq(centerDonorAccess.centerId, centerId))
    ).map((r) => r.id),
  );
  const all = await db
    .select({ id: centers.id, name: centers.name })
    .from(centers)
    .where(ne(centers.id, centerId))
    .orderBy(asc(centers.name), asc(centers.id));
  return all.map((c) => ({ centerId: c.id, name: c.name, allowed: allowed.has(c.id) }));
}

/**
 * Replaces the set of centers whose donors `centerId` may see; the center always keeps its own.
 * Call inside a transaction so readers never see a half-written set.
 */
export async function replaceDonorAccess(
  db: Db,
  centerId: number,
  allowedCenterIds: number[],
): Promise<void> {
  const ids = [centerId, ...new Set(allowedCenterIds.filter((id) => id !== centerId))];
  // Kept rows keep their created_at (when access was granted): only the difference is written.
  await db
    .delete(centerDonorAccess)
    .where(and(eq(centerDonorAccess.centerId, centerId), notInArray(centerDonorAccess.allowedCenterId, ids)));
  const kept = new Set(
    (
      await db
        .select({ id: centerDonorAccess.allowedCenterId })
        .from(centerDonorAccess)
        .where(eq(centerDonorAccess.centerId, centerId))
    ).map((r) => r.id),
  );
  const added = ids.filter((id) => !kept.has(id));
  if (added.length > 0)
    await db
      .insert(centerDonorAccess)
      .values(added.map((allowedCenterId) => ({ centerId, allowedCenterId })));
}

/** Centers whose donors `centerId` was allowed to see after `since`, by name. */
export async function donorAccessGrantedSince(
  db: Db,
  centerId: number,
  since: Date,
): Promise<CenterListing[]> {
  return db
    .selectDistinct(listingColumns)
    .from(centerDonorAccess)
    .innerJoin(centers, eq(centers.id, centerDonorAccess.allowedCenterId))
    .where(
      and(
        eq(centerDonorAccess.centerId, centerId),
        ne(centerDonorAccess.allowedCenterId, centerId),
        gt(centerDonorAccess.createdAt, since),
      ),
    )
    .orderBy(asc(centers.name), asc(centers.id));
}

/** The ids among `ids` that name a center. */
export async function existingCenterIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: centers.id }).from(centers).where(inArray(centers.id, ids));
  return rows.map((r) => r.id);
}

/** Ids of the centers that may see the donors of at least one other center. */
export async function listMultiAgencyCenterIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ centerId: centerDonorAccess.centerId })
    .from(centerDonorAccess)
    .where(ne(centerDonorAccess.allowedCenterId, centerDonorAccess.centerId))
    .orderBy(asc(centerDonorAccess.centerId));
  return rows.map((r) => r.centerId);
}

export async function listCountries(db: Db) {
  return db
    .select({ isoCode: countries.isoCode, name: countries.name, phoneCode: countries.phoneCode })
    .from(countries)
    .orderBy(asc(countries.name));
}

export async function findCountryId(db: Db, isoCode: string): Promise<number | undefined> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.isoCode, isoCode));
  return row?.id;
}

export async function listStates(db: Db, countryId: number) {
  return db
    .select({ isoCode: states.isoCode, name: states.name })
    .from(states)
    .where(eq(states.countryId, countryId))
    .orderBy(asc(states.name));
}

export async function findStateId(db: Db, countryId: number, isoCode: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.countryId, countryId), eq(states.isoCode, isoCode)))
    .limit(1);
  return row?.id;
}

export async function listCities(db: Db, stateId: number) {
  return db
    .selectDistinct({ name: cities.name })
    .from(cities)
    .where(eq(cities.stateId, stateId))
    .orderBy(asc(cities.name));
}

export async function findZip(db: Db, country: string, zipcode: string) {
  const [row] = await db
    .select({
      latitude: zipCodes.latitude,
      longitude: zipCodes.longitude,
      city: zipCodes.city,
      state: zipCodes.state,
    })
    .from(zipCodes)
    .where(and(eq(zipCodes.country, country), eq(zipCodes.zipcode, zipcode)))
    .limit(1);
  return row;
}

/** The center of an admin or case manager (null: no such staff member). */
export async function findStaffCenter(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ centerId: users.centerId })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, [ROLE.ADMIN, ROLE.MANAGER])))
    .limit(1);
  return row?.centerId ?? null;
}
