import {
  actsAsPortfolioClient,
  ageFrom,
  CLIENT_CLOSED_STATUSES,
  canSharePortfolioWithClient,
  canShareWithManager,
  type DonorFeedbackEntry,
  donorDisplayId,
  donorFeedbackScope,
  EMAIL_TYPE,
  type Feedback,
  type FeedbackCounts,
  type IpQueryType,
  isClientOfCallerCenter,
  MSG,
  type PortfolioDetail,
  type PortfolioDonor,
  type PortfolioNote,
  type PortfolioSort,
  type PortfolioStatus,
  type PortfolioSummary,
  portfolioAccess,
  portfolioClientId,
  portfolioLimitExceeded,
  portfolioLimitWarning,
  type RemainingQueueItem,
  ROLE,
  SAVE_SEARCH_PORTFOLIO_LIMIT,
  type SaveShortlistAnswer,
  type SearchFilters,
  type SharedManager,
  seesPortfolioDonorFirstName,
} from '@dm/shared';
import ExcelJS from 'exceljs';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { fullNameOf } from '../../platform/session-user.js';
import { assertDonorVisible, donorVisibility } from '../donor-access/donor-access.js';
import { matchingDonorIds, remainingQueue } from '../search/search.service.js';
import { clientCaseManager } from '../users/case-manager.js';
import * as repo from './portfolios.repo.js';

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets'>;

type Role = 'editor' | 'client';
interface Opened {
  p: repo.PortfolioRow;
  as: Role;
}

const isClient = actsAsPortfolioClient;
const clientIdOf = portfolioClientId;

/**
 * Who may open a portfolio: its creator, its client, its manager and the managers it is shared
 * with. Anyone else, and any other center, gets 404 as if it did not exist.
 */
async function open(db: Db, auth: Auth, id: number): Promise<Opened> {
  const p = await repo.findPortfolio(db, id);
  if (!p) throw notFound();
  // The share lookup only when it can decide: a manager of the center who is not creator nor manager.
  const as =
    portfolioAccess(auth, p, false) ??
    (portfolioAccess(auth, p, true) && (await repo.isSharedWith(db, p.id, auth.userId)) ? 'editor' : null);
  if (!as) throw notFound();
  return { p, as };
}

/** A client acting on a portfolio the case manager moved away is sent to /noportfolio/1. */
function assertClientMayAct(o: Opened): void {
  if (o.as === 'client' && CLIENT_CLOSED_STATUSES.includes(o.p.status as PortfolioStatus)) {
    throw conflict(MSG.STATUS_CHANGED_BY_MANAGER, { status: o.p.status, redirect: '/noportfolio/1' });
  }
}

async function openEditable(db: Db, auth: Auth, id: number): Promise<Opened> {
  const o = await open(db, auth, id);
  if (o.as !== 'editor') throw forbidden();
  return o;
}

async function openForClientAction(db: Db, auth: Auth, id: number): Promise<Opened> {
  const o = await open(db, auth, id);
  assertClientMayAct(o);
  return o;
}

/** The donors the portfolio's client may see: only those may be added for them. */
async function clientVisibility(db: Db, auth: Auth, p: repo.PortfolioRow) {
  if (p.clientId === null) return donorVisibility(db, auth);
  const client = await repo.userById(db, p.clientId);
  if (!client) return donorVisibility(db, auth);
  return donorVisibility(db, {
    ...auth,
    userId: client.id,
    role: ROLE.CLIENT,
    centerId: client.centerId,
    parentId: client.parentId,
    managerId: client.managerId,
  });
}

const settingsOf = repo.centerSettingsOf;

function summary(row: repo.ListedPortfolio, as: Role): PortfolioSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status as PortfolioStatus,
    clientId: row.clientId,
    clientName: row.clientName,
    managerId: row.managerId,
    createdBy: row.createdBy,
    sharedBy: row.sharedBy,
    donorCount: row.donorCount,
    updatedAt: row.updatedAt.toISOString(),
    canEdit: as === 'editor',
  };
}

const link = (deps: Deps, path: string) => `${deps.config.publicUrl}/#${path}`;

// --- lists and status

/**
 * GET getshortlist: the caller's portfolios (archived ones only when asked). A client with no
 * portfolio and no case manager (none assigned, no default at the center) is answered 'nomanager':
 * the app shows "No case manager is assigned to you. Please contact your administrator" on
 * /noportfolio/2, since nobody could build her a portfolio.
 */
