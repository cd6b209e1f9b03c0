import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import { jsonRoute, publicRoute } from '../../platform/routes.js';
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
  // Plain: the answer depends on the optional session and the host name, which jsonRoute's
  // handlers do not read.
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
  jsonRoute(app, 'GET /getcenters', ['viewclient', 'emailtemplate', 'testconnection', 'agencylist'], {
    summary: 'The centers the caller may pick from; with adm_id only the center of that staff member',
    querystring: centersQuery,
    data: centerOptions,
    run: (auth, { query }) => service.centerList(deps, auth, query.adm_id),
  });

  // Staff and clients: those who search donors or manage users.
  jsonRoute(app, 'GET /getagencieshasdonoraccess', ['viewclient', 'search'], {
    summary: "The centers whose donors the caller's center may see, and which of them see several centers",
    data: agenciesWithDonorAccessAnswer,
    run: (auth) => service.agenciesWithDonorAccess(deps, auth),
  });

  publicRoute(app, 'GET /getallcountries', {
    summary: 'Every country, by name',
    data: countryOptions,
    run: () => service.allCountries(deps),
  });

  publicRoute(app, 'GET /getallstates/:countryId', {
    summary: "A country's states, by name",
    params: statesParams,
    data: stateOptions,
    run: ({ params }) => service.statesOf(deps, params.countryId),
  });

  publicRoute(app, 'GET /getallcities/:stateId/:countryId', {
    summary: "A state's cities, by name",
    params: citiesParams,
    data: cityOptions,
    run: ({ params }) => service.citiesOf(deps, params.countryId, params.stateId),
  });

  jsonRoute(app, 'POST /checkfornewagency', ['search'], {
    summary: "Centers whose donors the caller's center may see since the given last login",
    body: newAgencyBody,
    data: centerOptions,
    run: (auth, { body }) => service.newAgencies(deps, auth, body.last_login),
  });

  jsonRoute(
    app,
    'POST /fetchcoordinate',
    { signedIn: true },
    {
      summary: "A zip code's coordinates, city and state (or only whether it is known, with checkOnly)",
      body: fetchCoordinateBody,
      data: fetchCoordinateAnswer,
      run: (_auth, { body }) => service.fetchCoordinate(deps, body),
    },
  );

  jsonRoute(
    app,
    'POST /checkcoordinateszipcode',
    { signedIn: true },
    {
      summary: 'Whether a zip code is known',
      body: checkZipBody,
      data: checkZipAnswer,
      run: (_auth, { body }) => service.checkZip(deps, body),
    },
  );
};
