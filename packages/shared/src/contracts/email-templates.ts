import { z } from 'zod';
import { settingsCenterQuery } from '../agency-settings.js';
import { endpoint } from '../contract.js';
import {
  connectionCenterBody,
  connectionInfo,
  emailDefinition,
  emailTypeBody,
  emailTypeOption,
  outboxMail,
  templateIdBody,
} from '../email-templates.js';
import { addEmailTemplateBody, smtpConnectionSaveBody, updateEmailTemplateBody } from '../validation.js';

/** The e-mail template screen is the agency admin's; the connection screen also the master's. */
const templates = { pages: ['emailtemplate'] } as const;
const connection = { pages: ['testconnection'] } as const;

/** An agency's e-mail templates and its own mail server (SMTP connection). */
export const emailTemplatesContract = {
  types: endpoint({
    method: 'GET',
    path: '/getemailtypes',
    access: templates,
    summary: 'E-mail types with the placeholders each offers',
    data: z.array(emailTypeOption),
  }),
  defaultDefinition: endpoint({
    method: 'POST',
    path: '/getdefaultemaildefinition',
    access: templates,
    summary: "An e-mail type's default subject, definition and signature",
    query: settingsCenterQuery,
    body: emailTypeBody,
    data: emailDefinition,
  }),
  definition: endpoint({
    method: 'POST',
    path: '/getemaildefinition',
    access: templates,
    summary: "The agency's template for an e-mail type, or the default (exist tells which)",
    query: settingsCenterQuery,
    body: emailTypeBody,
    data: emailDefinition,
  }),
  add: endpoint({
    method: 'POST',
    path: '/addemailtemplate',
    access: templates,
    summary: "Save an agency's own template for an e-mail type (409 when it has one)",
    body: addEmailTemplateBody,
    data: emailDefinition,
  }),
  update: endpoint({
    method: 'POST',
    path: '/updateemaildefinition',
    access: templates,
    summary: "Change an agency's template",
    body: updateEmailTemplateBody,
    data: emailDefinition,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/deleteemaildefinition',
    access: templates,
    summary: "Delete an agency's template; the default wording applies again",
    body: templateIdBody,
    data: null,
  }),
  connection: endpoint({
    method: 'POST',
    path: '/gettestconnection',
    access: connection,
    summary: "An agency's SMTP connection without its password (null when none is saved)",
    body: connectionCenterBody,
    data: connectionInfo.nullable(),
  }),
  saveConnection: endpoint({
    method: 'POST',
    path: '/updatetestconnection',
    access: connection,
    summary:
      "Save an agency's SMTP connection (a blank password keeps the stored one for the same host and user)",
    body: smtpConnectionSaveBody,
    data: connectionInfo,
  }),
  testConnection: endpoint({
    method: 'POST',
    path: '/testconnection',
    access: connection,
    summary: 'Connect and sign in to the SMTP server with these values, without sending mail',
    body: smtpConnectionSaveBody,
    data: null,
  }),
  /** A development tool: a production process does not have the route at all (decision 009). */
  devOutbox: endpoint({
    method: 'GET',
    path: '/devoutbox',
    access: { pages: ['emailtemplate', 'testconnection'] },
    summary:
      'The local mail outbox (development, MAIL_TRANSPORT=outbox); subject and body only for their recipient',
    query: settingsCenterQuery,
    data: z.array(outboxMail),
  }),
};