export async function list(deps: Deps, auth: Auth, includeArchived: boolean): Promise<PortfolioSummary[]> {
  const rows = await repo.listFor(
    deps.db,
    {
      userId: auth.userId,
      centerId: auth.centerId,
      client: isClient(auth),
      clientIds: [clientIdOf(auth)],
    },
    includeArchived && !isClient(auth),
  );
  if (rows.length === 0 && isClient(auth)) {
    const { manager } = await clientCaseManager(deps.db, auth.userId, auth.centerId);
    if (!manager) throw badRequest(MSG.NO_MANAGER_CODE);
  }
  return rows.map((r) => summary(r, isClient(auth) ? 'client' : 'editor'));
}

export async function status(deps: Deps, auth: Auth, id: number) {
  const { p } = await open(deps.db, auth, id);
  return { status: p.status as PortfolioStatus };
}

export async function updatedTime(deps: Deps, auth: Auth, id: number) {
  const { p } = await open(deps.db, auth, id);
  return { updatedAt: p.updatedAt.toISOString() };
}

// --- create, rename, copy, delete, status

export async function create(deps: Deps, auth: Auth, name: string): Promise<PortfolioSummary> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if ((await repo.pendingNewPortfolio(tx, auth.userId)) !== null)
      throw badRequest(MSG.ONE_PORTFOLIO_AT_A_TIME);
    const row = await repo.insertPortfolio(tx, {
      centerId: auth.centerId,
      name,
      status: 'Active',
      managerId: auth.userId,
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, auth, { action: 'portfolio.create', entityType: 'portfolio', entityId: row.id });
    return summary(await repo.listedById(tx, row.id, auth.userId), 'editor');
  });
}

export async function update(
  deps: Deps,
  auth: Auth,
  input: { id: number; name?: string; status?: PortfolioStatus },
): Promise<PortfolioSummary> {
  await openEditable(deps.db, auth, input.id);
  return deps.db.transaction(async (tx) => {
    await repo.updatePortfolio(tx, input.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      updatedAt: deps.clock.now(),
    });
    await audit(tx, auth, {
      action: 'portfolio.update',
      entityType: 'portfolio',
      entityId: input.id,
      details: { name: input.name !== undefined, status: input.status ?? null },
    });
    return summary(await repo.listedById(tx, input.id, auth.userId), 'editor');
  });
}

/**
 * PUT updateshortliststatus/{id}: a client submits (Active to Submitted) and the manager is
 * e-mailed; managers set the other statuses. Submitting is the client's alone.
 */
export async function setStatus(
  deps: Deps,
  auth: Auth,
  id: number,
  next: PortfolioStatus,
): Promise<{ status: PortfolioStatus }> {
  if (next === 'Submitted') {
    if (!isClient(auth)) throw badRequest(MSG.ONLY_CLIENT_SUBMITS);
    const o = await openForClientAction(deps.db, auth, id);
    if (o.p.status === 'Submitted') throw badRequest(MSG.PORTFOLIO_SUBMITTED_WARNING);
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      const row = await repo.submitIfActive(tx, id, now);
      if (!row) throw conflict(MSG.STATUS_CHANGED_BY_MANAGER, { redirect: '/noportfolio/1' });
      const managerId = o.p.managerId ?? o.p.createdBy;
      const manager = managerId ? await repo.userById(tx, managerId) : undefined;
      const client = await repo.userById(tx, auth.userId);
      if (manager) {
        await queueTemplatedMail(tx, deps.secrets, {
          centerId: o.p.centerId,
          emailTypeId: EMAIL_TYPE.PORTFOLIO_SUBMITTED,
          to: manager.username,
          vars: {
            recipient: fullNameOf(manager),
            client: client ? fullNameOf(client) : '',
            portfolio: o.p.name,
            link: link(deps, `/shortlist/${id}`),
          },
        });
      }
      await audit(tx, auth, { action: 'portfolio.submit', entityType: 'portfolio', entityId: id });
    });
    return { status: 'Submitted' };
  }
  if (isClient(auth)) throw forbidden();
  await update(deps, auth, { id, status: next });
  return { status: next };
}

