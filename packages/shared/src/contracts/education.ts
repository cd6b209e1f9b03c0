import { z } from 'zod';
import {
  deleteEducationBody,
  educationResourceData,
  educationTypeParams,
  publishEducationBody,
  reorderEducationBody,
  saveEducationResourceBody,
} from '../consumer.js';
import { endpoint } from '../contract.js';

/** The clients read and the agency admin manages on the same page; the writes are the admin's alone. */
const access = { pages: ['education-resources'] } as const;

/** The center's education resources (articles, videos, guides, FAQs). */
export const educationContract = {
  list: endpoint({
    method: 'GET',
    path: '/educationresources/:resourcetype',
    access,
    summary:
      "The caller's center's education resources of a type, in order (clients: the published ones; its admin: all)",
    params: educationTypeParams,
    data: z.array(educationResourceData),
  }),
  save: endpoint({
    method: 'POST',
    path: '/saveeducationresource',
    access,
    summary: 'Adds (no id) or edits an education resource (the agency admin)',
    body: saveEducationResourceBody,
    data: educationResourceData,
  }),
  reorder: endpoint({
    method: 'POST',
    path: '/reordereducationresources',
    access,
    summary: 'Puts the resources of a type in a new order (every one named once)',
    body: reorderEducationBody,
    data: z.array(educationResourceData),
  }),
  publish: endpoint({
    method: 'POST',
    path: '/publisheducationresource',
    access,
    summary: "Publishes an education resource to the center's clients, or unpublishes it",
    body: publishEducationBody,
    data: educationResourceData,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/deleteeducationresource',
    access,
    summary: 'Deletes an education resource',
    body: deleteEducationBody,
    data: null,
  }),
};
