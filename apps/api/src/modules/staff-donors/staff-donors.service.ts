import {
  type ArchivedDonorRow,
  type ArchivedDonorsBody,
  archivedDonorsBody,
  archivedDonorsCenter,
  canSetDonorAvailability,
  type DonorGridPage,
  type DonorGridQuery,
  type DonorGridRow,
  type DonorIdMatch,
  type DonorMessage,
  donorDisplayId,
  type donorStatusWithEmailBody,
  EMAIL_TYPE,
  type ImportDonorsBody,
  type ImportStatus,
  INVITE_TOKEN_TTL_MS,
  MANDATORY_FIELDS_PAGE_SIZE,
  type MandatoryFieldsBody,
  type MandatoryFieldsRow,
  type MonthlyStatsBody,
  type MonthlyStatsRow,
  MSG,
  mandatoryFieldsBody,
  mayAdministerDonors,
  mayListArchivedDonors,
  mayReadDonorCounts,
  mayWorkStaffDonors,
  monthlyStatsBody,
  PARENT_STATUS_FILTER,
  STAFF_DONOR_MSG,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { fullNameOf } from '../../platform/session-user.js';
import {
  findUserById,
  findUserByUsername,
  issueUserToken,
  spendUserTokens,
  updateUser,
} from '../auth/auth.repo.js';
import { awaitingForImport } from '../mapping/index.js';
import {
  reserveDonor as reserveThroughWorkflow,
  unreserveDonor as unreserveThroughWorkflow,
} from '../matches/matches.service.js';
import { filesByKind } from './staff-donors.import.js';
import * as repo from './staff-donors.repo.js';

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets' | 'realtime'>;

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Admin-only tools of the list: CSV export, hard delete, delete (platform.md section 6). */
function assertAdmin(auth: Auth): void {
  if (!mayAdministerDonors(auth)) throw forbidden();
}

function assertStaff(auth: Auth): void {
  if (!mayWorkStaffDonors(auth)) throw forbidden();
}

/** A donor of the caller's center (another center's donor, or a non-donor, is 404). */
async function ownDonor(db: Db, auth: Auth, donorId: number) {
  assertStaff(auth);
  const row = await repo.donorOf(db, donorId);
  if (!row || row.donor.centerId !== auth.centerId) throw notFound();
  return row;
}

function gridRow(r: repo.GridRecord): DonorGridRow {
  return {
    userId: r.userId,
    donorId: donorDisplayId({ ...r, id: r.userId }),
    firstName: r.firstName,
    lastName: r.lastName,
    username: r.username,
    userStatus: r.userStatus,
    donorType: r.donorType,
    availability: r.availability,
    frozenAvailability: r.frozenAvailability,
    donationCount: r.donationCount,
    priority: r.priority,
    allowedForMatchingTool: r.allowedForMatchingTool,
    queueType: r.queueType,
    matchCount: Number(r.matchCount),
    managerId: r.reservedManagerId,
    managerName: `${r.managerFirst ?? ''} ${r.managerLast ?? ''}`.trim(),
    reservedParentId: r.reservedParentId,
    reservedParentName: `${r.parentFirst ?? ''} ${r.parentLast ?? ''}`.trim(),
    createdAt: r.createdAt.toISOString(),
  };
}

/** POST getdonorbycenter: one page of the caller's center's donors. */
export async function donorGrid(deps: Deps, auth: Auth, q: DonorGridQuery): Promise<DonorGridPage> {
  assertStaff(auth);
  const limit = Math.max(1, Math.min(100, q.to - q.from));
  const page = await repo.gridPage(deps.db, auth.centerId, q, q.from, limit);
  return { total: page.total, rows: page.rows.map(gridRow) };
}

export const CSV_BATCH = 1000;

/**
 * getdonorbycentercsv: every page of the list as CSV, streamed in keyset batches so memory stays
 * flat whatever the number of donors. Only the caller's center: the center is the caller's,
 * never a parameter.
 */
export async function donorCsv(
  deps: Deps,
  auth: Auth,
  q: DonorGridQuery,
  ip: string,
): Promise<AsyncIterable<unknown[][]>> {
  assertAdmin(auth);
  await audit(
    deps.db,
    auth,
    { action: 'donor.export', entityType: 'donor', details: { filters: { ...q, from: 0, to: 0 } } },
    ip,
  );
  const { db } = deps;
  const centerId = auth.centerId;
  async function* batches() {
    let after = 0;
    for (;;) {
      const batch = await repo.csvBatch(db, centerId, q, after, CSV_BATCH);
      if (batch.length === 0) return;
      yield batch.map((r) => {
        const row = gridRow(r);
        return [
          row.userId,
          row.donorId,
          row.firstName,
          row.lastName,
          row.username,
          row.donorType,
          row.availability,
          row.frozenAvailability ?? '',
          row.donationCount,
          row.priority,
          row.allowedForMatchingTool ? 'Yes' : 'No',
          row.matchCount,
          row.managerName,
          row.reservedParentName,
          row.createdAt,
        ];
      });
      after = batch[batch.length - 1]!.userId;
      if (batch.length < CSV_BATCH) return;
    }
  }
  return batches();
}

// ---------------------------------------------------------------------------------------------
// Reserve

/** The parents a donor may be reserved for (by status, Active by default) and the managers. */
export async function reservationCandidates(deps: Deps, auth: Auth, statuses: string[]) {
  assertStaff(auth);
  const wanted = statuses.filter((s) => (PARENT_STATUS_FILTER as readonly string[]).includes(s));
  const [parents, managers] = await Promise.all([
    repo.centerParents(deps.db, auth.centerId, wanted.length > 0 ? wanted : ['Active']),
    repo.centerManagers(deps.db, auth.centerId),
  ]);
  return {
    parents: parents.map((p) => ({ ...p, name: fullNameOf(p) })),
    managers: managers.map((m) => ({ id: m.id, name: nameOf(m) })),
  };
}

export async function reserve(
  deps: Deps,
  auth: Auth,
  b: { donorid: number; parentid: number; managerid?: number | null },
) {
  await ownDonor(deps.db, auth, b.donorid);
  if (b.managerid) {
    const managers = await repo.centerManagers(deps.db, auth.centerId);
    if (!managers.some((m) => m.id === b.managerid)) throw notFound();
  }
  await reserveThroughWorkflow(deps, auth, {
    donorId: b.donorid,
    parentId: b.parentid,
    managerId: b.managerid ?? null,
  });
  return { availability: 'Reserved' };
}

export async function unreserve(deps: Deps, auth: Auth, b: { donorid: number; status: string }) {
  await ownDonor(deps.db, auth, b.donorid);
  await unreserveThroughWorkflow(deps, auth, b.donorid, b.status);
  return { availability: b.status };
}

/** getreserveddonorip: who the donor is reserved for. */
export async function reservedFor(deps: Deps, auth: Auth, donorId: number) {
  const row = await ownDonor(deps.db, auth, donorId);
  return { parentId: row.donor.reservedParentId, managerId: row.donor.reservedManagerId };
}

// ---------------------------------------------------------------------------------------------
// Invite

/** inviteExistedDonor: a donor who has not signed up yet gets a (new) sign-up link. */
export async function inviteDonor(
  deps: Deps,
  auth: Auth,
  b: {
    user_id: number;
    email?: string;
    first_name?: string;
    middle_name?: string;
    last_name?: string;
    isReInvite: boolean;
  },
  ip: string,
) {
  const found = await ownDonor(deps.db, auth, b.user_id);
  if (found.user.passwordHash) throw badRequest(STAFF_DONOR_MSG.ALREADY_SIGNED_UP);
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const email = b.email?.toLowerCase();
      if (email && email !== found.user.username) {
        const other = await findUserByUsername(tx, email);
        if (other) throw badRequest(MSG.USERNAME_EXISTS);
      }
      const user = await updateUser(tx, b.user_id, {
        username: email ?? found.user.username,
        firstName: b.first_name || found.user.firstName,
        middleName: b.middle_name ?? found.user.middleName,
        lastName: b.last_name || found.user.lastName,
        status: 'Invited',
        updatedAt: now,
      });
      await repo.updateDonor(tx, b.user_id, {
        availability: 'Invited',
        availabilityChangedAt: now,
        updatedAt: now,
      });
      await spendUserTokens(tx, b.user_id, ['invite'], now);
      const token = await issueUserToken(tx, {
        userId: b.user_id,
        purpose: 'invite',
        ttlMs: INVITE_TOKEN_TTL_MS,
        now,
      });
      const sender = await findUserById(tx, auth.userId);
      await queueTemplatedMail(tx, deps.secrets, {
        centerId: auth.centerId,
        emailTypeId: EMAIL_TYPE.INVITE_DONOR,
        to: user!.username,
        vars: {
          recipient: user!.firstName || user!.username,
          sender: sender ? fullNameOf(sender) : '',
          link: `${deps.config.publicUrl}/#/signup/${token}`,
        },
      });
      await audit(
        tx,
        auth,
        {
          action: b.isReInvite ? 'donor.reinvite' : 'donor.invite',
          entityType: 'donor',
          entityId: b.user_id,
          centerId: auth.centerId,
        },
        ip,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.USERNAME_EXISTS);
    throw error;
  }
  return lastInvited(deps, auth, b.user_id);
}