export async function copy(deps: Deps, auth: Auth, id: number, newName: string): Promise<PortfolioSummary> {
  await openEditable(deps.db, auth, id);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertPortfolio(tx, {
      centerId: auth.centerId,
      name: newName,
      status: 'Active',
      managerId: auth.userId,
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    const donors = await repo.donorIdsOf(tx, id);
    await repo.appendDonors(
      tx,
      row.id,
      donors.map((d) => d.donorId),
      auth.userId,
      now,
    );
    await audit(tx, auth, {
      action: 'portfolio.copy',
      entityType: 'portfolio',
      entityId: row.id,
      details: { from: id },
    });
    return summary(await repo.listedById(tx, row.id, auth.userId), 'editor');
  });
}

export async function remove(deps: Deps, auth: Auth, id: number): Promise<void> {
  const { p } = await openEditable(deps.db, auth, id);
  // Only the creator or the client's manager deletes; a shared-with manager may not.
  if (p.createdBy !== auth.userId && p.managerId !== auth.userId) throw forbidden();
  await deps.db.transaction(async (tx) => {
    await repo.deletePortfolio(tx, id);
    await audit(tx, auth, { action: 'portfolio.delete', entityType: 'portfolio', entityId: id });
  });
}

// --- donors

async function assertRoom(db: Db, p: repo.PortfolioRow, adding: number, single: boolean): Promise<number> {
  const limit = (await settingsOf(db, p.centerId)).portfolioDonorCount;
  const current = await repo.countDonors(db, p.id);
  if (current + adding > limit) {
    throw badRequest(single ? portfolioLimitExceeded(limit) : portfolioLimitWarning(limit), { limit });
  }
  return limit;
}

/**
 * POST saveshortlist: adds a donor to the chosen portfolios and, with new_item, to a new one.
 * The donor must be visible to each portfolio's client; a submitted portfolio takes none.
 */
export async function addDonor(
  deps: Deps,
  auth: Auth,
  input: { donorId: number; portfolioIds: number[]; newName?: string },
): Promise<SaveShortlistAnswer> {
  const ids = [...new Set(input.portfolioIds)];
  if (ids.length === 0 && input.newName === undefined) throw badRequest(MSG.PORTFOLIO_PICK);
  const now = deps.clock.now();
  const opened: Opened[] = [];
  for (const id of ids) {
    const o = await openForClientAction(deps.db, auth, id);
    if (o.p.status === 'Submitted') throw badRequest(MSG.PORTFOLIO_SUBMITTED_ERROR);
    const visible = await repo.visibleAmong(
      deps.db,
      [input.donorId],
      await clientVisibility(deps.db, auth, o.p),
    );
    if (visible.length === 0) throw notFound();
    opened.push(o);
  }
  if (ids.length === 0) {
    const own = await repo.visibleAmong(deps.db, [input.donorId], await donorVisibility(deps.db, auth));
    if (own.length === 0) throw notFound();
  }
  return deps.db.transaction(async (tx) => {
    const added: number[] = [];
    let warning: string | null = null;
    for (const o of opened) {
      const limit = await assertRoom(tx, o.p, 1, true);
      const rows = await repo.appendDonors(tx, o.p.id, [input.donorId], auth.userId, now);
      if (rows.length === 0) throw badRequest(MSG.DONOR_ALREADY_IN_PORTFOLIO);
      await repo.touch(tx, o.p.id, now);
      if ((await repo.countDonors(tx, o.p.id)) >= limit) warning = portfolioLimitWarning(limit);
      added.push(o.p.id);
    }
    let created: number | null = null;
    if (input.newName !== undefined) {
      const client = isClient(auth);
      if (client && (await repo.openPortfolioOfClient(tx, clientIdOf(auth)))) {
        throw badRequest(MSG.MANAGER_ALREADY_SHARED);
      }
      if (!client && (await repo.pendingNewPortfolio(tx, auth.userId)) !== null) {
        throw badRequest(MSG.ONE_PORTFOLIO_AT_A_TIME);
      }
      const row = await repo.insertPortfolio(tx, {
        centerId: auth.centerId,
        name: input.newName,
        status: 'Active',
        clientId: client ? clientIdOf(auth) : null,
        managerId: client ? auth.managerId : auth.userId,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      });
      await repo.appendDonors(tx, row.id, [input.donorId], auth.userId, now);
      created = row.id;
    }
    await audit(tx, auth, {
      action: 'portfolio.donor.add',
      entityType: 'donor',
      entityId: input.donorId,
      details: { portfolios: added, created },
    });
    return { added, created, warning };
  });
}

