import { remindersContract as api, MSG_REMINDER } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './reminders.service.js';

export const remindersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.scheduler, { run: (auth, { query }) => service.getScheduler(deps, auth, query.center_id) });
  route(app, api.save, {
    run: (auth, { body }) => service.saveScheduler(deps, auth, body),
    message: MSG_REMINDER.SAVED,
  });
  route(app, api.toggle, {
    run: (auth, { body }) => service.toggleScheduler(deps, auth, body),
    message: (_answer, { body }) => (body.emailSchedule.emailFlag ? MSG_REMINDER.ON : MSG_REMINDER.OFF),
  });
  // A development tool: a production process does not have the route at all (as devoutbox, decision 009).
  if (!deps.config.production)
    route(app, api.devPass, { run: (auth, { body }) => service.devReminderPass(deps, auth, body) });
};
