import {
  MSG_REMINDER,
  type PageKey,
  saveEmailScheduleBody,
  settingsCenterQuery,
  toggleEmailScheduleBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import { devReminderPassBody, devReminderPassData, emailSchedulerData } from './reminders.schemas.js';
import * as service from './reminders.service.js';

/** The agency admin's screen; the master admin's too, for a center they pick. */
const SCHEDULER: readonly PageKey[] = ['scheduledonoremail'];

export const remindersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /getemailscheduler', SCHEDULER, {
    summary: "The agency's donor reminder schedule and the reminder templates it may send",
    querystring: settingsCenterQuery,
    data: emailSchedulerData,
    run: (auth, { query }) => service.getScheduler(deps, auth, query.center_id),
  });

  callRoutes(app, deps, SCHEDULER, [
    [
      '/saveemailscheduler',
      "Save the agency's reminder schedule (every field mandatory)",
      saveEmailScheduleBody,
      emailSchedulerData,
      MSG_REMINDER.SAVED,
      (d, auth, b) => service.saveScheduler(d, auth, b),
    ],
    [
      '/saveemailschedulertoggle',
      "Turn the agency's reminder e-mails on or off",
      toggleEmailScheduleBody,
      emailSchedulerData,
      (b) => (b.emailSchedule.emailFlag ? MSG_REMINDER.ON : MSG_REMINDER.OFF),
      (d, auth, b) => service.toggleScheduler(d, auth, b),
    ],
  ]);

  // A development tool: a production process does not have the route at all (as devoutbox, decision 009).
  if (!deps.config.production)
    jsonRoute(app, 'POST /devreminderpass', SCHEDULER, {
      summary: 'Development only: one reminder pass of the agency as if the clock were N days ahead',
      body: devReminderPassBody,
      data: devReminderPassData,
      run: (auth, { body }) => service.devReminderPass(deps, auth, body),
    });
};
