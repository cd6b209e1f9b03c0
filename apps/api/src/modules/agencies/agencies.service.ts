import {
  type AddAgencyBody,
  type AddZipBody,
  type AgencyList,
  type AgencyListBody,
  type AgencyRow,
  type AllowedOrganization,
  type DeleteZipBody,
  MSG,
  type UpdateAgencyBody,
  type UpdateZipBody,
  type ZipCodeList,
  type ZipCodeRow,
  type ZipListBody,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import {
  existingCenterIds,
  findZip,
  listAllowedOrganizations,
  replaceDonorAccess,
} from '../centers/centers.repo.js';
import { zipKey } from '../centers/centers.schemas.js';
import {
  type AgencyRecord,
  deleteZipCode,
  emailTaken,
  findAgency,
  findCountry,
  findZipCode,
  insertAgency,
  insertZipCode,
  listAgencies,
  listZipCodes,
  nameTaken,
  updateAgency,
  updateZipCode,
} from './agencies.repo.js';

type AgenciesDeps = Pick<ModuleDeps, 'db' | 'clock'>;

function rowOf(r: NonNullable<AgencyRecord>): AgencyRow {
  const { visible, ...rest } = r;
  return { ...rest, status: visible ? 1 : 0 };
}

/** POST /getcentersdetails/0: a page of agencies with their active and archived user counts. */
export async function agencyList(deps: AgenciesDeps, body: AgencyListBody): Promise<AgencyList> {
  const { rows, count } = await listAgencies(deps.db, body);
  return { rows: rows.map(rowOf), count };
}

/** POST /getcentersdetails/{id}: one agency (the edit form). */
export async function agencyDetails(deps: AgenciesDeps, centerId: number): Promise<AgencyRow> {
  const row = await findAgency(deps.db, centerId);
  if (!row) throw notFound();
  return rowOf(row);
}

/** A duplicate name or e-mail answers the spec's message and names the field it flags. */
async function assertUnique(db: Db, name: string, email: string, exceptId = 0): Promise<void> {
  if (await nameTaken(db, name, exceptId)) throw badRequest(MSG.ORGANIZATION_REGISTERED, { field: 'name' });
  if (await emailTaken(db, email, exceptId)) throw badRequest(MSG.EMAIL_REGISTERED, { field: 'email' });
}

/** The zip must be a known one of the agency's country (zip_codes). */
async function assertKnownZip(db: Db, isoCode: string, zipcode: string): Promise<void> {
  if (!(await findZip(db, isoCode, zipKey(isoCode, zipcode))))
    throw badRequest(MSG.INVALID_ZIP, { field: 'zipcode' });
}

/** POST /addcenterdetails: a new, visible agency that sees its own donors. */
export async function addAgency(deps: AgenciesDeps, auth: Auth, body: AddAgencyBody, ip: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const country = await findCountry(tx, { isoCode: body.country });
    if (!country) throw badRequest(MSG.INVALID_COUNTRY, { field: 'country' });
    await assertUnique(tx, body.name, body.email);
    await assertKnownZip(tx, country.isoCode, body.zipcode);
    const centerId = await insertAgency(tx, {
      name: body.name,
      agencyName: body.name,
      appTitle: body.name,
      email: body.email,
      contactNo: body.contact_no,
      agencyUrl: body.agency_url,
      zipcode: body.zipcode,
      country: country.name,
      address: body.address,
      summary: body.summary,
      domain: body.domain,
      createdAt: now,
      updatedAt: now,
    });
    await replaceDonorAccess(tx, centerId, []);
    await audit(
      tx,
      auth,
      {
        action: 'agency_added',
        entityType: 'center',
        entityId: centerId,
        centerId,
        details: { name: body.name },
      },
      ip,
    );
    return rowOf((await findAgency(tx, centerId))!);
  });
}

/** POST /updatecenterdetails: the zip is checked against the agency's stored country. */
export async function editAgency(deps: AgenciesDeps, auth: Auth, body: UpdateAgencyBody, ip: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await findAgency(tx, body.center_id);
    if (!current) throw notFound();
    await assertUnique(tx, body.name, body.email, current.centerId);
    const country = (await findCountry(tx, { name: current.country })) ?? { isoCode: 'US' };
    await assertKnownZip(tx, country.isoCode, body.zipcode);
    const next = {
      name: body.name,
      address: body.address,
      email: body.email,
      contactNo: body.contact_no,
      summary: body.summary,
      agencyUrl: body.agency_url,
      zipcode: body.zipcode,
    };
    await updateAgency(tx, current.centerId, {
      ...next,
      ...(body.domain ? { domain: body.domain } : {}),
      updatedAt: now,
    });
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => current[k] !== next[k]);
    await audit(
      tx,
      auth,
      {
        action: 'agency_updated',
        entityType: 'center',
        entityId: current.centerId,
        centerId: current.centerId,
        details: { fields: changed },
      },
      ip,
    );
    return rowOf((await findAgency(tx, current.centerId))!);
  });
}

