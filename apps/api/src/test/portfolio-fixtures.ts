import { and, eq, like, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { donors, portfolioDonors, portfolios, users } from '../db/schema/index.js';
import { donorVisibility } from '../modules/donor-access/donor-access.js';
import { resolveSession } from '../platform/auth-context.js';
import { DEMO_PORTFOLIO_NAME } from '../seed/portfolios.js';
import { body, type TestApp } from './harness.js';

/** The demo case manager and intended parent the portfolio tests act as. */
export const M = 'manager@demo.test';
export const P = 'parent@demo.test';

/**
 * The portfolio tests' helpers over one test app (read once started): requests as a user, the
 * donors a client may see, and portfolios made through the API or straight in the database.
 */
export function portfolioFixtures(app: () => TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as?: string) =>
    app().request({ method, url, payload: payload as Record<string, unknown> | undefined, as });

  async function userId(username: string): Promise<number> {
    const [u] = await app().db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return u!.id;
  }

  /** Synthetic donors of a center that this client may see. */
  async function visibleTo(username: string, centerId: number, limit: number): Promise<number[]> {
    const t = app();
    const auth = await resolveSession(t.db, t.clock, await t.tokenFor(username));
    const rows = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(
        and(
          eq(donors.centerId, centerId),
          like(users.username, '%@synthetic.test'),
          await donorVisibility(t.db, auth),
        ),
      )
      .orderBy(donors.userId)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async function hiddenFromParent(): Promise<number> {
    const [row] = await app()
      .db.select({ id: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(
        and(
          eq(donors.centerId, 1),
          sql`${donors.availability} not in ('Available', 'Unavailable', 'In Cycle', 'Under Review', 'On Hold', 'Reserved', 'Available Donor Changes Pending Review', 'Rejected Form Changes')`,
        ),
      )
      .limit(1);
    return row!.id;
  }

  async function create(name: string, as = M): Promise<number> {
    const res = await call('POST', '/api/createportfolio', { name }, as);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ id: number }>(res).data.id;
  }

  async function addDonor(id: number, donorId: number, as = M) {
    return call('POST', '/api/saveshortlist', { donor_id: donorId, shortlist_ids: [id] }, as);
  }

  async function demoPortfolio(): Promise<number> {
    const [row] = await app().db.select().from(portfolios).where(eq(portfolios.name, DEMO_PORTFOLIO_NAME));
    return row!.id;
  }

  /** A fresh portfolio of manager@demo.test for parent@demo.test with the given donors, by SQL. */
  async function portfolioFor(clientUsername: string | null, donorIds: number[], managerUsername = M) {
    const t = app();
    const managerId = await userId(managerUsername);
    const clientId = clientUsername ? await userId(clientUsername) : null;
    const [center] = await t.db
      .select({ centerId: users.centerId })
      .from(users)
      .where(eq(users.id, managerId));
    const [row] = await t.db
      .insert(portfolios)
      .values({ centerId: center!.centerId, name: 'Fixture', clientId, managerId, createdBy: managerId })
      .returning();
    if (donorIds.length > 0) {
      await t.db
        .insert(portfolioDonors)
        .values(donorIds.map((donorId, position) => ({ portfolioId: row!.id, donorId, position })));
    }
    return row!.id;
  }

  /** Archives every portfolio of the client so a new one can be given to them. */
  async function freeClient(username: string) {
    await app()
      .db.update(portfolios)
      .set({ status: 'Archived' })
      .where(eq(portfolios.clientId, await userId(username)));
  }

  return {
    call,
    userId,
    visibleTo,
    hiddenFromParent,
    create,
    addDonor,
    demoPortfolio,
    portfolioFor,
    freeClient,
  };
}
