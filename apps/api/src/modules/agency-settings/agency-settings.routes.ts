import {
  compensationVisibilityBody,
  defaultManagerBody,
  donorDetailsAccessBody,
  MSG_SETTINGS,
  type PageKey,
  portfolioDonorCountBody,
  removeFeeOptionBody,
  saveFeeOptionBody,
  settingsCenterQuery,
  settingToggleBody,
  twilioChangeRequestBody,
  twilioSettingsBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import * as fees from './agency-settings.fees.js';
import * as phone from './agency-settings.phone.js';
import {
  accessDetailsData,
  defaultManagerData,
  feeOptionsData,
  managersData,
  twilioData,
} from './agency-settings.schemas.js';
import * as service from './agency-settings.service.js';

/** The agency admin's screens; the master admin's too, for an agency they pick (center_id). */
const GENERAL: readonly PageKey[] = ['generalconfiguration'];
const FEES: readonly PageKey[] = ['feeandpayment'];
/** The donor form's fee question reads the options too (the donor and her agency's staff). */
const FEE_READERS: readonly PageKey[] = ['feeandpayment', 'donorform'];

export const agencySettingsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const reads = [
    [
      'GET /getagencyaccessdetails',
      'Every switch of the agency general configuration',
      accessDetailsData,
      service.accessDetails,
    ],
    [
      'GET /getagencymanagerdetails',
      "The agency's case managers (who the default may be)",
      managersData,
      service.managers,
    ],
    [
      'GET /getagencydefaultmanager',
      "The agency's default case manager",
      defaultManagerData,
      service.defaultManager,
    ],
    [
      'GET /getagencytwilionumber',
      "The agency's Twilio number, the account SID's last characters, whether a token is set, a pending change request",
      twilioData,
      phone.agencyTwilio,
    ],
  ] as const;
  for (const [endpoint, summary, data, read] of reads)
    jsonRoute(app, endpoint, GENERAL, {
      summary,
      querystring: settingsCenterQuery,
      data,
      run: (auth, { query }) => read(deps, auth, query.center_id) as never,
    });

  jsonRoute(app, 'GET /getfeeoptions', FEE_READERS, {
    summary: "The fee question's options: the agency's own and the global ones, and its compensation switch",
    querystring: settingsCenterQuery,
    data: feeOptionsData,
    run: (auth, { query }) => fees.feeOptions(deps, auth, query.center_id),
  });

  callRoutes(app, deps, GENERAL, [
    [
      '/firstnamevisibility',
      "Shows or hides the agency's donors' first names to intended parents and other agencies",
      settingToggleBody,
      accessDetailsData,
      MSG_SETTINGS.SAVED,
      service.firstNameVisibility,
    ],
    [
      '/ipformtoggle',
      'Turns the intended-parent form on or off',
      settingToggleBody,
      accessDetailsData,
      MSG_SETTINGS.SAVED,
      service.ipFormToggle,
    ],
    [
      '/textmessagestoggle',
      'Turns text messages from the agency on or off (off: none is queued or sent)',
      settingToggleBody,
      accessDetailsData,
      MSG_SETTINGS.SAVED,
      service.textMessagesToggle,
    ],
    [
      '/donortypevisibility',
      'Shows or hides the donor type to intended parents and donors',
      settingToggleBody,
      accessDetailsData,
      MSG_SETTINGS.SAVED,
      service.donorTypeVisibility,
    ],
    [
      '/donordetailsaccesstoggle',
      "Lets the agency's Pre-Active intended parents open donor details, or not",
      donorDetailsAccessBody,
      accessDetailsData,
      MSG_SETTINGS.SAVED,
      service.donorDetailsAccessToggle,
    ],
    [
      '/updateportfoliodonorcount',
      'How many donors a portfolio may hold (greater than 1)',
      portfolioDonorCountBody,
      accessDetailsData,
      MSG_SETTINGS.SAVED,
      service.portfolioDonorCount,
    ],
    [
      '/saveagencydefaultmanager',
      "The agency's default case manager (one of its case managers, or none)",
      defaultManagerBody,
      defaultManagerData,
      MSG_SETTINGS.SAVED,
      service.saveDefaultManager,
    ],
    [
      '/updateagencytwiliophonenumber',
      "The master admin sets an agency's Twilio number, account SID and auth token (stored sealed)",
      twilioSettingsBody,
      twilioData,
      MSG_SETTINGS.TWILIO_SAVED,
      phone.updateAgencyTwilio,
    ],
    [
      '/agencyrequestfortwilionumberchange',
      "An agency admin asks the master admins to change the agency's number",
      twilioChangeRequestBody,
      twilioData,
      MSG_SETTINGS.REQUEST_SENT,
      phone.requestNumberChange,
    ],
  ]);

  callRoutes(app, deps, FEES, [
    [
      '/feepaymentoptionvisibility',
      'Shows or hides donor compensation (and the fee question of the donor form)',
      compensationVisibilityBody,
      accessDetailsData,
      MSG_SETTINGS.SAVED,
      service.compensationVisibility,
    ],
    [
      '/savefeeoption',
      'Adds a fee option of the agency (or, the master admin, a global one)',
      saveFeeOptionBody,
      feeOptionsData,
      MSG_SETTINGS.OPTION_SAVED,
      fees.saveFeeOption,
    ],
    [
      '/removefeeoption',
      'Removes a fee option',
      removeFeeOptionBody,
      feeOptionsData,
      MSG_SETTINGS.OPTION_REMOVED,
      fees.removeFeeOption,
    ],
  ]);
};