/** POST /agencyvisibility: a hidden agency leaves every other center's lists (getcenters). */
export async function setVisibility(
  deps: AgenciesDeps,
  auth: Auth,
  body: { center_id: number; status: 0 | 1 },
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const current = await findAgency(tx, body.center_id);
    if (!current) throw notFound();
    await updateAgency(tx, current.centerId, { visible: body.status === 1, updatedAt: deps.clock.now() });
    await audit(
      tx,
      auth,
      {
        action: 'agency_visibility',
        entityType: 'center',
        entityId: current.centerId,
        centerId: current.centerId,
        details: { status: body.status },
      },
      ip,
    );
    return rowOf((await findAgency(tx, current.centerId))!);
  });
}

/** GET /getallowedorganization/{center} */
export async function allowedOrganizations(
  deps: AgenciesDeps,
  centerId: number,
): Promise<AllowedOrganization[]> {
  if (!(await findAgency(deps.db, centerId))) throw notFound();
  return listAllowedOrganizations(deps.db, centerId);
}

/**
 * POST /updateallowedorganization: replaces, in one transaction, the centers whose donors the
 * center may see. donorVisibility reads this table on every request, so searches follow at once.
 */
export async function saveAllowedOrganizations(
  deps: AgenciesDeps,
  auth: Auth,
  body: { center_id: number; center_details: number[] },
  ip: string,
): Promise<AllowedOrganization[]> {
  return deps.db.transaction(async (tx) => {
    if (!(await findAgency(tx, body.center_id))) throw notFound();
    const wanted = [...new Set(body.center_details)];
    const known = new Set(await existingCenterIds(tx, wanted));
    if (wanted.some((id) => !known.has(id))) throw badRequest('Center id is invalid.');
    await replaceDonorAccess(tx, body.center_id, wanted);
    await audit(
      tx,
      auth,
      {
        action: 'allowed_organizations_saved',
        entityType: 'center',
        entityId: body.center_id,
        centerId: body.center_id,
        details: { allowedCenterIds: wanted.filter((id) => id !== body.center_id).sort((a, b) => a - b) },
      },
      ip,
    );
    return listAllowedOrganizations(tx, body.center_id);
  });
}

/** POST /getzipcodes */
export async function zipCodeList(deps: AgenciesDeps, body: ZipListBody): Promise<ZipCodeList> {
  return listZipCodes(deps.db, body);
}

/** POST /addzipcode */
export async function addZip(
  deps: AgenciesDeps,
  auth: Auth,
  body: AddZipBody,
  ip: string,
): Promise<ZipCodeRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (await findZipCode(tx, body.zipcode)) throw badRequest(MSG.ZIP_CODE_EXISTS, { field: 'zipcode' });
      await insertZipCode(tx, body);
      await audit(
        tx,
        auth,
        {
          action: 'zip_code_added',
          entityType: 'zip_code',
          entityId: body.zipcode,
          centerId: null,
          details: body,
        },
        ip,
      );
      return (await findZipCode(tx, body.zipcode))!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.ZIP_CODE_EXISTS, { field: 'zipcode' });
    throw error;
  }
}

/** POST /updatezipcodedetails: may also rename the zip code (not onto an existing one). */
export async function editZip(
  deps: AgenciesDeps,
  auth: Auth,
  body: UpdateZipBody,
  ip: string,
): Promise<ZipCodeRow> {
  const original = body.old_zipcode ?? body.zipcode;
  const values = { zipcode: body.zipcode, latitude: body.latitude, longitude: body.longitude };
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findZipCode(tx, original);
      if (!current) throw notFound();
      if (original !== body.zipcode && (await findZipCode(tx, body.zipcode)))
        throw badRequest(MSG.ZIP_CODE_EXISTS, { field: 'zipcode' });
      await updateZipCode(tx, original, values);
      await audit(
        tx,
        auth,
        {
          action: 'zip_code_updated',
          entityType: 'zip_code',
          entityId: body.zipcode,
          centerId: null,
          details: { from: current, to: values },
        },
        ip,
      );
      return (await findZipCode(tx, body.zipcode))!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.ZIP_CODE_EXISTS, { field: 'zipcode' });
    throw error;
  }
}

/** POST /deletezipcodedetails */
export async function deleteZip(
  deps: AgenciesDeps,
  auth: Auth,
  { zipcode }: DeleteZipBody,
  ip: string,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const current = await findZipCode(tx, zipcode);
    if (!current) throw notFound();
    await deleteZipCode(tx, zipcode);
    await audit(
      tx,
      auth,
      {
        action: 'zip_code_deleted',
        entityType: 'zip_code',
        entityId: zipcode,
        centerId: null,
        details: current,
      },
      ip,
    );
  });
  return null;
}