export async function removeDonor(deps: Deps, auth: Auth, id: number, donorId: number): Promise<void> {
  await openEditable(deps.db, auth, id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.removeDonor(tx, id, donorId))) throw notFound();
    await repo.touch(tx, id, deps.clock.now());
    await audit(tx, auth, {
      action: 'portfolio.donor.remove',
      entityType: 'donor',
      entityId: donorId,
      details: { portfolio: id },
    });
  });
}

/**
 * POST updateprevieworder. Answers the rows changed: 0 when the portfolio can no longer change
 * (submitted or archived meanwhile), and the page then re-checks the status and reverts.
 */
export async function reorder(
  deps: Deps,
  auth: Auth,
  id: number,
  orders: { id: number; order: number }[],
): Promise<{ affectedRows: number }> {
  await openForClientAction(deps.db, auth, id);
  return deps.db.transaction(async (tx) => {
    const affectedRows = await repo.setPositions(tx, id, orders);
    if (affectedRows > 0) await repo.touch(tx, id, deps.clock.now());
    return { affectedRows };
  });
}

/** POST getdonorid: the ids a search finds, for saving it as a portfolio (under 150). */
export async function searchDonorIds(
  deps: Deps,
  auth: Auth,
  filters: SearchFilters,
): Promise<{ ids: number[]; count: number }> {
  const ids = await matchingDonorIds(deps, auth, filters, SAVE_SEARCH_PORTFOLIO_LIMIT);
  if (ids.length >= SAVE_SEARCH_PORTFOLIO_LIMIT) throw badRequest(MSG.SAVE_SEARCH_TOO_MANY);
  return { ids, count: ids.length };
}

/** POST savesearchasportfolio: the search's donors into a new portfolio or an existing one. */
export async function saveSearchAsPortfolio(
  deps: Deps,
  auth: Auth,
  input: { name?: string; portfolioId?: number; donorIds: number[] },
): Promise<SaveShortlistAnswer> {
  const donorIds = [...new Set(input.donorIds)];
  if (donorIds.length >= SAVE_SEARCH_PORTFOLIO_LIMIT) throw badRequest(MSG.SAVE_SEARCH_TOO_MANY);
  const now = deps.clock.now();
  let target: repo.PortfolioRow | null = null;
  if (input.portfolioId !== undefined) {
    target = (await openEditable(deps.db, auth, input.portfolioId)).p;
    if (target.status === 'Submitted') throw badRequest(MSG.PORTFOLIO_SUBMITTED_ERROR);
  }
  const visibility = target
    ? await clientVisibility(deps.db, auth, target)
    : await donorVisibility(deps.db, auth);
  const visible = new Set(await repo.visibleAmong(deps.db, donorIds, visibility));
  const ordered = donorIds.filter((d) => visible.has(d));
  return deps.db.transaction(async (tx) => {
    if (!target) {
      if ((await repo.pendingNewPortfolio(tx, auth.userId)) !== null)
        throw badRequest(MSG.ONE_PORTFOLIO_AT_A_TIME);
      target = await repo.insertPortfolio(tx, {
        centerId: auth.centerId,
        name: input.name!,
        status: 'Active',
        managerId: auth.userId,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      });
    }
    const existing = new Set((await repo.donorIdsOf(tx, target.id)).map((d) => d.donorId));
    const fresh = ordered.filter((d) => !existing.has(d));
    const limit = await assertRoom(tx, target, fresh.length, false);
    const added = await repo.appendDonors(tx, target.id, fresh, auth.userId, now);
    await repo.touch(tx, target.id, now);
    await audit(tx, auth, {
      action: 'portfolio.saveSearch',
      entityType: 'portfolio',
      entityId: target.id,
      details: { added: added.length },
    });
    const total = await repo.countDonors(tx, target.id);
    return {
      added,
      created: input.portfolioId === undefined ? target.id : null,
      warning: total >= limit ? portfolioLimitWarning(limit) : null,
    };
  });
}

// --- reading a portfolio

function sortDonors(rows: PortfolioDonor[], sort: PortfolioSort): PortfolioDonor[] {
  const by = (key: (d: PortfolioDonor) => number | string | null) =>
    [...rows].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x === y) return a.position - b.position;
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    });
  const rank = { yes: 0, maybe: 1, no: 2 } as const;
  switch (sort) {
    case 'order':
      return rows;
    case 'age':
      return by((d) => d.age);
    case 'height':
      return by((d) => d.heightCm);
    case 'feedback':
      return by((d) => (d.feedback ? rank[d.feedback] : null));
    case 'added':
      return by((d) => d.addedAt);
  }
}

