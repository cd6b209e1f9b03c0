import { emailTemplatesContract as api, MSG } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './email-templates.service.js';

/** The e-mail template screen is the agency admin's; the connection screen also the master's. */
export const emailTemplatesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.types, { run: () => service.emailTypeOptions(deps) });
  route(app, api.defaultDefinition, {
    run: (auth, { query, body }) =>
      service.emailDefinition(deps, auth, {
        centerId: query.center_id,
        emailTypeId: body.email_type,
        defaultOnly: true,
      }),
  });
  route(app, api.definition, {
    run: (auth, { query, body }) =>
      service.emailDefinition(deps, auth, {
        centerId: query.center_id,
        emailTypeId: body.email_type,
        defaultOnly: false,
      }),
  });

  route(app, api.add, {
    run: (auth, { body, ip }) => service.addEmailTemplate(deps, auth, body, ip),
    message: MSG.CHANGES_SAVED,
  });
  route(app, api.update, {
    run: (auth, { body, ip }) => service.updateEmailTemplate(deps, auth, body, ip),
    message: MSG.CHANGES_SAVED,
  });
  route(app, api.remove, {
    run: async (auth, { body, ip }) => {
      await service.deleteEmailTemplate(deps, auth, body.id, ip);
      return null;
    },
    message: MSG.TEMPLATE_DELETED,
  });

  route(app, api.connection, { run: (auth, { body }) => service.connectionInfo(deps, auth, body.center_id) });
  route(app, api.saveConnection, {
    run: (auth, { body, ip }) => service.saveConnection(deps, auth, body, ip),
    message: MSG.CONNECTION_SAVED,
  });
  route(app, api.testConnection, {
    run: async (auth, { body, ip }) => {
      await service.testConnection(deps, auth, body, ip);
      return null;
    },
    message: MSG.CONNECTION_OK,
  });

  // A development tool: a production process does not have the route at all (decision 009).
  if (!deps.config.production)
    route(app, api.devOutbox, {
      run: (auth, { query, ip }) => service.devOutbox(deps, auth, query.center_id, ip),
    });
};
