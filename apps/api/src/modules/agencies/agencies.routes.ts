import { MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
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

  app.post(
    '/addcenterdetails',
    {
      config: { access: { pages: ['addagency'] } },
      schema: { summary: 'Add an agency', body: addAgencyBody, response: { 200: envelope(agencyAnswer) } },
    },
    async (request) =>
      ok(await service.addAgency(deps, requireAuth(request), request.body, request.ip), MSG.AGENCY_ADDED),
  );

  app.post(
    '/updatecenterdetails',
    {
      config: { access: { pages: ['addagency'] } },
      schema: {
        summary: 'Edit an agency',
        body: updateAgencyBody,
        response: { 200: envelope(agencyAnswer) },
      },
    },
    async (request) =>
      ok(await service.editAgency(deps, requireAuth(request), request.body, request.ip), MSG.AGENCY_UPDATED),
  );

  app.post(
    '/agencyvisibility',
    {
      config: { access: { pages: ['agencylist'] } },
      schema: {
        summary: "Show (1) or hide (0) an agency in public and other centers' lists",
        body: visibilityBody,
        response: { 200: envelope(agencyAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.setVisibility(deps, requireAuth(request), request.body, request.ip),
        MSG.AGENCY_VISIBILITY,
      ),
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

  app.post(
    '/updateallowedorganization',
    {
      config: { access: { pages: ['allowedorganization'] } },
      schema: {
        summary: 'Replace the set of centers whose donors this center may see',
        body: updateAllowedOrganizationBody,
        response: { 200: envelope(allowedOrganizationAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.saveAllowedOrganizations(deps, requireAuth(request), request.body, request.ip),
        MSG.ALLOWED_ORGANIZATIONS_SAVED,
      ),
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

  app.post(
    '/addzipcode',
    {
      config: { access: { pages: ['addzipcodes'] } },
      schema: { summary: 'Add a US zip code', body: addZipBody, response: { 200: envelope(zipAnswer) } },
    },
    async (request) =>
      ok(await service.addZip(deps, requireAuth(request), request.body, request.ip), MSG.ZIP_CODE_ADDED),
  );

  app.post(
    '/updatezipcodedetails',
    {
      config: { access: { pages: ['addzipcodes'] } },
      schema: { summary: 'Edit a US zip code', body: updateZipBody, response: { 200: envelope(zipAnswer) } },
    },
    async (request) =>
      ok(await service.editZip(deps, requireAuth(request), request.body, request.ip), MSG.ZIP_CODE_UPDATED),
  );

  app.post(
    '/deletezipcodedetails',
    {
      config: { access: { pages: ['addzipcodes'] } },
      schema: {
        summary: 'Delete a US zip code',
        body: deleteZipBody,
        response: { 200: envelope(zipAnswer.nullable()) },
      },
    },
    async (request) => {
      await service.deleteZip(deps, requireAuth(request), request.body.zipcode, request.ip);
      return ok(null, MSG.ZIP_CODE_DELETED);
    },
  );
};