async function donorsFor(deps: Deps, auth: Auth, p: repo.PortfolioRow): Promise<PortfolioDonor[]> {
  const rows = await repo.donorRows(deps.db, p.id, await donorVisibility(deps.db, auth));
  const now = deps.clock.now();
  return rows.map((r) => {
    const s = r.centerSettings;
    return {
      donorId: r.donorId,
      displayId: r.displayId,
      agencyDisplayId: r.agencyDisplayId,
      firstName: seesPortfolioDonorFirstName(auth, r.centerId, s.isFirstNameVisible)
        ? r.firstName || null
        : null,
      age: r.dateOfBirth ? ageFrom(r.dateOfBirth, now) : null,
      heightCm: r.heightCm,
      eyeColor: r.eyeColor,
      hairColor: r.hairColor,
      availability: r.availability,
      donorType: r.donorType,
      photoUrl: r.pictureId ? `/api/donorphoto/${r.pictureId}` : null,
      position: r.position,
      feedback: (r.feedback as Feedback | null) ?? null,
      remainingQueue: remainingQueue(r.queueCount, s),
      frozenRemainingQueue: remainingQueue(r.frozenQueueCount, s),
      addedAt: r.addedAt.toISOString(),
    };
  });
}

/** GET getshortlistdonors/{id}/populate (editors) and /preview/{sort} (editors and the client). */
export async function detail(
  deps: Deps,
  auth: Auth,
  id: number,
  mode: 'populate' | 'preview',
  sort: PortfolioSort = 'order',
): Promise<PortfolioDetail> {
  const o =
    mode === 'populate'
      ? await openEditable(deps.db, auth, id)
      : await openForClientAction(deps.db, auth, id);
  const donors = sortDonors(await donorsFor(deps, auth, o.p), sort);
  const own = await settingsOf(deps.db, auth.centerId);
  const settings = await settingsOf(deps.db, o.p.centerId);
  await audit(deps.db, auth, {
    action: 'portfolio.read',
    entityType: 'portfolio',
    entityId: id,
    details: { donors: donors.map((d) => d.donorId) },
  });
  return {
    portfolio: summary(await repo.listedById(deps.db, id, auth.userId), o.as),
    donors,
    counts: await repo.feedbackCounts(deps.db, id),
    canGiveFeedback: isClient(auth) && own.feedbackAllowed,
    donorLimit: settings.portfolioDonorCount,
  };
}

/** POST checkportfoliofirstview: true the first time the client opens it (and records that). */
export async function firstView(deps: Deps, auth: Auth, id: number): Promise<{ firstView: boolean }> {
  const o = await open(deps.db, auth, id);
  if (o.as !== 'client' || o.p.firstViewedAt) return { firstView: false };
  const row = await repo.markFirstViewed(deps.db, id, deps.clock.now());
  return { firstView: row !== undefined };
}

export async function remainingQueues(
  deps: Deps,
  auth: Auth,
  donorIds: number[],
): Promise<RemainingQueueItem[]> {
  const rows = await repo.queueRows(deps.db, [...new Set(donorIds)], await donorVisibility(deps.db, auth));
  return rows.map((r) => ({
    donorId: r.donorId,
    remainingQueue: clampQueue(r.queueCount),
    frozenRemainingQueue: clampQueue(r.frozenQueueCount),
  }));
}

/** 3 spots less the queued matches, never below 0 nor above 3 (search spec section 9). */
export const clampQueue = (queued: number) => Math.max(0, Math.min(3, 3 - queued));

// --- feedback and comments

export async function giveFeedback(
  deps: Deps,
  auth: Auth,
  input: { id: number; donorId: number; feedback: Feedback },
): Promise<FeedbackCounts> {
  const own = await settingsOf(deps.db, auth.centerId);
  if (!isClient(auth) || !own.feedbackAllowed) throw forbidden(MSG.FEEDBACK_DENIED);
  const o = await openForClientAction(deps.db, auth, input.id);
  if (o.p.status === 'Submitted') throw badRequest(MSG.PORTFOLIO_SUBMITTED_WARNING);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.setFeedback(tx, input.id, input.donorId, input.feedback, deps.clock.now())))
      throw notFound();
    await repo.touch(tx, input.id, deps.clock.now());
    await audit(tx, auth, {
      action: 'portfolio.feedback',
      entityType: 'donor',
      entityId: input.donorId,
      details: { portfolio: input.id, feedback: input.feedback },
    });
    return repo.feedbackCounts(tx, input.id);
  });
}

