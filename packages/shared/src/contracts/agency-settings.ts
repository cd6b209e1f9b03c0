import { z } from 'zod';
import {
  agencyAccessDetails,
  agencyDefaultManager,
  agencyManager,
  agencyTwilio,
  compensationVisibilityBody,
  defaultManagerBody,
  donorDetailsAccessBody,
  feeOptions,
  portfolioDonorCountBody,
  removeFeeOptionBody,
  saveFeeOptionBody,
  settingsCenterQuery,
  settingToggleBody,
  twilioChangeRequestBody,
  twilioSettingsBody,
} from '../agency-settings.js';
import { endpoint } from '../contract.js';

/** The agency admin's screens; the master admin's too, for an agency they pick (center_id). */
const general = { pages: ['generalconfiguration'] } as const;
const fees = { pages: ['feeandpayment'] } as const;
/** The donor form's fee question reads the options too (the donor and her agency's staff). */
const feeReaders = { pages: ['feeandpayment', 'donorform'] } as const;

/** A switch of the general configuration: the toggle's body in, every switch out. */
const toggle = (path: `/${string}`, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    access: general,
    summary,
    body: settingToggleBody,
    data: agencyAccessDetails,
  });

/** Agency settings (/generalconfiguration) and fee options (/feeandpayment), decision 018. */
export const agencySettingsContract = {
  accessDetails: endpoint({
    method: 'GET',
    path: '/getagencyaccessdetails',
    access: general,
    summary: 'Every switch of the agency general configuration',
    query: settingsCenterQuery,
    data: agencyAccessDetails,
  }),
  managers: endpoint({
    method: 'GET',
    path: '/getagencymanagerdetails',
    access: general,
    summary: "The agency's case managers (who the default may be)",
    query: settingsCenterQuery,
    data: z.array(agencyManager),
  }),
  defaultManager: endpoint({
    method: 'GET',
    path: '/getagencydefaultmanager',
    access: general,
    summary: "The agency's default case manager",
    query: settingsCenterQuery,
    data: agencyDefaultManager,
  }),
  twilio: endpoint({
    method: 'GET',
    path: '/getagencytwilionumber',
    access: general,
    summary:
      "The agency's Twilio number, the account SID's last characters, whether a token is set, a pending change request",
    query: settingsCenterQuery,
    data: agencyTwilio,
  }),
  feeOptions: endpoint({
    method: 'GET',
    path: '/getfeeoptions',
    access: feeReaders,
    summary: "The fee question's options: the agency's own and the global ones, and its compensation switch",
    query: settingsCenterQuery,
    data: feeOptions,
  }),
  firstNameVisibility: toggle(
    '/firstnamevisibility',
    "Shows or hides the agency's donors' first names to intended parents and other agencies",
  ),
  ipFormToggle: toggle('/ipformtoggle', 'Turns the intended-parent form on or off'),
  textMessagesToggle: toggle(
    '/textmessagestoggle',
    'Turns text messages from the agency on or off (off: none is queued or sent)',
  ),
  donorTypeVisibility: toggle(
    '/donortypevisibility',
    'Shows or hides the donor type to intended parents and donors',
  ),
  donorDetailsAccess: endpoint({
    method: 'POST',
    path: '/donordetailsaccesstoggle',
    access: general,
    summary: "Lets the agency's Pre-Active intended parents open donor details, or not",
    body: donorDetailsAccessBody,
    data: agencyAccessDetails,
  }),
  portfolioDonorCount: endpoint({
    method: 'POST',
    path: '/updateportfoliodonorcount',
    access: general,
    summary: 'How many donors a portfolio may hold (greater than 1)',
    body: portfolioDonorCountBody,
    data: agencyAccessDetails,
  }),
  saveDefaultManager: endpoint({
    method: 'POST',
    path: '/saveagencydefaultmanager',
    access: general,
    summary: "The agency's default case manager (one of its case managers, or none)",
    body: defaultManagerBody,
    data: agencyDefaultManager,
  }),
  updateTwilio: endpoint({
    method: 'POST',
    path: '/updateagencytwiliophonenumber',
    access: general,
    summary: "The master admin sets an agency's Twilio number, account SID and auth token (stored sealed)",
    body: twilioSettingsBody,
    data: agencyTwilio,
  }),
  requestTwilioChange: endpoint({
    method: 'POST',
    path: '/agencyrequestfortwilionumberchange',
    access: general,
    summary: "An agency admin asks the master admins to change the agency's number",
    body: twilioChangeRequestBody,
    data: agencyTwilio,
  }),
  compensationVisibility: endpoint({
    method: 'POST',
    path: '/feepaymentoptionvisibility',
    access: fees,
    summary: 'Shows or hides donor compensation (and the fee question of the donor form)',
    body: compensationVisibilityBody,
    data: agencyAccessDetails,
  }),
  saveFeeOption: endpoint({
    method: 'POST',
    path: '/savefeeoption',
    access: fees,
    summary: 'Adds a fee option of the agency (or, the master admin, a global one)',
    body: saveFeeOptionBody,
    data: feeOptions,
  }),
  removeFeeOption: endpoint({
    method: 'POST',
    path: '/removefeeoption',
    access: fees,
    summary: 'Removes a fee option',
    body: removeFeeOptionBody,
    data: feeOptions,
  }),
};
