import {
  type AgenciesWithDonorAccess,
  type AgencyData,
  type CenterOption,
  type CityOption,
  type CountryOption,
  isMaster,
  MSG,
  ROLE,
  type StateOption,
  scopedCenter,
  type ZipCoordinate,
  type ZipKnown,
  type ZipValidity,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { type CenterRow, findCenter } from '../auth/auth.repo.js';
import {
  type CenterListing,
  donorAccessGrantedSince,
  existingCenterIds,
  findCountryId,
  findStaffCenter,
  findStateId,
  findVisibleCenter,
  findVisibleCenterByDomain,
  findZip,
  listCenters,
  listCities,
  listCountries,
  listDonorAccessCenters,
  listMultiAgencyCenterIds,
  listStates,
} from './centers.repo.js';
import { type CheckZipBody, type FetchCoordinateBody, zipKey } from './centers.schemas.js';

type CentersDeps = Pick<ModuleDeps, 'db' | 'clock'>;

/** The main center: the agency of last resort for branding. */
const MAIN_CENTER_ID = 1;

/**
 * Which agency a page is branded for: the signed-in caller's center; else a visible center
 * named in the query; else the visible center whose domain is the request's host; else the main one.
 */
async function brandingCenter(
  db: Db,
  auth: Auth | null,
  centerId: number | undefined,
  host: string,
): Promise<CenterRow | undefined> {
  if (auth) {
    const own = await findCenter(db, auth.centerId);
    if (own) return own;
  }
  if (centerId !== undefined) {
    const named = await findVisibleCenter(db, centerId);
    if (named) return named;
  }
  if (host) {
    const byHost = await findVisibleCenterByDomain(db, host);
    if (byHost) return byHost;
  }
  return findCenter(db, MAIN_CENTER_ID);
}

/** GET /getcurrentyearandagencydata */
/**
 * The center a center-scoped list or report acts on (statistics, cron runs, e-mail templates,
 * the audit list), from the policy's scopedCenter: the master admin the one named (null: every
 * center), everyone else their own. Another center, or one that does not exist, answers 404.
 */
export async function centerInScope(db: Db, auth: Auth, centerId: number | null): Promise<number | null> {
  const scope = scopedCenter(auth, centerId);
  if (scope === undefined) throw notFound();
  if (isMaster(auth) && scope !== null && (await existingCenterIds(db, [scope])).length === 0)
    throw notFound();
  return scope;
}

/**
 * The one center a center's screen acts on (/scheduledonoremail, /generalconfiguration,
 * /feeandpayment): the master admin must name it (400 "Please choose an agency."), an agency
 * admin acts on her own (another named: 404).
 */
export async function oneCenterInScope(
  db: Db,
  auth: Auth,
  centerId: number | null | undefined,
): Promise<number> {
  const scope = await centerInScope(db, auth, centerId ?? null);
  if (scope === null) throw badRequest(MSG.CENTER_REQUIRED);
  return scope;
}

export async function agencyData(
  deps: CentersDeps,
  auth: Auth | null,
  query: { centerId?: number | undefined },
  host: string,
): Promise<AgencyData> {
  const center = await brandingCenter(deps.db, auth, query.centerId, host);
  if (!center) throw new Error('The main center is missing; the database was not seeded.');
  return {
    agency: {
      centerId: center.id,
      name: center.name,
      appTitle: center.appTitle,
      metaDesc: center.metaDescription,
      logoUrl: center.logoPath,
      preActiveAccess: center.preActiveAccess,
      consumerSite: center.consumerSite,
    },
    year: deps.clock.now().getUTCFullYear(),
  };
}

const option = (c: CenterListing): CenterOption => ({ centerId: c.id, name: c.name });

/**
 * The centers the caller's center may see donors of, its own always included. Hidden centers
 * (the agency visibility toggle) drop out, except the caller's own. The master sees every center.
 */
/** The centers whose donors the caller's center may see (its own included; every center for the master). */
export async function donorAccessCenters(db: Db, auth: Auth): Promise<CenterListing[]> {
  if (auth.role === ROLE.MASTER) return listCenters(db);
  const allowed = await listDonorAccessCenters(db, auth.centerId);
  if (!allowed.some((c) => c.id === auth.centerId)) {
    const own = (await listCenters(db)).find((c) => c.id === auth.centerId);
    if (own) allowed.unshift(own);
  }
  return allowed.filter((c) => c.visible || c.id === auth.centerId);
}

/**
 * GET /getcenters: the center picker. Besides the donor-access rule above, centers flagged
 * excludedFromCenterList stay out of other centers' lists (the spec's center 133).
 */
export async function centerList(deps: CentersDeps, auth: Auth, adminId?: number): Promise<CenterOption[]> {
  const list = await donorAccessCenters(deps.db, auth);
  const shown =
    auth.role === ROLE.MASTER
      ? list
      : list.filter((c) => !c.excludedFromCenterList || c.id === auth.centerId);
  if (adminId === undefined) return shown.map(option);
  // adm_id: the center of that admin or case manager, if the caller may see it at all.
  const staff = await findStaffCenter(deps.db, adminId);
  return shown.filter((c) => c.id === staff).map(option);
}

/**
 * GET /getagencieshasdonoraccess. "Multi-agency access" is read as: a center that may see the
 * donors of at least one center besides its own. Only centers already in `data` are named, so
 * nobody learns of a center they cannot see.
 */
export async function agenciesWithDonorAccess(
  deps: CentersDeps,
  auth: Auth,
): Promise<AgenciesWithDonorAccess> {
  const list = await donorAccessCenters(deps.db, auth);
  const seen = new Set(list.map((c) => c.id));
  const multi = await listMultiAgencyCenterIds(deps.db);
  return { agencies: list.map(option), agencyWithMultiAgencyAccess: multi.filter((id) => seen.has(id)) };
}

export async function allCountries(deps: CentersDeps): Promise<CountryOption[]> {
  return listCountries(deps.db);
}

async function countryIdOf(db: Db, isoCode: string): Promise<number> {
  const id = await findCountryId(db, isoCode);
  if (id === undefined) throw badRequest(MSG.INVALID_COUNTRY);
  return id;
}

export async function statesOf(deps: CentersDeps, country: string): Promise<StateOption[]> {
  return listStates(deps.db, await countryIdOf(deps.db, country));
}

export async function citiesOf(deps: CentersDeps, country: string, state: string): Promise<CityOption[]> {
  const stateId = await findStateId(deps.db, await countryIdOf(deps.db, country), state);
  if (stateId === undefined) throw badRequest(MSG.INVALID_STATE);
  return listCities(deps.db, stateId);
}

/** POST /fetchcoordinate: an unknown zip is 400, or {valid: false} when only checking. */
export async function fetchCoordinate(
  deps: CentersDeps,
  body: FetchCoordinateBody,
): Promise<ZipCoordinate | ZipValidity> {
  const found = await findZip(deps.db, body.country, zipKey(body.country, body.zip));
  if (body.checkOnly) return { valid: found !== undefined };
  if (!found) throw badRequest(MSG.INVALID_ZIP);
  return { zip: body.zip, ...found };
}

/** POST /checkcoordinateszipcode */
export async function checkZip(deps: CentersDeps, body: CheckZipBody): Promise<ZipKnown> {
  const found = await findZip(deps.db, body.country, zipKey(body.country, body.zip));
  return { val: found !== undefined };
}

/**
 * POST checkfornewagency {last_login}: the centers whose donors the caller's center was allowed
 * to see since that time (visible ones, and not those kept out of other centers' lists), so the
 * search can point out new agencies.
 */
export async function newAgencies(deps: CentersDeps, auth: Auth, since: Date): Promise<CenterOption[]> {
  const rows = await donorAccessGrantedSince(deps.db, auth.centerId, since);
  return rows.filter((c) => c.visible && !c.excludedFromCenterList).map(option);
}
