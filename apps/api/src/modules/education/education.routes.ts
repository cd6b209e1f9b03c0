import {
  deleteEducationBody,
  educationResourceData,
  educationTypeParams,
  MSG_EDUCATION,
  type PageKey,
  publishEducationBody,
  reorderEducationBody,
  saveEducationResourceBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import * as service from './education.service.js';

/** The clients read and the agency admin manages on the same page; the writes are the admin's alone. */
const PAGE: readonly PageKey[] = ['education-resources'];

export const educationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /educationresources/:resourcetype', PAGE, {
    summary:
      "The caller's center's education resources of a type, in order (clients: the published ones; its admin: all)",
    params: educationTypeParams,
    data: z.array(educationResourceData),
    run: (auth, { params }) => service.listResources(deps, auth, params.resourcetype),
  });
  callRoutes(app, deps, PAGE, [
    [
      '/saveeducationresource',
      'Adds (no id) or edits an education resource (the agency admin)',
      saveEducationResourceBody,
      educationResourceData,
      MSG_EDUCATION.SAVED,
      service.saveResource,
    ],
    [
      '/reordereducationresources',
      'Puts the resources of a type in a new order (every one named once)',
      reorderEducationBody,
      z.array(educationResourceData),
      MSG_EDUCATION.REORDERED,
      service.reorderResources,
    ],
    [
      '/publisheducationresource',
      "Publishes an education resource to the center's clients, or unpublishes it",
      publishEducationBody,
      educationResourceData,
      (body) => (body.published ? MSG_EDUCATION.PUBLISHED : MSG_EDUCATION.UNPUBLISHED),
      service.publishResource,
    ],
    [
      '/deleteeducationresource',
      'Deletes an education resource',
      deleteEducationBody,
      null,
      MSG_EDUCATION.DELETED,
      service.deleteResource,
    ],
  ]);
};
