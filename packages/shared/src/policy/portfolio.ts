import { ROLE } from '../roles.js';
import { isClient, type PolicySubject } from './subject.js';

/** The facts of a portfolio the rules read. */
export interface PortfolioFacts {
  centerId: number;
  clientId: number | null;
  createdBy: number | null;
  managerId: number | null;
}

/** A secondary parent works on the primary parent's portfolio. */
export const portfolioClientId = (s: PolicySubject): number => s.parentId ?? s.userId;

/**
 * Who may open a portfolio, and as what: its client (or the client who created it) as
 * 'client'; its creator, its manager and the managers it is shared with as 'editor'. Anyone
 * else, and any other center, gets null (answered 404 as if it did not exist).
 */
export function portfolioAccess(
  s: PolicySubject,
  p: PortfolioFacts,
  sharedWithCaller: boolean,
): 'client' | 'editor' | null {
  if (p.centerId !== s.centerId) return null;
  if (isClient(s)) return p.clientId === portfolioClientId(s) || p.createdBy === s.userId ? 'client' : null;
  if (s.role !== ROLE.MANAGER) return null;
  if (p.createdBy === s.userId || p.managerId === s.userId || sharedWithCaller) return 'editor';
  return null;
}

/** Only a client submits a portfolio, gives feedback on it and asks for more donors. */
export const actsAsPortfolioClient = (s: PolicySubject): boolean => isClient(s);

/** A client has one portfolio, from the case manager: she may start one only while none is open. */
export const mayStartPortfolio = (s: PolicySubject, clientHasOpenPortfolio: boolean): boolean =>
  !isClient(s) || !clientHasOpenPortfolio;

/** A donor's first name in a portfolio: the case managers of her own center, or where her center shows it. */
export const seesPortfolioDonorFirstName = (s: PolicySubject, donorCenterId: number, centerShows: boolean) =>
  (s.role === ROLE.MANAGER && donorCenterId === s.centerId) || centerShows;

/** A portfolio is shared (and its client's e-mail read) only with a client of the caller's center. */
export const isClientOfCallerCenter = (s: PolicySubject, u: { role: number; centerId: number }): boolean =>
  u.role === ROLE.CLIENT && u.centerId === s.centerId;

export const canSharePortfolioWithClient = (
  s: PolicySubject,
  u: { role: number; centerId: number; status: string },
): boolean => isClientOfCallerCenter(s, u) && u.status !== 'Archived';

/**
 * Whose portfolio feedback on a donor the caller reads: a client her own portfolios', an admin
 * her center's, a case manager the portfolios he may open; other roles none.
 */
export function donorFeedbackScope(s: PolicySubject): 'client' | 'center' | 'manager' | null {
  if (isClient(s)) return 'client';
  if (s.role === ROLE.ADMIN) return 'center';
  return s.role === ROLE.MANAGER ? 'manager' : null;
}

/** A Pre-Active client meets the add-to-portfolio button as the consultation question. */
export const isPreActiveClient = (s: { role: number; status: string }): boolean =>
  s.role === ROLE.CLIENT && s.status === 'Pre-Active';
