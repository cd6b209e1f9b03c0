import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import {
  agenciesWithDonorAccessAnswer,
  agencyDataAnswer,
  agencyDataQuery,
  centerOptions,
  centersQuery,
  checkZipAnswer,
  checkZipBody,
  citiesParams,
  cityOptions,
  countryOptions,
  fetchCoordinateAnswer,
  fetchCoordinateBody,
  newAgencyBody,
  stateOptions,
  statesParams,
} from './centers.schemas.js';
import * as service from './centers.service.js';

/** Agency data (branding, center lists, donor access) and reference data (countries, zip codes). */
export const centersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/getcurrentyearandagencydata',
    {
      config: { access: { public: true } },
      schema: {
        summary:
          "The agency's branding (the caller's center, else ?centerId=, else by host, else the main center) and the year",
        querystring: agencyDataQuery,
        response: { 200: envelope(agencyDataAnswer) },
      },
    },
    async (request) => ok(await service.agencyData(deps, request.auth, request.query, request.hostname)),
  );

  // Staff only: every role that opens the user lists (admin, manager, master) or the agency list.
  app.get(
    '/getcenters',
    {
      config: { access: { pages: ['viewclient', 'emailtemplate', 'testconnection', 'agencylist'] } },
      schema: {
        summary: 'The centers the caller may pick from; with adm_id only the center of that staff member',
        querystring: centersQuery,
        response: { 200: envelope(centerOptions) },
      },
    },
    async (request) => ok(await service.centerList(deps, requireAuth(request), request.query.adm_id)),
  );

  // Staff and clients: those who search donors or manage users.
  app.get(
    '/getagencieshasdonoraccess',
    {
      config: { access: { pages: ['viewclient', 'search'] } },
      schema: {
        summary:
          "The centers whose donors the caller's center may see, and which of them see several centers",
        response: { 200: agenciesWithDonorAccessAnswer },
      },
    },
    async (request) => ok(await service.agenciesWithDonorAccess(deps, requireAuth(request))),
  );

  app.get(
    '/getallcountries',
    {
      config: { access: { public: true } },
      schema: { summary: 'Every country, by name', response: { 200: envelope(countryOptions) } },
    },
    async () => ok(await service.allCountries(deps)),
  );

  app.get(
    '/getallstates/:countryId',
    {
      config: { access: { public: true } },
      schema: {
        summary: "A country's states, by name",
        params: statesParams,
        response: { 200: envelope(stateOptions) },
      },
    },
    async (request) => ok(await service.statesOf(deps, request.params.countryId)),
  );

  app.get(
    '/getallcities/:stateId/:countryId',
    {
      config: { access: { public: true } },
      schema: {
        summary: "A state's cities, by name",
        params: citiesParams,
        response: { 200: envelope(cityOptions) },
      },
    },
    async (request) => ok(await service.citiesOf(deps, request.params.countryId, request.params.stateId)),
  );

  app.post(
    '/checkfornewagency',
    {
      config: { access: { pages: ['search'] } },
      schema: {
        summary: "Centers whose donors the caller's center may see since the given last login",
        body: newAgencyBody,
        response: { 200: envelope(centerOptions) },
      },
    },
    async (request) => ok(await service.newAgencies(deps, requireAuth(request), request.body.last_login)),
  );

  app.post(
    '/fetchcoordinate',
    {
      config: { access: { signedIn: true } },
      schema: {
        summary: "A zip code's coordinates, city and state (or only whether it is known, with checkOnly)",
        body: fetchCoordinateBody,
        response: { 200: envelope(fetchCoordinateAnswer) },
      },
    },
    async (request) => ok(await service.fetchCoordinate(deps, request.body)),
  );

  app.post(
    '/checkcoordinateszipcode',
    {
      config: { access: { signedIn: true } },
      schema: {
        summary: 'Whether a zip code is known',
        body: checkZipBody,
        response: { 200: envelope(checkZipAnswer) },
      },
    },
    async (request) => ok(await service.checkZip(deps, request.body)),
  );
};
