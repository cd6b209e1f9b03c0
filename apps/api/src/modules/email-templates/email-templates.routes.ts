import { addEmailTemplateBody, MSG, smtpConnectionSaveBody, updateEmailTemplateBody } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../platform/auth-context.js';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import { callRoutes } from '../../platform/routes.js';
import {
  centerQuery,
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
const TEMPLATES: Access = { pages: ['emailtemplate'] };
const CONNECTION: Access = { pages: ['testconnection'] };
const OUTBOX: Access = { pages: ['emailtemplate', 'testconnection'] };

export const emailTemplatesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/getemailtypes',
    {
      config: { access: TEMPLATES },
      schema: {
        summary: 'E-mail types with the placeholders each offers',
        response: { 200: envelope(z.array(emailTypeOption)) },
      },
    },
    async () => ok(await service.emailTypeOptions(deps)),
  );

  app.post(
    '/getdefaultemaildefinition',
    {
      config: { access: TEMPLATES },
      schema: {
        summary: "An e-mail type's default subject, definition and signature",
        querystring: centerQuery,
        body: emailTypeBody,
        response: { 200: envelope(emailDefinition) },
      },
    },
    async (request) =>
      ok(
        await service.emailDefinition(deps, requireAuth(request), {
          centerId: request.query.center_id,
          emailTypeId: request.body.email_type,
          defaultOnly: true,
        }),
      ),
  );

  app.post(
    '/getemaildefinition',
    {
      config: { access: TEMPLATES },
      schema: {
        summary: "The agency's template for an e-mail type, or the default (exist tells which)",
        querystring: centerQuery,
        body: emailTypeBody,
        response: { 200: envelope(emailDefinition) },
      },
    },
    async (request) =>
      ok(
        await service.emailDefinition(deps, requireAuth(request), {
          centerId: request.query.center_id,
          emailTypeId: request.body.email_type,
          defaultOnly: false,
        }),
      ),
  );

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
    app.get(
      '/devoutbox',
      {
        config: { access: OUTBOX },
        schema: {
          summary:
            'The local mail outbox (development, MAIL_TRANSPORT=outbox); subject and body only for their recipient',
          querystring: centerQuery,
          response: { 200: envelope(z.array(outboxMail)) },
        },
      },
      async (request) =>
        ok(await service.devOutbox(deps, requireAuth(request), request.query.center_id, request.ip)),
    );
};
