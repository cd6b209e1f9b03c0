import {
  actsAsPortfolioClient,
  canSharePortfolioWithClient,
  donorFeedbackScope,
  isClientOfCallerCenter,
  isPreActiveClient,
  mayStartPortfolio,
  portfolioAccess,
  portfolioClientId,
  ROLE,
  seesPortfolioDonorFirstName,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OTHER, OWN, subject } from './subjects.js';

// Caller ids: 100 (the subjects'); the portfolio's client 100 or 200, creator/manager 100 or 300.
const portfolio = (own: { client?: boolean; creator?: boolean; manager?: boolean }) => ({
  centerId: OWN,
  clientId: own.client ? 100 : 200,
  createdBy: own.creator ? 100 : 300,
  managerId: own.manager ? 100 : 300,
});

describe('portfolio policy (packages/shared/src/policy/portfolio.ts)', () => {
  // access as: its client, its creator, its manager, shared with, none of these
  const table: Record<string, (string | null)[]> = {
    'master own': [null, null, null, null, null],
    'master other': [null, null, null, null, null],
    'admin own': [null, null, null, null, null],
    'admin other': [null, null, null, null, null],
    'manager own': [null, 'editor', 'editor', 'editor', null],
    'manager other': [null, null, null, null, null],
    'client own': ['client', 'client', null, null, null],
    'client other': [null, null, null, null, null],
    'donor own': [null, null, null, null, null],
    'donor other': [null, null, null, null, null],
  };
  it.each(everyone())('access for %s', (label, s) => {
    const got = [
      portfolioAccess(s, portfolio({ client: true }), false),
      portfolioAccess(s, portfolio({ creator: true }), false),
      portfolioAccess(s, portfolio({ manager: true }), false),
      portfolioAccess(s, portfolio({}), true),
      portfolioAccess(s, portfolio({}), false),
    ];
    expect(got, label).toEqual(table[label]);
    expect(actsAsPortfolioClient(s)).toBe(s.role === ROLE.CLIENT);
    expect(mayStartPortfolio(s, true)).toBe(s.role !== ROLE.CLIENT);
    expect(mayStartPortfolio(s, false)).toBe(true);
    expect(seesPortfolioDonorFirstName(s, OWN, false)).toBe(s.role === ROLE.MANAGER && s.centerId === OWN);
    expect(seesPortfolioDonorFirstName(s, OWN, true)).toBe(true);
    expect(donorFeedbackScope(s)).toBe(
      s.role === ROLE.CLIENT
        ? 'client'
        : s.role === ROLE.ADMIN
          ? 'center'
          : s.role === ROLE.MANAGER
            ? 'manager'
            : null,
    );
  });

  it('a secondary parent works on the primary parent portfolio', () => {
    const secondary = { ...subject(ROLE.CLIENT, OWN, 101), parentId: 100 };
    expect(portfolioClientId(secondary)).toBe(100);
    expect(portfolioAccess(secondary, portfolio({ client: true }), false)).toBe('client');
    expect(portfolioClientId(subject(ROLE.CLIENT))).toBe(100);
  });

  it('shares only with an active client of the caller center', () => {
    const s = subject(ROLE.MANAGER, OWN);
    const client = { role: ROLE.CLIENT, centerId: OWN, status: 'Active' };
    expect(isClientOfCallerCenter(s, client)).toBe(true);
    expect(isClientOfCallerCenter(s, { ...client, centerId: OTHER })).toBe(false);
    expect(isClientOfCallerCenter(s, { ...client, role: ROLE.DONOR })).toBe(false);
    expect(canSharePortfolioWithClient(s, client)).toBe(true);
    expect(canSharePortfolioWithClient(s, { ...client, status: 'Archived' })).toBe(false);
    expect(isPreActiveClient({ role: ROLE.CLIENT, status: 'Pre-Active' })).toBe(true);
    expect(isPreActiveClient({ role: ROLE.CLIENT, status: 'Active' })).toBe(false);
    expect(isPreActiveClient({ role: ROLE.MANAGER, status: 'Pre-Active' })).toBe(false);
  });
});
