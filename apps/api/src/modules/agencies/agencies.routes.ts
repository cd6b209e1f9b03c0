import { MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import { postCall } from '../../platform/routes.js';
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
  app.post(
    '/getcentersdetails/:id',
    {
      config: { access: { pages: ['agencylist', 'addagency'] } },
      schema: {
        summary: 'Agencies with active/archived user counts (id 0, paged), or one agency (id > 0)',
        params: centerDetailsParams,
        body: agencyListBody,
        response: { 200: envelope(agencyDetailsAnswer) },
      },
    },
    async (request) =>
      ok(
        request.params.id === 0
          ? await service.agencyList(deps, request.body)
          : await service.agencyDetails(deps, request.params.id),
      ),
  );

  postCall(
    app,
    '/addcenterdetails',
    {
      access: { pages: ['addagency'] },
      summary: 'Add an agency',
      body: addAgencyBody,
      answer: agencyAnswer,
      message: MSG.AGENCY_ADDED,
    },
    (auth, b, ip) => service.addAgency(deps, auth, b, ip),
  );

  postCall(
    app,
    '/updatecenterdetails',
    {
      access: { pages: ['addagency'] },
      summary: 'Edit an agency',
      body: updateAgencyBody,
      answer: agencyAnswer,
      message: MSG.AGENCY_UPDATED,
    },
    (auth, b, ip) => service.editAgency(deps, auth, b, ip),
  );

  postCall(
    app,
    '/agencyvisibility',
    {
      access: { pages: ['agencylist'] },
      summary: "Show (1) or hide (0) an agency in public and other centers' lists",
      body: visibilityBody,
      answer: agencyAnswer,
      message: MSG.AGENCY_VISIBILITY,
    },
    (auth, b, ip) => service.setVisibility(deps, auth, b, ip),
  );

  app.get(
    '/getallowedorganization/:center',
    {
      config: { access: { pages: ['allowedorganization'] } },
      schema: {
        summary: 'Every other center, and whether this center may see its donors',
        params: allowedOrganizationParams,
        response: { 200: envelope(allowedOrganizationAnswer) },
      },
    },
    async (request) => ok(await service.allowedOrganizations(deps, request.params.center)),
  );

  postCall(
    app,
    '/updateallowedorganization',
    {
      access: { pages: ['allowedorganization'] },
      summary: 'Replace the set of centers whose donors this center may see',
      body: updateAllowedOrganizationBody,
      answer: allowedOrganizationAnswer,
      message: MSG.ALLOWED_ORGANIZATIONS_SAVED,
    },
    (auth, b, ip) => service.saveAllowedOrganizations(deps, auth, b, ip),
  );

  app.post(
    '/getzipcodes',
    {
      config: { access: { pages: ['addzipcodes'] } },
      schema: {
        summary: 'A page of US zip codes, searched by zip, city or state',
        body: zipListBody,
        response: { 200: envelope(zipListAnswer) },
      },
    },
    async (request) => ok(await service.zipCodeList(deps, request.body)),
  );

  postCall(
    app,
    '/addzipcode',
    {
      access: { pages: ['addzipcodes'] },
      summary: 'Add a US zip code',
      body: addZipBody,
      answer: zipAnswer,
      message: MSG.ZIP_CODE_ADDED,
    },
    (auth, b, ip) => service.addZip(deps, auth, b, ip),
  );

  postCall(
    app,
    '/updatezipcodedetails',
    {
      access: { pages: ['addzipcodes'] },
      summary: 'Edit a US zip code',
      body: updateZipBody,
      answer: zipAnswer,
      message: MSG.ZIP_CODE_UPDATED,
    },
    (auth, b, ip) => service.editZip(deps, auth, b, ip),
  );

  postCall(
    app,
    '/deletezipcodedetails',
    {
      access: { pages: ['addzipcodes'] },
      summary: 'Delete a US zip code',
      body: deleteZipBody,
      answer: zipAnswer.nullable(),
      message: MSG.ZIP_CODE_DELETED,
    },
    async (auth, b, ip) => {
      await service.deleteZip(deps, auth, b.zipcode, ip);
      return null;
    },
  );
};
