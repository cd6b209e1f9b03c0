import {
  conciergeRequestData,
  conciergeStateData,
  conciergeUpgradeBody,
  handleConciergeBody,
  MSG_CONCIERGE,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes } from '../../platform/routes.js';
import * as service from './concierge.service.js';

/**
 * The concierge membership upgrade (decision 025). The client's calls declare the
 * membership page: the consumer center's primary intended parents, Pre-Active ones too (others
 * are sent to /unauthorize, a secondary parent home). Staff read and handle on /conciergerequests.
 */
export const conciergeRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  callRoutes(
    app,
    deps,
    ['join-as-a-member'],
    [
      [
        '/checkconciergemembershiprequested',
        'Whether the caller asked for the concierge membership, and the fields the upgrade dialog opens with',
        null,
        conciergeStateData,
        undefined,
        service.conciergeState,
      ],
      [
        '/upgradetoconciergemembership',
        'Asks for the concierge membership (once): mandatory contact fields, privacy policy accepted',
        conciergeUpgradeBody,
        conciergeStateData,
        MSG_CONCIERGE.REQUESTED,
        service.requestConcierge,
      ],
    ],
  );
  callRoutes(
    app,
    deps,
    ['conciergerequests'],
    [
      [
        '/conciergerequests',
        "The center's concierge membership requests, open ones first",
        null,
        z.array(conciergeRequestData),
        undefined,
        service.conciergeRequests,
      ],
      [
        '/handleconciergerequest',
        'Marks a concierge membership request handled, with an optional note',
        handleConciergeBody,
        z.array(conciergeRequestData),
        MSG_CONCIERGE.HANDLED,
        service.handleConciergeRequest,
      ],
    ],
  );
};