const noteView = (n: Awaited<ReturnType<typeof repo.notesOf>>[number]): PortfolioNote => ({
  id: n.id,
  donorId: n.donorId,
  userId: n.userId,
  userName: `${n.firstName ?? ''} ${n.lastName ?? ''}`.trim(),
  note: n.note,
  isOverall: n.isOverall,
  createdAt: n.createdAt.toISOString(),
});

export async function notes(deps: Deps, auth: Auth, id: number, donorId?: number): Promise<PortfolioNote[]> {
  await open(deps.db, auth, id);
  return (await repo.notesOf(deps.db, id, donorId)).map(noteView);
}

async function assertDonorIn(db: Db, portfolioId: number, donorId: number): Promise<void> {
  const ids = await repo.donorIdsOf(db, portfolioId);
  if (!ids.some((d) => d.donorId === donorId)) throw notFound();
}

/** POST insportfoliodonornote: one comment on a donor of the portfolio, or on the whole portfolio. */
export async function addComment(
  deps: Deps,
  auth: Auth,
  input: { id: number; donorId?: number; note: string; overall: boolean },
): Promise<PortfolioNote> {
  await openForClientAction(deps.db, auth, input.id);
  const overall = input.overall || input.donorId === undefined;
  if (!overall) await assertDonorIn(deps.db, input.id, input.donorId!);
  return deps.db.transaction(async (tx) => {
    const noteId = await repo.insertNote(tx, {
      portfolioId: input.id,
      donorId: overall ? null : input.donorId!,
      userId: auth.userId,
      note: input.note,
      isOverall: overall,
      createdAt: deps.clock.now(),
    });
    await repo.touch(tx, input.id, deps.clock.now());
    const [row] = (await repo.notesOf(tx, input.id)).filter((n) => n.id === noteId);
    return noteView(row!);
  });
}

/** POST insportfoliodonornotes: the same comment on one donor in several portfolios. */
export async function addCommentToMany(
  deps: Deps,
  auth: Auth,
  input: { ids: number[]; donorId: number; note: string },
): Promise<{ saved: number }> {
  const ids = [...new Set(input.ids)];
  for (const id of ids) {
    await openForClientAction(deps.db, auth, id);
    await assertDonorIn(deps.db, id, input.donorId);
  }
  await deps.db.transaction(async (tx) => {
    for (const id of ids) {
      await repo.insertNote(tx, {
        portfolioId: id,
        donorId: input.donorId,
        userId: auth.userId,
        note: input.note,
        createdAt: deps.clock.now(),
      });
      await repo.touch(tx, id, deps.clock.now());
    }
  });
  return { saved: ids.length };
}

// --- sharing

/** GET getclientsmailid/{clientId}: the e-mail of a client of the caller's center. */
export async function clientEmail(deps: Deps, auth: Auth, clientId: number): Promise<{ email: string }> {
  const client = await repo.userById(deps.db, clientId);
  if (!client || !isClientOfCallerCenter(auth, client)) throw notFound();
  return { email: client.username };
}

/**
 * POST shareshortlistprofile: e-mails the portfolio to its client. A portfolio without a client
 * becomes that client's, unless the client already has one in use.
 */
export async function shareWithClient(
  deps: Deps,
  auth: Auth,
  input: { id: number; to: string; message: string },
): Promise<PortfolioSummary> {
  const { p } = await openEditable(deps.db, auth, input.id);
  const client = await repo.userByUsername(deps.db, input.to);
  if (!client || !canSharePortfolioWithClient(auth, client)) {
    throw badRequest(MSG.INVALID_CLIENT);
  }
  if (p.clientId !== null && p.clientId !== client.id) throw badRequest(MSG.PORTFOLIO_HAS_CLIENT);
  const sender = await repo.userById(deps.db, auth.userId);
  return deps.db.transaction(async (tx) => {
    if (p.clientId === null) {
      if (await repo.openPortfolioOfClient(tx, client.id, p.id)) throw badRequest(MSG.PORTFOLIO_HAS_CLIENT);
      await repo.updatePortfolio(tx, p.id, { clientId: client.id, managerId: p.managerId ?? auth.userId });
    }
    await repo.touch(tx, p.id, deps.clock.now());
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: p.centerId,
      emailTypeId: EMAIL_TYPE.SHARE_PORTFOLIO_CLIENT,
      to: client.username,
      vars: {
        recipient: fullNameOf(client),
        sender: sender ? fullNameOf(sender) : '',
        portfolio: p.name,
        message: input.message,
        link: link(deps, `/previewshortlist/${p.id}`),
      },
    });
    await audit(tx, auth, {
      action: 'portfolio.shareClient',
      entityType: 'portfolio',
      entityId: p.id,
      details: { client: client.id },
    });
    return summary(await repo.listedById(tx, p.id, auth.userId), 'editor');
  });
}

