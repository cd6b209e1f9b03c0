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
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
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
  app.post(
    '/getdonorformdetails',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: "One tab of a donor's form with the form's status (staff reads are audited)",
        body: getFormBody,
        response: { 200: envelope(s.tabAnswer) },
      },
    },
    async (request) => ok(await service.getTab(deps, requireAuth(request), request.body)),
  );

  app.post(
    '/updatedonorformdetails',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary:
          'Saves one tab in one transaction; after approval a donor save becomes a change set for review. Admins edit directly; managers read only',
        body: updateFormBody,
        response: { 200: envelope(s.saveAnswer) },
      },
    },
    async (request) => {
      const result = await service.saveTab(deps, requireAuth(request), request.body);
      return ok(result, result.changeVersion ? MSG.FORM_CHANGES_RECORDED : MSG.DONOR_FORM_SAVED);
    },
  );

  app.get(
    '/getdonorformstatus/:id',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: "The donor form's status and landing tab",
        params: s.idParams,
        response: { 200: envelope(s.formStatus) },
      },
    },
    async (request) => ok(await service.formStatus(deps, requireAuth(request), request.params.id)),
  );

  app.get(
    '/getdonorformsubmissiondetails/:id',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'The blank mandatory fields of the next submission',
        params: s.idParams,
        response: { 200: envelope(s.submitAnswer) },
      },
    },
    async (request) => ok(await service.submissionDetails(deps, requireAuth(request), request.params.id)),
  );

  app.post(
    '/submitinitialform',
    {
      config: { access: { pages: DONOR_ONLY } },
      schema: {
        summary:
          'The donor submits her initial form (400 with data.blank listing the blank mandatory fields)',
        body: submitFormBody,
        response: { 200: envelope(s.submitAnswer) },
      },
    },
    async (request) =>
      ok(await service.submitInitial(deps, requireAuth(request)), MSG.INITIAL_FORM_SUBMITTED),
  );

  app.post(
    '/submitdonorform',
    {
      config: { access: { pages: DONOR_ONLY } },
      schema: {
        summary: 'The donor submits her main form: only from Initial form Accepted or Rejected Main Form',
        body: submitFormBody,
        response: { 200: envelope(s.submitAnswer) },
      },
    },
    async (request) => ok(await service.submitMain(deps, requireAuth(request)), MSG.MAIN_FORM_SUBMITTED),
  );

  app.post(
    '/savelastvisitedpage',
    {
      config: { access: { pages: DONOR_ONLY } },
      schema: {
        summary: "The donor's last visited tab",
        body: lastVisitedBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => ok(await service.saveLastVisited(deps, requireAuth(request), request.body.lastTab)),
  );

  app.post(
    '/checkagencydonorid',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: "Whether an agency donor id is free in the donor's center",
        body: agencyDonorIdBody,
        response: { 200: envelope(z.object({ available: z.boolean() })) },
      },
    },
    async (request) => ok(await service.checkAgencyDonorId(deps, requireAuth(request), request.body)),
  );

  app.post(
    '/reviewdonorform',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary:
          'Admin or manager accepts or rejects the initial form, main form or pending changes; the message is e-mailed to the donor',
        body: reviewBody,
        response: { 200: envelope(s.formStatus) },
      },
    },
    async (request) =>
      ok(await service.review(deps, requireAuth(request), request.body), MSG.FORM_STATUS_UPDATED),
  );

  app.get(
    '/getdonorformchanges',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: "A donor's change sets (or one version), field by field",
        querystring: s.changesQuery,
        response: { 200: envelope(s.changeSets) },
      },
    },
    async (request) =>
      ok(await service.changes(deps, requireAuth(request), request.query.user_id, request.query.version)),
  );

  app.get(
    '/getdonorhome',
    {
      config: { access: { pages: ['donorhome'] } },
      schema: {
        summary: "The donor's landing page: status, what is left, messages",
        response: { 200: envelope(s.donorHome) },
      },
    },
    async (request) => ok(await service.donorHome(deps, requireAuth(request))),
  );

  app.get(
    '/getagencycontact',
    {
      config: { access: { pages: ['donorform', 'donordetails'] } },
      schema: {
        summary:
          "The caller's agency contact (getcurrentagencycontact): a donor whose form was rejected reaches her agency",
        response: { 200: envelope(s.agencyContact) },
      },
    },
    async (request) => ok(await service.agencyContact(deps, requireAuth(request))),
  );

  app.get(
    '/getdonorformfields/:id',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary:
          "The donor's form, tab by tab, with her center's template applied (hidden and renamed fields)",
        params: s.idParams,
        response: { 200: envelope(s.formFields) },
      },
    },
    async (request) => ok(await service.donorFormFields(deps, requireAuth(request), request.params.id)),
  );

  app.get(
    '/getalldonorformfields',
    {
      config: { access: { pages: FORM } },
      schema: {
        summary: 'Every field of the default donor form, tab by tab (no center template)',
        response: { 200: envelope(s.formFields) },
      },
    },
    async () => ok(formFields(null)),
  );

  const lookup = (path: string, summary: string, values: readonly string[]) =>
    app.get(
      path,
      {
        config: { access: { pages: FORM } },
        schema: { summary, response: { 200: envelope(s.lookupList) } },
      },
      async () => ok([...values]),
    );
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

  app.get(
    '/getblankfieldcount',
    {
      config: { access: { pages: DONOR_ONLY } },
      schema: {
        summary: 'How many mandatory fields the donor has still to fill',
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (request) => ok(await service.blankFieldCount(deps, requireAuth(request))),
  );
};
