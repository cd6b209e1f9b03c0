import { coachingContract as api, COACHING_MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import { cancelSession, confirmSession, schedule } from './coaching.booking.js';
import { myHours, saveHours, sessionAddress, slots } from './coaching.hours.js';
import {
  availableCount,
  calendlyCallback,
  listSessions,
  saveComment,
  sessionComments,
} from './coaching.sessions.js';

export const coachingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.slots, { run: (auth) => slots(deps, auth) });
  route(app, api.schedule, {
    run: (auth, { body }) => schedule(deps, auth, body),
    message: COACHING_MSG.BOOKED,
  });
  route(app, api.calendlyCallback, { run: (auth, { body }) => calendlyCallback(deps, auth, body) });
  route(app, api.availableCount, { run: (auth) => availableCount(deps, auth) });
  route(app, api.list, { run: (auth, { body }) => listSessions(deps, auth, body) });
  route(app, api.saveComment, {
    run: (auth, { body }) => saveComment(deps, auth, body),
    message: COACHING_MSG.COMMENT_SAVED,
  });
  route(app, api.cancel, {
    run: (auth, { body }) => cancelSession(deps, auth, body),
    message: COACHING_MSG.CANCELLED,
  });
  route(app, api.comments, { run: (auth, { params }) => sessionComments(deps, auth, params.sessionId) });
  route(app, api.confirm, {
    run: (auth, { body }) => confirmSession(deps, auth, body),
    message: COACHING_MSG.DONE,
  });
  route(app, api.address, { run: (auth) => sessionAddress(deps, auth) });
  route(app, api.hours, { run: (auth) => myHours(deps, auth) });
  route(app, api.saveHours, {
    run: (auth, { body }) => saveHours(deps, auth, body),
    message: COACHING_MSG.HOURS_SAVED,
  });
};
