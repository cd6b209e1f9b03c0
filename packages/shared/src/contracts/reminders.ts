import { settingsCenterQuery } from '../agency-settings.js';
import { endpoint } from '../contract.js';
import {
  devReminderPassBody,
  devReminderPassData,
  emailSchedulerData,
  saveEmailScheduleBody,
  toggleEmailScheduleBody,
} from '../reminders.js';

/** The agency admin's screen; the master admin's too, for a center they pick. */
const access = { pages: ['scheduledonoremail'] } as const;

/** The donor reminder scheduler: the agency's schedule of reminders to donors with incomplete applications. */
export const remindersContract = {
  scheduler: endpoint({
    method: 'GET',
    path: '/getemailscheduler',
    access,
    summary: "The agency's donor reminder schedule and the reminder templates it may send",
    query: settingsCenterQuery,
    data: emailSchedulerData,
  }),
  save: endpoint({
    method: 'POST',
    path: '/saveemailscheduler',
    access,
    summary: "Save the agency's reminder schedule (every field mandatory)",
    body: saveEmailScheduleBody,
    data: emailSchedulerData,
  }),
  toggle: endpoint({
    method: 'POST',
    path: '/saveemailschedulertoggle',
    access,
    summary: "Turn the agency's reminder e-mails on or off",
    body: toggleEmailScheduleBody,
    data: emailSchedulerData,
  }),
  /** Registered by a development process only (a production process does not have the route). */
  devPass: endpoint({
    method: 'POST',
    path: '/devreminderpass',
    access,
    summary: 'Development only: one reminder pass of the agency as if the clock were N days ahead',
    body: devReminderPassBody,
    data: devReminderPassData,
  }),
};
