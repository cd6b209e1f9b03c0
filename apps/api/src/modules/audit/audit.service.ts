import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type auditLogQuery,
  type RoleId,
} from '@dm/shared';
import type { z } from 'zod';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { centerInScope } from '../centers/centers.service.js';
import { donorByAnyId } from '../staff-donors/staff-donors.repo.js';
import * as repo from './audit.repo.js';

type AuditDeps = Pick<ModuleDeps, 'db'>;
type Query = z.output<typeof auditLogQuery>;

const nameOf = (u: { firstName: string | null; lastName: string | null }) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();

/**
 * Whose donors the caller may list: the master admin any center (0: all), an agency admin her
 * own (0 means her own). Another center answers 404.
 */
const scopeCenter = (deps: AuditDeps, auth: Auth, center: number) =>
  centerInScope(deps.db, auth, center === 0 ? null : center);

/**
 * GET auditlog: who read or changed donors' profiles, newest first, 25 a page. A donor is named
 * by the id staff see (grid id, agency id or user id); one outside the caller's centers is 404.
 */
export async function auditList(deps: AuditDeps, auth: Auth, q: Query): Promise<AuditPage> {
  const centerId = await scopeCenter(deps, auth, q.center);
  let donorId: number | undefined;
  if (q.donor) {
    const donor = await donorByAnyId(deps.db, centerId, q.donor);
    if (!donor) throw notFound();
    donorId = donor.userId;
  }
  const { rows, total } = await repo.listEntries(
    deps.db,
    { centerId, donorId, user: q.user, from: q.from, to: q.to },
    { offset: (q.page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE },
  );
  return {
    rows: rows.map(
      (r): AuditEntry => ({
        id: r.id,
        at: r.at.toISOString(),
        action: r.action,
        ip: r.ip,
        user: r.actor ? { id: r.actor.id, name: nameOf(r.actor), role: r.actor.role as RoleId } : null,
        onBehalfOf: r.behalf ? { id: r.behalf.id, name: nameOf(r.behalf) } : null,
        donor: {
          id: Number(r.donorRef),
          displayId: r.donor?.displayId ?? null,
          agencyDisplayId: r.donor?.agencyDisplayId ?? null,
          centerId: r.donor?.centerId ?? r.entryCenterId,
        },
      }),
    ),
    total,
    page: q.page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}
