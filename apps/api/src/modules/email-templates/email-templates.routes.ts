import {
  addEmailTemplateBody,
  MSG,
  type PageKey,
  settingsCenterQuery,
  smtpConnectionSaveBody,
  updateEmailTemplateBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import {
  connectionCenterBody,
  connectionInfo,
  emailDefinition,
  emailTypeBody,
  emailTypeOption,
  outboxMail,
  templateIdBody,
} from './email-templates.schemas.js';
import * as service from './email-templates.service.js';

/** The e-mail template screen is the agency admin's; the connection screen also the master's. */
const TEMPLATES: readonly PageKey[] = ['emailtemplate'];
const CONNECTION: readonly PageKey[] = ['testconnection'];
const OUTBOX: readonly PageKey[] = ['emailtemplate', 'testconnection'];

export const emailTemplatesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /getemailtypes', TEMPLATES, {
    summary: 'E-mail types with the placeholders each offers',
    data: z.array(emailTypeOption),
    run: () => service.emailTypeOptions(deps),
  });

  jsonRoute(app, 'POST /getdefaultemaildefinition', TEMPLATES, {
    summary: "An e-mail type's default subject, definition and signature",
    querystring: settingsCenterQuery,
    body: emailTypeBody,
    data: emailDefinition,
    run: (auth, { query, body }) =>
      service.emailDefinition(deps, auth, {
        centerId: query.center_id,
        emailTypeId: body.email_type,
        defaultOnly: true,
      }),
  });

  jsonRoute(app, 'POST /getemaildefinition', TEMPLATES, {
    summary: "The agency's template for an e-mail type, or the default (exist tells which)",
    querystring: settingsCenterQuery,
    body: emailTypeBody,
    data: emailDefinition,
    run: (auth, { query, body }) =>
      service.emailDefinition(deps, auth, {
        centerId: query.center_id,
        emailTypeId: body.email_type,
        defaultOnly: false,
      }),
  });

  callRoutes(app, deps, TEMPLATES, [
    [
      '/addemailtemplate',
      "Save an agency's own template for an e-mail type (409 when it has one)",
      addEmailTemplateBody,
      emailDefinition,
      MSG.CHANGES_SAVED,
      service.addEmailTemplate,
    ],
    [
      '/updateemaildefinition',
      "Change an agency's template",
      updateEmailTemplateBody,
      emailDefinition,
      MSG.CHANGES_SAVED,
      service.updateEmailTemplate,
    ],
    [
      '/deleteemaildefinition',
      "Delete an agency's template; the default wording applies again",
      templateIdBody,
      null,
      MSG.TEMPLATE_DELETED,
      (d, auth, b, ip) => service.deleteEmailTemplate(d, auth, b.id, ip),
    ],
  ]);

  callRoutes(app, deps, CONNECTION, [
    [
      '/gettestconnection',
      "An agency's SMTP connection without its password (null when none is saved)",
      connectionCenterBody,
      connectionInfo.nullable(),
      undefined,
      (d, auth, b) => service.connectionInfo(d, auth, b.center_id),
    ],
    [
      '/updatetestconnection',
      "Save an agency's SMTP connection (a blank password keeps the stored one for the same host and user)",
      smtpConnectionSaveBody,
      connectionInfo,
      MSG.CONNECTION_SAVED,
      service.saveConnection,
    ],
    [
      '/testconnection',
      'Connect and sign in to the SMTP server with these values, without sending mail',
      smtpConnectionSaveBody,
      null,
      MSG.CONNECTION_OK,
      service.testConnection,
    ],
  ]);

  // A development tool: a production process does not have the route at all (decision 009).
  if (!deps.config.production)
    jsonRoute(app, 'GET /devoutbox', OUTBOX, {
      summary:
        'The local mail outbox (development, MAIL_TRANSPORT=outbox); subject and body only for their recipient',
      querystring: settingsCenterQuery,
      data: z.array(outboxMail),
      run: (auth, { query, ip }) => service.devOutbox(deps, auth, query.center_id, ip),
    });
};
