import { z } from 'zod';
import { endpoint } from '../contract.js';
import {
  preformDetails,
  preformResult,
  preformUserIdParams,
  rejectionQuestion,
  rejectionQuestionsBody,
  rejectionRange,
  rejectionSettings,
  rejectionSettingsBody,
  submitPreformBody,
} from '../preform.js';

/** The donor herself and the case manager (preview). */
const preform = { pages: ['preform'] } as const;
/** The agency admin's auto-rejection page. */
const autoRejection = { pages: ['donorformautorejection'] } as const;

/** The donor pre-form and the auto-rejection rules that judge it (donor-forms spec 4, 5, 7). */
export const preformContract = {
  details: endpoint({
    method: 'GET',
    path: '/getpreformdetails/:userId',
    access: preform,
    summary:
      "The pre-form's questions (age placeholders filled) and answers: the donor's own, or a donor of the case manager's center",
    params: preformUserIdParams,
    data: preformDetails,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/submitpreform',
    access: preform,
    summary:
      'The donor submits her pre-form; preFormStatus 1 leads to the donor form, 0 to not-accepted-preform',
    body: submitPreformBody,
    data: preformResult,
  }),
  reset: endpoint({
    method: 'POST',
    path: '/resetpreformdetails',
    access: { pages: ['not-accepted-preform'] },
    summary: 'A donor whose pre-form was not accepted fills it again (pre_form_status back to none)',
    data: null,
  }),
  centerRejectionQuestions: endpoint({
    method: 'GET',
    path: '/getdonorformrejectionquestionbycenter',
    access: { pages: ['preform', 'donorform'] },
    summary: "The caller's center's rejection questions (texts filled) and whether each is enabled",
    data: z.array(rejectionQuestion),
  }),
  rejectionSettings: endpoint({
    method: 'GET',
    path: '/donorformrejectionrange',
    access: autoRejection,
    summary: "The admin's center: age ranges, BMI range (0 not set) and the auto-rejection switch",
    data: rejectionSettings,
  }),
  saveRejectionSettings: endpoint({
    method: 'POST',
    path: '/donorformrejectionrange',
    access: autoRejection,
    summary: 'Saves the ranges and the switch; the switch needs every range set',
    body: rejectionSettingsBody,
    data: rejectionSettings,
  }),
  defaultRejectionRange: endpoint({
    method: 'GET',
    path: '/defaultdonorformrejectionrange',
    access: autoRejection,
    summary: 'The suggested ranges',
    data: rejectionRange,
  }),
  rejectionQuestions: endpoint({
    method: 'GET',
    path: '/getalldonorformrejectionquestion',
    access: autoRejection,
    summary: 'The pre-form questions that can reject, with whether each is enabled at the center',
    data: z.array(rejectionQuestion),
  }),
  saveRejectionQuestions: endpoint({
    method: 'POST',
    path: '/updatealldonorformrejectionquestion',
    access: autoRejection,
    summary: 'Enables or disables questions for auto-rejection',
    body: rejectionQuestionsBody,
    data: z.array(rejectionQuestion),
  }),
};
