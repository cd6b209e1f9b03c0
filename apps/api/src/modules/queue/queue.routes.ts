import { donorWatchBody, idSchema, type PageKey, QUEUE_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as service from './queue.service.js';

/** A parent's own queue places and watched donors (decision 027): clients only. */
const PARENTS: readonly PageKey[] = ['mymatches'];

const place = z.object({
  matchId: z.number(),
  donorId: z.number(),
  donorDisplayId: z.string(),
  status: z.string(),
  queueType: z.string(),
  place: z.number().nullable(),
  of: z.number(),
});

export const queueRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /myqueue', PARENTS, {
    summary: "The caller's open matches with her place in each donor's queue, and her watched donors",
    data: z.object({
      places: z.array(place),
      watches: z.array(
        z.object({
          donorId: z.number(),
          donorDisplayId: z.string(),
          donorAvailability: z.string(),
          queueType: z.string(),
          createdAt: z.string(),
          notifiedAt: z.string().nullable(),
        }),
      ),
    }),
    run: (auth) => service.myQueue(deps, auth),
  });

  jsonRoute(app, 'GET /donorqueue/:donorId', PARENTS, {
    summary:
      "The caller's place in one donor's queue, whether she watches the donor and whether it takes requests",
    params: z.object({ donorId: idSchema({ label: 'Donor id' }) }),
    data: z.object({ place: place.nullable(), watching: z.boolean(), takesRequests: z.boolean() }),
    run: (auth, { params }) => service.donorQueue(deps, auth, params.donorId),
  });

  jsonRoute(app, 'PUT /donorwatch', PARENTS, {
    summary: 'Switches notify-me on or off for a donor who takes no match request now',
    body: donorWatchBody,
    data: z.object({ donorId: z.number(), notify: z.boolean() }),
    run: (auth, { body }) => service.setWatch(deps, auth, body),
    message: (answer) => (answer.notify ? QUEUE_MSG.ON : QUEUE_MSG.OFF),
  });
};