export async function lastInvited(deps: Deps, auth: Auth, donorId: number) {
  await ownDonor(deps.db, auth, donorId);
  const at = await repo.lastInvitedAt(deps.db, donorId);
  return { lastInvitedAt: at ? at.toISOString() : null };
}

// ---------------------------------------------------------------------------------------------
// Priority, visibility, status

export async function setPriority(deps: Deps, auth: Auth, donorId: number, priority: number, ip: string) {
  if (priority < 1) throw badRequest(STAFF_DONOR_MSG.PRIORITY_MIN);
  await ownDonor(deps.db, auth, donorId);
  await deps.db.transaction(async (tx) => {
    await repo.updateDonor(tx, donorId, { priority, updatedAt: deps.clock.now() });
    await audit(
      tx,
      auth,
      { action: 'donor.priority', entityType: 'donor', entityId: donorId, details: { priority } },
      ip,
    );
  });
  return { priority };
}

export async function agencyAllowedInMatchingTool(deps: Deps, auth: Auth) {
  assertStaff(auth);
  return { allowed: (await repo.settingsOf(deps.db, auth.centerId)).matchingToolAllowed };
}

export async function setVisibility(deps: Deps, auth: Auth, donorId: number, allowed: boolean, ip: string) {
  await ownDonor(deps.db, auth, donorId);
  if (!(await agencyAllowedInMatchingTool(deps, auth)).allowed)
    throw badRequest(STAFF_DONOR_MSG.AGENCY_NOT_ALLOWED);
  await deps.db.transaction(async (tx) => {
    await repo.updateDonor(tx, donorId, { allowedForMatchingTool: allowed, updatedAt: deps.clock.now() });
    await audit(
      tx,
      auth,
      { action: 'donor.visibility', entityType: 'donor', entityId: donorId, details: { allowed } },
      ip,
    );
  });
  return { allowed_for_tulip: allowed };
}