async function targetManager(deps: Deps, auth: Auth, managerId: number) {
  const m = await repo.userById(deps.db, managerId);
  if (
    !m ||
    !canShareWithManager(auth, { userId: m.id, role: m.role, status: m.status, centerId: m.centerId })
  ) {
    throw badRequest(MSG.SELECT_MANAGER);
  }
  return m;
}

export async function shareWithManager(
  deps: Deps,
  auth: Auth,
  input: { id: number; managerId: number; message: string },
): Promise<SharedManager[]> {
  const { p } = await openEditable(deps.db, auth, input.id);
  const m = await targetManager(deps, auth, input.managerId);
  const sender = await repo.userById(deps.db, auth.userId);
  await deps.db.transaction(async (tx) => {
    const fresh = await repo.insertShare(tx, {
      portfolioId: p.id,
      managerId: m.id,
      sharedBy: auth.userId,
      sharedAt: deps.clock.now(),
    });
    if (fresh) {
      await queueTemplatedMail(tx, deps.secrets, {
        centerId: p.centerId,
        emailTypeId: EMAIL_TYPE.SHARE_PORTFOLIO_MANAGER,
        to: m.username,
        vars: {
          recipient: fullNameOf(m),
          sender: sender ? fullNameOf(sender) : '',
          portfolio: p.name,
          message: input.message,
          link: link(deps, `/shortlist/${p.id}`),
        },
      });
    }
    await audit(tx, auth, {
      action: 'portfolio.shareManager',
      entityType: 'portfolio',
      entityId: p.id,
      details: { manager: m.id },
    });
  });
  return sharedTo(deps, auth, p.id);
}

export async function unshare(
  deps: Deps,
  auth: Auth,
  id: number,
  managerId: number,
): Promise<SharedManager[]> {
  await openEditable(deps.db, auth, id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteShare(tx, id, managerId))) throw notFound();
    await audit(tx, auth, {
      action: 'portfolio.unshare',
      entityType: 'portfolio',
      entityId: id,
      details: { manager: managerId },
    });
  });
  return sharedTo(deps, auth, id);
}

export async function sharedTo(deps: Deps, auth: Auth, id: number): Promise<SharedManager[]> {
  await openEditable(deps.db, auth, id);
  return (await repo.sharesOf(deps.db, id)).map((r) => ({
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    sharedAt: r.sharedAt.toISOString(),
  }));
}

/** POST shortlistupdatenotification: tells the client the portfolio changed. */
export async function notifyUpdate(deps: Deps, auth: Auth, id: number): Promise<void> {
  const { p } = await openEditable(deps.db, auth, id);
  if (p.clientId === null) throw badRequest(MSG.INVALID_CLIENT);
  const client = await repo.userById(deps.db, p.clientId);
  const sender = await repo.userById(deps.db, auth.userId);
  if (!client) throw notFound();
  await deps.db.transaction(async (tx) => {
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: p.centerId,
      emailTypeId: EMAIL_TYPE.PORTFOLIO_UPDATED,
      to: client.username,
      vars: {
        recipient: fullNameOf(client),
        sender: sender ? fullNameOf(sender) : '',
        portfolio: p.name,
        link: link(deps, `/previewshortlist/${p.id}`),
      },
    });
    await audit(tx, auth, { action: 'portfolio.notify', entityType: 'portfolio', entityId: p.id });
  });
}

// --- Pre-Active clients

