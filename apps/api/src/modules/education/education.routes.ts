import { educationContract as api, MSG_EDUCATION } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as service from './education.service.js';

export const educationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.list, { run: (auth, { params }) => service.listResources(deps, auth, params.resourcetype) });
  route(app, api.save, {
    run: (auth, { body }) => service.saveResource(deps, auth, body),
    message: MSG_EDUCATION.SAVED,
  });
  route(app, api.reorder, {
    run: (auth, { body }) => service.reorderResources(deps, auth, body),
    message: MSG_EDUCATION.REORDERED,
  });
  route(app, api.publish, {
    run: (auth, { body }) => service.publishResource(deps, auth, body),
    message: (_answer, { body }) => (body.published ? MSG_EDUCATION.PUBLISHED : MSG_EDUCATION.UNPUBLISHED),
  });
  route(app, api.remove, {
    run: async (auth, { body }) => {
      await service.deleteResource(deps, auth, body);
      return null;
    },
    message: MSG_EDUCATION.DELETED,
  });
};
