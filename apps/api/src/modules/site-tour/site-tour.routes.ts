import { siteTourData, siteTourSeenBody } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes } from '../../platform/routes.js';
import * as service from './site-tour.service.js';

/** The site tour's state: the consumer center's clients (the /site-tour page's rule). */
export const siteTourRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  callRoutes(
    app,
    deps,
    ['site-tour'],
    [
      [
        '/sitetourstatus',
        'Whether the caller has finished or skipped the site tour (it is offered until then)',
        null,
        siteTourData,
        undefined,
        service.siteTourState,
      ],
      [
        '/sitetourseen',
        'Records the site tour finished or skipped, so it is not offered again',
        siteTourSeenBody,
        siteTourData,
        undefined,
        service.markSiteTourSeen,
      ],
    ],
  );
};