/** A Pre-Active client's question or consultation request, stored and mailed to their manager. */
export async function askManager(
  deps: Deps,
  auth: Auth,
  input: { type: IpQueryType; query: string; donorId?: number },
): Promise<{ id: number }> {
  if (!isClient(auth)) throw forbidden();
  const { client, manager } = await clientCaseManager(deps.db, auth.userId, auth.centerId);
  if (!manager) throw badRequest(MSG.NO_CASE_MANAGER);
  let donorLabel = '-';
  if (input.donorId !== undefined) {
    const [visible] = await repo.visibleDonorIds(
      deps.db,
      [input.donorId],
      await donorVisibility(deps.db, auth),
    );
    if (!visible) throw notFound();
    donorLabel = donorDisplayId(visible);
  }
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertQuery(tx, {
      centerId: auth.centerId,
      userId: auth.userId,
      donorId: input.donorId ?? null,
      queryType: input.type,
      query: input.query,
      createdAt: deps.clock.now(),
    });
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: auth.centerId,
      emailTypeId: EMAIL_TYPE.IP_QUERY,
      to: manager.username,
      vars: {
        recipient: fullNameOf(manager),
        client: client ? fullNameOf(client) : '',
        query_type: input.type === 'ask_question' ? 'question' : 'consultation request',
        donor: donorLabel,
        message: input.query,
      },
    });
    return { id };
  });
}

// --- download

const HEADERS: [string, number][] = [
  ['Order', 8],
  ['Donor ID', 14],
  ['First name', 16],
  ['Age', 8],
  ['Height (cm)', 12],
  ['Eye color', 12],
  ['Hair color', 12],
  ['Availability', 22],
  ['Donor type', 12],
  ['Remaining queue', 16],
  ['Feedback', 10],
];

/** POST downloadportfolio: the portfolio as an .xlsx, base64. First names only where allowed. */
export async function download(
  deps: Deps,
  auth: Auth,
  input: { id: number; sort: PortfolioSort; order: 'asc' | 'desc'; isFirstNameVisible: boolean },
): Promise<{ fileName: string; data: string } | null> {
  const o = await openForClientAction(deps.db, auth, input.id);
  let donors = sortDonors(await donorsFor(deps, auth, o.p), input.sort);
  if (input.order === 'desc') donors = [...donors].reverse();
  if (donors.length === 0) return null;
  const book = new ExcelJS.Workbook();
  book.created = deps.clock.now();
  const sheet = book.addWorksheet('Portfolio');
  const headers = HEADERS.filter(([h]) => input.isFirstNameVisible || h !== 'First name');
  sheet.columns = headers.map(([header, width]) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  donors.forEach((d, i) => {
    const cells: (string | number | null)[] = [
      i + 1,
      donorDisplayId(d),
      ...(input.isFirstNameVisible ? [d.firstName ?? ''] : []),
      d.age,
      d.heightCm,
      d.eyeColor,
      d.hairColor,
      d.availability,
      d.donorType,
      d.remainingQueue,
      d.feedback ?? '',
    ];
    sheet.addRow(cells);
  });
  const buffer = await book.xlsx.writeBuffer();
  await audit(deps.db, auth, {
    action: 'portfolio.download',
    entityType: 'portfolio',
    entityId: input.id,
    details: { donors: donors.length },
  });
  const safe = o.p.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'portfolio';
  return { fileName: `${safe}.xlsx`, data: Buffer.from(buffer).toString('base64') };
}

/**
 * GET getdonorfeedback/{id}: the feedback clients gave this donor in portfolios, where the
 * caller's center takes feedback (search spec: clients of the consumer-type centers give it,
 * their case managers see it). A client sees her own; a case manager that of the portfolios he
 * may open, an admin that of her center. Other centers and roles answer an empty list.
 */
export async function donorFeedback(deps: Deps, auth: Auth, donorId: number): Promise<DonorFeedbackEntry[]> {
  await assertDonorVisible(deps.db, auth, donorId);
  const scope = donorFeedbackScope(auth);
  if (!scope || !(await settingsOf(deps.db, auth.centerId)).feedbackAllowed) return [];
  const rows = await repo.donorFeedback(
    deps.db,
    donorId,
    scope === 'client'
      ? { clientId: clientIdOf(auth) }
      : scope === 'center'
        ? { centerId: auth.centerId }
        : { managerId: auth.userId, centerId: auth.centerId },
  );
  return rows.map((r) => ({
    portfolioId: r.portfolioId,
    portfolioName: r.portfolioName,
    clientName: r.clientFirstName === null ? null : `${r.clientFirstName} ${r.clientLastName ?? ''}`.trim(),
    feedback: r.feedback as DonorFeedbackEntry['feedback'],
    feedbackAt: r.feedbackAt?.toISOString() ?? null,
  }));
}