/**
 * updatedonorstatuswithemail: staff set the donor's availability and e-mail the donor their
 * message, in one transaction under the donor's row lock. A reserved donor is released with
 * unreserve, which goes through the match workflow.
 */
export async function setStatusWithEmail(
  deps: Deps,
  auth: Auth,
  b: z.output<typeof donorStatusWithEmailBody>,
  ip: string,
) {
  const found = await ownDonor(deps.db, auth, b.donor_id);
  if (!canSetDonorAvailability(auth, b.status)) throw forbidden();
  if (found.donor.availability === 'Reserved') throw badRequest(STAFF_DONOR_MSG.ALREADY_RESERVED);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockDonor(tx, b.donor_id);
    if (locked?.availability === 'Reserved') throw badRequest(STAFF_DONOR_MSG.ALREADY_RESERVED);
    await repo.updateDonor(tx, b.donor_id, {
      availability: b.status,
      availabilityChangedAt: now,
      ...(b.frozenStatus ? { frozenAvailability: b.frozenStatus } : {}),
      updatedAt: now,
    });
    const sender = await findUserById(tx, auth.userId);
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: auth.centerId,
      emailTypeId: EMAIL_TYPE.DONOR_STATUS_MESSAGE,
      to: found.user.username,
      vars: {
        recipient: fullNameOf(found.user) || found.user.username,
        status: b.status,
        message: b.message,
        sender: sender ? fullNameOf(sender) : '',
      },
    });
    await audit(
      tx,
      auth,
      {
        action: 'donor.status',
        entityType: 'donor',
        entityId: b.donor_id,
        details: { from: locked?.availability, to: b.status, frozen: b.frozenStatus ?? null, mailed: true },
      },
      ip,
    );
  });
  return { availability: b.status };
}

