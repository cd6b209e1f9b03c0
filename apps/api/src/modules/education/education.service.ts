import {
  type deleteEducationBody,
  type EducationResource,
  type EducationResourceType,
  educationResourceAccess,
  MSG_EDUCATION,
  mayManageEducationResources,
  type publishEducationBody,
  type reorderEducationBody,
  type saveEducationResourceBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import * as repo from './education.repo.js';

export type EducationDeps = Pick<ModuleDeps, 'db' | 'clock'>;

// Education resources (/education-resources/{resourcetype}, decision 025): the center's
// admin writes them; the center's clients read the published ones. Every write is audited.

function view(row: repo.ResourceRow): EducationResource {
  return {
    id: row.id,
    type: row.type as EducationResourceType,
    title: row.title,
    summary: row.summary,
    body: row.body,
    link: row.link,
    position: row.position,
    published: row.published,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET educationresources/{resourcetype}: the caller's center's resources of the type in their
 * order: every one for its admin, the published ones for its clients.
 */
export async function listResources(
  deps: EducationDeps,
  auth: Auth,
  type: EducationResourceType,
): Promise<EducationResource[]> {
  const rows = await repo.resourcesOf(deps.db, auth.centerId, type, !mayManageEducationResources(auth));
  return rows.map(view);
}

/** The resource locked for a write by its center's admin; 403 for anyone else, 404 for another center's. */
async function manageable(tx: Db, auth: Auth, id: number): Promise<repo.ResourceRow> {
  if (!mayManageEducationResources(auth)) throw forbidden();
  const row = await repo.resourceById(tx, id, true);
  if (!row || educationResourceAccess(auth, row) !== 'manage') throw notFound();
  return row;
}

const entry = (action: string, row: repo.ResourceRow, details: Record<string, unknown> = {}) => ({
  action,
  entityType: 'education_resource',
  entityId: row.id,
  centerId: row.centerId,
  details: { type: row.type, ...details },
});

/**
 * POST saveeducationresource: adds a resource at the end of its type, or edits one (moved to
 * another type it goes to that type's end).
 */
export async function saveResource(
  deps: EducationDeps,
  auth: Auth,
  body: z.output<typeof saveEducationResourceBody>,
): Promise<EducationResource> {
  if (!mayManageEducationResources(auth)) throw forbidden();
  const now = deps.clock.now();
  const { id, ...fields } = body;
  return deps.db.transaction(async (tx) => {
    await repo.lockCenterResources(tx, auth.centerId);
    if (id === undefined) {
      const row = await repo.insertResource(tx, {
        ...fields,
        centerId: auth.centerId,
        position: await repo.nextPosition(tx, auth.centerId, fields.type),
        createdBy: auth.userId,
        updatedBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      });
      await audit(tx, auth, entry('education_resource_added', row, { published: row.published }));
      return view(row);
    }
    const before = await manageable(tx, auth, id);
    const moved = before.type !== fields.type;
    const row = await repo.updateResource(tx, id, {
      ...fields,
      ...(moved ? { position: await repo.nextPosition(tx, auth.centerId, fields.type) } : {}),
      updatedBy: auth.userId,
      updatedAt: now,
    });
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => before[k] !== fields[k]);
    await audit(tx, auth, entry('education_resource_edited', row, { changed }));
    return view(row);
  });
}

/** POST reordereducationresources {type, ids}: `ids` must be every resource of the type, once. */
export async function reorderResources(
  deps: EducationDeps,
  auth: Auth,
  body: z.output<typeof reorderEducationBody>,
): Promise<EducationResource[]> {
  if (!mayManageEducationResources(auth)) throw forbidden();
  return deps.db.transaction(async (tx) => {
    await repo.lockCenterResources(tx, auth.centerId);
    const current = await repo.resourcesOf(tx, auth.centerId, body.type, false);
    const known = new Set(current.map((r) => r.id));
    const named = new Set(body.ids);
    if (named.size !== body.ids.length || named.size !== known.size || body.ids.some((id) => !known.has(id)))
      throw badRequest(MSG_EDUCATION.ORDER);
    await repo.setPositions(tx, body.ids);
    await audit(tx, auth, {
      action: 'education_resources_reordered',
      entityType: 'education_resource',
      entityId: null,
      details: { type: body.type, ids: body.ids },
    });
    return (await repo.resourcesOf(tx, auth.centerId, body.type, false)).map(view);
  });
}

/** POST publisheducationresource {id, published}: shows it to the center's clients, or hides it. */
export async function publishResource(
  deps: EducationDeps,
  auth: Auth,
  body: z.output<typeof publishEducationBody>,
): Promise<EducationResource> {
  return deps.db.transaction(async (tx) => {
    await manageable(tx, auth, body.id);
    const row = await repo.updateResource(tx, body.id, {
      published: body.published,
      updatedBy: auth.userId,
      updatedAt: deps.clock.now(),
    });
    await audit(
      tx,
      auth,
      entry(body.published ? 'education_resource_published' : 'education_resource_unpublished', row),
    );
    return view(row);
  });
}

/** POST deleteeducationresource {id} (the page asks for confirmation first). */
export async function deleteResource(
  deps: EducationDeps,
  auth: Auth,
  body: z.output<typeof deleteEducationBody>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await manageable(tx, auth, body.id);
    await repo.deleteResource(tx, row.id);
    await audit(tx, auth, entry('education_resource_deleted', row, { title: row.title }));
  });
}
