import {
  agencyDonorIdBody,
  CONTRACEPTIVE_TYPES,
  formFields,
  getFormBody,
  lastVisitedBody,
  MSG,
  type PageKey,
  REFERRAL_OPTIONS,
  reviewBody,
  submitFormBody,
  TRANSMITTED_DISEASES,
  updateFormBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as s from './donorform.schemas.js';
import * as service from './donorform.service.js';

/** The donor herself, and admin and manager of her center (donor-forms spec sections 4 and 7). */
const FORM: readonly PageKey[] = ['donorform'];
/**
 * The donor alone (submitting her form, her last tab): the page only donors hold, so the page
 * table itself refuses staff with 403.
 */
const DONOR_ONLY: readonly PageKey[] = ['donorhome'];

/** The 11-tab donor form: read and save per tab, submit, staff review and change sets. */
export const donorformRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'POST /getdonorformdetails', FORM, {
    summary: "One tab of a donor's form with the form's status (staff reads are audited)",
    body: getFormBody,
    data: s.tabAnswer,
    run: (auth, { body }) => service.getTab(deps, auth, body),
  });

  jsonRoute(app, 'POST /updatedonorformdetails', FORM, {
    summary:
      'Saves one tab in one transaction; after approval a donor save becomes a change set for review. Admins edit directly; managers read only',
    body: updateFormBody,
    data: s.saveAnswer,
    run: (auth, { body }) => service.saveTab(deps, auth, body),
    message: (result) => (result.changeVersion ? MSG.FORM_CHANGES_RECORDED : MSG.DONOR_FORM_SAVED),
  });

  jsonRoute(app, 'GET /getdonorformstatus/:id', FORM, {
    summary: "The donor form's status and landing tab",
    params: s.idParams,
    data: s.formStatus,
    run: (auth, { params }) => service.formStatus(deps, auth, params.id),
  });

  jsonRoute(app, 'GET /getdonorformsubmissiondetails/:id', FORM, {
    summary: 'The blank mandatory fields of the next submission',
    params: s.idParams,
    data: s.submitAnswer,
    run: (auth, { params }) => service.submissionDetails(deps, auth, params.id),
  });

  jsonRoute(app, 'POST /submitinitialform', DONOR_ONLY, {
    summary: 'The donor submits her initial form (400 with data.blank listing the blank mandatory fields)',
    body: submitFormBody,
    data: s.submitAnswer,
    run: (auth) => service.submitInitial(deps, auth),
    message: MSG.INITIAL_FORM_SUBMITTED,
  });

  jsonRoute(app, 'POST /submitdonorform', DONOR_ONLY, {
    summary: 'The donor submits her main form: only from Initial form Accepted or Rejected Main Form',
    body: submitFormBody,
    data: s.submitAnswer,
    run: (auth) => service.submitMain(deps, auth),
    message: MSG.MAIN_FORM_SUBMITTED,
  });

  jsonRoute(app, 'POST /savelastvisitedpage', DONOR_ONLY, {
    summary: "The donor's last visited tab",
    body: lastVisitedBody,
    data: null,
    run: (auth, { body }) => service.saveLastVisited(deps, auth, body.lastTab),
  });

  jsonRoute(app, 'POST /checkagencydonorid', FORM, {
    summary: "Whether an agency donor id is free in the donor's center",
    body: agencyDonorIdBody,
    data: z.object({ available: z.boolean() }),
    run: (auth, { body }) => service.checkAgencyDonorId(deps, auth, body),
  });

  jsonRoute(app, 'POST /reviewdonorform', FORM, {
    summary:
      'Admin or manager accepts or rejects the initial form, main form or pending changes; the message is e-mailed to the donor',
    body: reviewBody,
    data: s.formStatus,
    run: (auth, { body }) => service.review(deps, auth, body),
    message: MSG.FORM_STATUS_UPDATED,
  });

  jsonRoute(app, 'GET /getdonorformchanges', FORM, {
    summary: "A donor's change sets (or one version), field by field",
    querystring: s.changesQuery,
    data: s.changeSets,
    run: (auth, { query }) => service.changes(deps, auth, query.user_id, query.version),
  });

  jsonRoute(app, 'GET /getdonorhome', ['donorhome'], {
    summary: "The donor's landing page: status, what is left, messages",
    data: s.donorHome,
    run: (auth) => service.donorHome(deps, auth),
  });

  jsonRoute(app, 'GET /getagencycontact', ['donorform', 'donordetails'], {
    summary:
      "The caller's agency contact (getcurrentagencycontact): a donor whose form was rejected reaches her agency",
    data: s.agencyContact,
    run: (auth) => service.agencyContact(deps, auth),
  });

  jsonRoute(app, 'GET /getdonorformfields/:id', FORM, {
    summary: "The donor's form, tab by tab, with her center's template applied (hidden and renamed fields)",
    params: s.idParams,
    data: s.formFields,
    run: (auth, { params }) => service.donorFormFields(deps, auth, params.id),
  });

  jsonRoute(app, 'GET /getalldonorformfields', FORM, {
    summary: 'Every field of the default donor form, tab by tab (no center template)',
    data: s.formFields,
    run: async () => formFields(null),
  });

  const lookup = (path: `/${string}`, summary: string, values: readonly string[]) =>
    jsonRoute(app, `GET ${path}`, FORM, { summary, data: s.lookupList, run: async () => [...values] });
  lookup(
    '/getcontraceptivediseases',
    'The contraceptive types offered in personal health',
    CONTRACEPTIVE_TYPES,
  );
  lookup(
    '/gettransmitteddiseases',
    'The transmitted diseases asked about in personal health',
    TRANSMITTED_DISEASES,
  );
  lookup('/getreferraltypes', 'The referral sources offered in the general tab', REFERRAL_OPTIONS);

  jsonRoute(app, 'GET /getblankfieldcount', DONOR_ONLY, {
    summary: 'How many mandatory fields the donor has still to fill',
    data: z.object({ count: z.number() }),
    run: (auth) => service.blankFieldCount(deps, auth),
  });
};
