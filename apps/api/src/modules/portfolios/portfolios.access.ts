import {
  actsAsPortfolioClient,
  CLIENT_CLOSED_STATUSES,
  MSG,
  type PortfolioStatus,
  type PortfolioSummary,
  portfolioAccess,
  portfolioClientId,
  ROLE,
} from '@dm/shared';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { donorVisibility } from '../donor-access/index.js';
import * as repo from './portfolios.repo.js';

// Who may open a portfolio and as what: every part of the portfolios module goes through this.

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'config' | 'secrets' | 'realtime'>;

export type Role = 'editor' | 'client';
export interface Opened {
  p: repo.PortfolioRow;
  as: Role;
}

export const isClient = actsAsPortfolioClient;
export const clientIdOf = portfolioClientId;

/**
 * Who may open a portfolio: its creator, its client, its manager and the managers it is shared
 * with. Anyone else, and any other center, gets 404 as if it did not exist.
 */
export async function open(db: Db, auth: Auth, id: number): Promise<Opened> {
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
export function assertClientMayAct(o: Opened): void {
  if (o.as === 'client' && CLIENT_CLOSED_STATUSES.includes(o.p.status as PortfolioStatus)) {
    throw conflict(MSG.STATUS_CHANGED_BY_MANAGER, { status: o.p.status, redirect: '/noportfolio/1' });
  }
}

export async function openEditable(db: Db, auth: Auth, id: number): Promise<Opened> {
  const o = await open(db, auth, id);
  if (o.as !== 'editor') throw forbidden();
  return o;
}

export async function openForClientAction(db: Db, auth: Auth, id: number): Promise<Opened> {
  const o = await open(db, auth, id);
  assertClientMayAct(o);
  return o;
}

/** The donors the portfolio's client may see: only those may be added for them. */
export async function clientVisibility(db: Db, auth: Auth, p: repo.PortfolioRow) {
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

export const settingsOf = repo.centerSettingsOf;

export function summary(row: repo.ListedPortfolio, as: Role): PortfolioSummary {
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

export const link = (deps: Deps, path: string) => `${deps.config.publicUrl}/#${path}`;
