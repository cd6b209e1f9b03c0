import {
  EMAIL_TYPE,
  MSG,
  type PortfolioStatus,
  type PortfolioSummary,
  portfolioLimitExceeded,
  portfolioLimitWarning,
  SAVE_SEARCH_PORTFOLIO_LIMIT,
  type SaveShortlistAnswer,
  type SearchFilters,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { fullNameOf } from '../../platform/session-user.js';
import { donorVisibility } from '../donor-access/index.js';
import { matchingDonorIds } from '../search/search.service.js';
import { clientCaseManager } from '../users/case-manager.js';
import {
  clientIdOf,
  clientVisibility,
  type Deps,
  isClient,
  link,
  type Opened,
  open,
  openEditable,
  openForClientAction,
  settingsOf,
  summary,
} from './portfolios.access.js';
import * as repo from './portfolios.repo.js';

export type { Deps };

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
