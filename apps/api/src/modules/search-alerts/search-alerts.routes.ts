import {
  devSearchAlertPassBody,
  MSG_SEARCH_ALERT,
  type PageKey,
  searchAlertBody,
  searchAlertData,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as service from './search-alerts.service.js';

/** Saved searches are kept on the search page and the managers' saved-search list (as in search.routes.ts). */
const SAVERS: readonly PageKey[] = ['search', 'searchlistpage'];

export const searchAlertsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'PUT /savedsearchalert', SAVERS, {
    summary: "Switches the daily e-mail of a saved search's new matches on or off",
    body: searchAlertBody,
    data: searchAlertData,
    run: (auth, { body }) => service.setAlert(deps, auth, body),
    message: (answer) => (answer.alert ? MSG_SEARCH_ALERT.ON : MSG_SEARCH_ALERT.OFF),
  });

  // A development tool: a production process does not have the route at all (as devreminderpass).
  if (!deps.config.production)
    jsonRoute(app, 'POST /devsearchalertpass', SAVERS, {
      summary: "Development only: the caller's saved-search digest pass as if the clock were N days ahead",
      body: devSearchAlertPassBody,
      data: z.object({ at: z.string(), digests: z.number(), donors: z.number() }),
      run: (auth, { body }) => service.devSearchAlertPass(deps, auth, body),
    });
};
