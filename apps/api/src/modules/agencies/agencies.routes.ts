import { MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import {
  addAgencyBody,
  addZipBody,
  agencyAnswer,
  agencyDetailsAnswer,
  agencyListBody,
  allowedOrganizationAnswer,
  allowedOrganizationParams,
  centerDetailsParams,
  deleteZipBody,
  updateAgencyBody,
  updateAllowedOrganizationBody,
  updateZipBody,
  visibilityBody,
  zipAnswer,
  zipListAnswer,
  zipListBody,
} from './agencies.schemas.js';
import * as service from './agencies.service.js';

/** Agency administration (master admin) and the zip-code table (master admin and agency admin). */
export const agenciesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'POST /getcentersdetails/:id', ['agencylist', 'addagency'], {
    summary: 'Agencies with active/archived user counts (id 0, paged), or one agency (id > 0)',
    params: centerDetailsParams,
    body: agencyListBody,
    data: agencyDetailsAnswer,
    run: async (_auth, { params, body }) =>
      params.id === 0 ? await service.agencyList(deps, body) : await service.agencyDetails(deps, params.id),
  });

  callRoutes(app, deps, { pages: ['addagency'] }, [
    ['/addcenterdetails', 'Add an agency', addAgencyBody, agencyAnswer, MSG.AGENCY_ADDED, service.addAgency],
    [
      '/updatecenterdetails',
      'Edit an agency',
      updateAgencyBody,
      agencyAnswer,
      MSG.AGENCY_UPDATED,
      service.editAgency,
    ],
  ]);
  callRoutes(app, deps, { pages: ['agencylist'] }, [
    [
      '/agencyvisibility',
      "Show (1) or hide (0) an agency in public and other centers' lists",
      visibilityBody,
      agencyAnswer,
      MSG.AGENCY_VISIBILITY,
      service.setVisibility,
    ],
  ]);

  jsonRoute(app, 'GET /getallowedorganization/:center', ['allowedorganization'], {
    summary: 'Every other center, and whether this center may see its donors',
    params: allowedOrganizationParams,
    data: allowedOrganizationAnswer,
    run: (_auth, { params }) => service.allowedOrganizations(deps, params.center),
  });

  callRoutes(app, deps, { pages: ['allowedorganization'] }, [
    [
      '/updateallowedorganization',
      'Replace the set of centers whose donors this center may see',
      updateAllowedOrganizationBody,
      allowedOrganizationAnswer,
      MSG.ALLOWED_ORGANIZATIONS_SAVED,
      service.saveAllowedOrganizations,
    ],
  ]);

  jsonRoute(app, 'POST /getzipcodes', ['addzipcodes'], {
    summary: 'A page of US zip codes, searched by zip, city or state',
    body: zipListBody,
    data: zipListAnswer,
    run: (_auth, { body }) => service.zipCodeList(deps, body),
  });

  callRoutes(app, deps, { pages: ['addzipcodes'] }, [
    ['/addzipcode', 'Add a US zip code', addZipBody, zipAnswer, MSG.ZIP_CODE_ADDED, service.addZip],
    [
      '/updatezipcodedetails',
      'Edit a US zip code',
      updateZipBody,
      zipAnswer,
      MSG.ZIP_CODE_UPDATED,
      service.editZip,
    ],
    [
      '/deletezipcodedetails',
      'Delete a US zip code',
      deleteZipBody,
      zipAnswer.nullable(),
      MSG.ZIP_CODE_DELETED,
      service.deleteZip,
    ],
  ]);
};
