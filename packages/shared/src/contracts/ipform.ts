import { endpoint } from '../contract.js';
import {
  ipFormDetails,
  ipFormDetailsBody,
  ipFormStatus,
  ipFormStatusCenter,
  ipFormSubmission,
  ipFormUpdateBody,
  ipFormUserParams,
  ipFormVisibility,
} from '../ip-form.js';

/** The parent fills the form; the case manager opens it in preview (platform.md section 6). */
const form = { pages: ['ipform'] } as const;
/** The users grids (the "IP form" row action) and the form itself. */
const gridOrForm = { pages: ['ipform', 'viewclient'] } as const;

/** The intended-parent form (donor-forms spec: IP form). */
export const ipformContract = {
  visibility: endpoint({
    method: 'GET',
    path: '/checkipformvisibility',
    access: gridOrForm,
    summary: "Whether the caller's center has the IP form on (ip_form_visible)",
    data: ipFormVisibility,
  }),
  statusCenter: endpoint({
    method: 'GET',
    path: '/getipformstatuscenter',
    access: { pages: ['ipform', 'donordetails'] },
    summary: "The caller's center's IP form setting and, for a parent, whether their form is submitted",
    data: ipFormStatusCenter,
  }),
  status: endpoint({
    method: 'GET',
    path: '/getipformstatus/:userId',
    access: gridOrForm,
    summary: "Whether a parent's IP form is submitted: the parent's own, or a client of the caller's center",
    params: ipFormUserParams,
    data: ipFormStatus,
  }),
  details: endpoint({
    method: 'POST',
    path: '/getipformdetails',
    access: form,
    summary: "A tab of a parent's IP form (confirm: every tab); staff reads are audited",
    body: ipFormDetailsBody,
    data: ipFormDetails,
  }),
  update: endpoint({
    method: 'POST',
    path: '/updateipformdetails',
    access: form,
    summary:
      'The parent saves one tab of their IP form (empty dates null, cleared descriptions, invalid zip null)',
    body: ipFormUpdateBody,
    data: ipFormDetails,
  }),
  submit: endpoint({
    method: 'GET',
    path: '/ipformsubmission',
    access: form,
    summary: 'The parent submits their IP form (users.ip_form_submitted_at); they then return home',
    data: ipFormSubmission,
  }),
};
