import { z } from 'zod';
import {
  addAgencyBody,
  addZipBody,
  agencyList,
  agencyListBody,
  agencyRow,
  agencyVisibilityBody,
  allowedOrganization,
  allowedOrganizationParams,
  centerDetailsParams,
  deleteZipBody,
  updateAgencyBody,
  updateAllowedOrganizationBody,
  updateZipBody,
  zipCodeList,
  zipCodeRow,
  zipListBody,
} from '../agencies.js';
import { endpoint } from '../contract.js';

const allowed = { pages: ['allowedorganization'] } as const;
const zips = { pages: ['addzipcodes'] } as const;

/** Agency administration (master admin) and the zip-code table (master admin and agency admin). */
export const agenciesContract = {
  details: endpoint({
    method: 'POST',
    path: '/getcentersdetails/:id',
    access: { pages: ['agencylist', 'addagency'] },
    summary: 'Agencies with active/archived user counts (id 0, paged), or one agency (id > 0)',
    params: centerDetailsParams,
    body: agencyListBody,
    data: z.union([agencyList, agencyRow]),
  }),
  add: endpoint({
    method: 'POST',
    path: '/addcenterdetails',
    access: { pages: ['addagency'] },
    summary: 'Add an agency',
    body: addAgencyBody,
    data: agencyRow,
  }),
  update: endpoint({
    method: 'POST',
    path: '/updatecenterdetails',
    access: { pages: ['addagency'] },
    summary: 'Edit an agency',
    body: updateAgencyBody,
    data: agencyRow,
  }),
  visibility: endpoint({
    method: 'POST',
    path: '/agencyvisibility',
    access: { pages: ['agencylist'] },
    summary: "Show (1) or hide (0) an agency in public and other centers' lists",
    body: agencyVisibilityBody,
    data: agencyRow,
  }),
  allowedOrganizations: endpoint({
    method: 'GET',
    path: '/getallowedorganization/:center',
    access: allowed,
    summary: 'Every other center, and whether this center may see its donors',
    params: allowedOrganizationParams,
    data: z.array(allowedOrganization),
  }),
  saveAllowedOrganizations: endpoint({
    method: 'POST',
    path: '/updateallowedorganization',
    access: allowed,
    summary: 'Replace the set of centers whose donors this center may see',
    body: updateAllowedOrganizationBody,
    data: z.array(allowedOrganization),
  }),
  zipCodes: endpoint({
    method: 'POST',
    path: '/getzipcodes',
    access: zips,
    summary: 'A page of US zip codes, searched by zip, city or state',
    body: zipListBody,
    data: zipCodeList,
  }),
  addZip: endpoint({
    method: 'POST',
    path: '/addzipcode',
    access: zips,
    summary: 'Add a US zip code',
    body: addZipBody,
    data: zipCodeRow,
  }),
  updateZip: endpoint({
    method: 'POST',
    path: '/updatezipcodedetails',
    access: zips,
    summary: 'Edit a US zip code',
    body: updateZipBody,
    data: zipCodeRow,
  }),
  deleteZip: endpoint({
    method: 'POST',
    path: '/deletezipcodedetails',
    access: zips,
    summary: 'Delete a US zip code',
    body: deleteZipBody,
    data: zipCodeRow.nullable(),
  }),
};