// ---------------------------------------------------------------------------------------------
// Delete

/** harddeletedonor: removes the account and everything of it, once the id is typed to match. */
export async function hardDelete(deps: Deps, auth: Auth, donorId: number, typed: string, ip: string) {
  assertAdmin(auth);
  await ownDonor(deps.db, auth, donorId);
  if (typed.trim() !== String(donorId)) throw badRequest(STAFF_DONOR_MSG.HARD_DELETE_MISMATCH);
  await deps.db.transaction(async (tx) => {
    await repo.deleteDonorAccount(tx, donorId);
    await audit(tx, auth, { action: 'donor.hard_delete', entityType: 'donor', entityId: donorId }, ip);
  });
}

/** deletedonor: archives the donor (it moves to the archived donors report). */
export async function softDelete(deps: Deps, auth: Auth, donorId: number, ip: string) {
  assertAdmin(auth);
  await ownDonor(deps.db, auth, donorId);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, donorId, { status: 'Archived', updatedAt: deps.clock.now() });
    await audit(tx, auth, { action: 'donor.delete', entityType: 'donor', entityId: donorId }, ip);
  });
}

// ---------------------------------------------------------------------------------------------
// Import

function importStatusOf(
  row: NonNullable<Awaited<ReturnType<typeof repo.importOf>>>,
  awaitingMapping: ImportStatus['awaitingMapping'] = [],
): ImportStatus {
  return {
    awaitingMapping,
    id: row.id,
    status: row.status as ImportStatus['status'],
    fileNames: row.fileNames,
    imported: row.importedKeys.length,
    importedKeys: row.importedKeys,
    rejected: row.rejected,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** importdonors: queues the files for the import job; one import per center at a time. */
export async function startImport(
  deps: Deps,
  auth: Auth,
  b: ImportDonorsBody,
  ip: string,
): Promise<ImportStatus> {
  assertAdmin(auth);
  if (!filesByKind(b.files)) throw badRequest(STAFF_DONOR_MSG.IMPORT_FILES);
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repo.insertImport(tx, {
        centerId: auth.centerId,
        createdBy: auth.userId,
        files: b.files,
        fileNames: b.files.map((f) => f.name),
        createdAt: deps.clock.now(),
      });
      await audit(
        tx,
        auth,
        {
          action: 'donor.import',
          entityType: 'donor_import',
          entityId: row.id,
          details: { files: row.fileNames },
        },
        ip,
      );
      return importStatusOf(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(STAFF_DONOR_MSG.IMPORT_RUNNING);
    throw error;
  }
}

/** The status of one import (id) or of the center's latest (id 0). */
export async function importStatus(deps: Deps, auth: Auth, id: number): Promise<ImportStatus | null> {
  assertAdmin(auth);
  const row = id === 0 ? await repo.latestImport(deps.db, auth.centerId) : await repo.importOf(deps.db, id);
  if (id !== 0 && (!row || row.centerId !== auth.centerId)) throw notFound();
  if (!row) return null;
  const awaiting = await awaitingForImport(deps.db, row.id);
  return importStatusOf(
    row,
    awaiting.map((a) => ({ donorKey: a.donorKey ?? '', field: a.field, value: a.value })),
  );
}

// ---------------------------------------------------------------------------------------------
// Reports

export async function mandatoryFields(deps: Deps, auth: Auth, input: MandatoryFieldsBody) {
  assertAdmin(auth);
  const q = mandatoryFieldsBody.parse(input);
  const limit = Math.max(1, Math.min(100, q.to - q.from || MANDATORY_FIELDS_PAGE_SIZE));
  const page = await repo.mandatoryFieldsPage(deps.db, auth.centerId, q, q.from, limit);
  const rows: MandatoryFieldsRow[] = page.rows.map((r) => ({
    userId: r.userId,
    donorId: donorDisplayId({ ...r, id: r.userId }),
    name: nameOf(r),
    availability: r.availability,
    blankFields: r.blank,
  }));
  return { total: page.total, rows };
}

export async function archivedDonors(deps: Deps, auth: Auth, input: ArchivedDonorsBody) {
  if (!mayListArchivedDonors(auth)) throw forbidden();
  const q = archivedDonorsBody.parse(input);
  const centerId = archivedDonorsCenter(auth, q.center ?? null);
  if (centerId === undefined) throw notFound();
  const limit = Math.max(1, Math.min(100, q.upto - q.from));
  const page = await repo.archivedPage(deps.db, { ...q, centerId }, q.from, limit);
  const rows: ArchivedDonorRow[] = page.rows.map((r) => ({
    userId: r.userId,
    donorId: donorDisplayId({ ...r, id: r.userId }),
    name: nameOf(r),
    agency: r.agency,
    centerId: r.centerId,
    archivedNote: r.archivedNote,
    archivedAt: r.archivedAt.toISOString(),
  }));
  return { total: page.total, rows };
}

/** fetchagenciesdonorcountmonthly: new donors per agency per month (master admin). */
export async function monthlyStats(
  deps: Deps,
  auth: Auth,
  input: MonthlyStatsBody,
): Promise<MonthlyStatsRow[]> {
  if (!mayReadDonorCounts(auth)) throw forbidden();
  const q = monthlyStatsBody.parse(input);
  if (q.center && !(await repo.centerOf(deps.db, q.center))) throw notFound();
  let since: Date | null = null;
  if (q.timePeriod > 0) {
    const now = deps.clock.now();
    since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (q.timePeriod - 1), 1));
  }
  return repo.monthlyCounts(deps.db, q.center ?? null, since);
}

// ---------------------------------------------------------------------------------------------
// Search by id, messages

/** GET /searchdonorbyid: the caller's center's donor with that id, or 404. */
export async function searchById(deps: Deps, auth: Auth, id: string): Promise<DonorIdMatch> {
  assertStaff(auth);
  const row = await repo.donorByAnyId(deps.db, auth.centerId, id);
  if (!row) throw notFound();
  return {
    userId: row.userId,
    donorId: donorDisplayId({ ...row, id: row.userId }),
    name: `${row.firstName} ${row.lastName}`.trim(),
    availability: row.availability,
    archived: row.archived,
  };
}

/** GET /getusermessages/{donorId}: what staff wrote the donor with her status changes (audited read). */
export async function messagesOf(
  deps: Deps,
  auth: Auth,
  donorId: number,
  ip: string,
): Promise<DonorMessage[]> {
  await ownDonor(deps.db, auth, donorId);
  const rows = await repo.donorMessages(deps.db, donorId);
  await audit(deps.db, auth, { action: 'donor.messages.read', entityType: 'donor', entityId: donorId }, ip);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    sentBy: r.senderFirst === null ? null : `${r.senderFirst} ${r.senderLast ?? ''}`.trim(),
  }));
}
