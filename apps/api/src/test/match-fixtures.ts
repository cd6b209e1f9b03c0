import { ROLE } from '@dm/shared';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { donors, matchEvents, matches, users } from '../db/schema/index.js';
import { donorVisibility } from '../modules/donor-access/donor-access.js';
import { resolveSession } from '../platform/auth-context.js';
import type { TestApp } from './harness.js';

/**
 * The match workflow tests' helpers over one test app (read once started): extra parents, fresh
 * donors (each handed out once), the API calls and the rows they leave.
 */
export function matchFixtures(app: () => TestApp) {
  async function userId(username: string): Promise<number> {
    const [u] = await app().db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return u!.id;
  }

  /** Extra active intended parents of a center (the demo has one per center). */
  async function makeParents(centerId: number, n: number, tag: string): Promise<number[]> {
    const t = app();
    const [manager] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.centerId, centerId), eq(users.role, ROLE.MANAGER)))
      .limit(1);
    const rows = await t.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          username: `${tag}${i}.c${centerId}@parents.test`,
          role: ROLE.CLIENT,
          status: 'Active',
          centerId,
          firstName: 'Pat',
          lastName: `${tag}${i}`,
          managerId: manager?.id ?? null,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  }

  const used = new Set<number>();
  /** An Available synthetic donor of a center (visible to parent@demo.test at center 1), never used twice. */
  async function freshDonor(centerId = 1): Promise<number> {
    const t = app();
    const viewer = centerId === 1 ? 'parent@demo.test' : `manager${centerId}@demo.test`;
    const auth = await resolveSession(t.db, t.clock, await t.tokenFor(viewer));
    const rows = await t.db
      .select({ id: donors.userId })
      .from(donors)
      .innerJoin(users, eq(users.id, donors.userId))
      .where(
        and(
          eq(donors.centerId, centerId),
          eq(donors.availability, 'Available'),
          eq(donors.queueCount, 0),
          sql`${donors.donationCount} < 4`,
          like(users.username, '%@synthetic.test'),
          await donorVisibility(t.db, auth),
        ),
      )
      .orderBy(asc(donors.userId))
      .limit(60);
    const id = rows.map((r) => r.id).find((x) => !used.has(x));
    if (!id) throw new Error('no donor left');
    used.add(id);
    return id;
  }

  const post = (url: string, payload: unknown, as?: string) =>
    app().request({ method: 'POST', url: `/api/${url}`, payload: payload as Record<string, unknown>, as });
  const get = (url: string, as?: string) => app().request({ method: 'GET', url: `/api/${url}`, as });

  async function donorRow(id: number) {
    const [d] = await app().db.select().from(donors).where(eq(donors.userId, id));
    return d!;
  }
  async function matchesOf(donorId: number) {
    return app().db.select().from(matches).where(eq(matches.donorId, donorId)).orderBy(asc(matches.id));
  }
  async function eventsOf(matchId: number) {
    return app()
      .db.select()
      .from(matchEvents)
      .where(eq(matchEvents.matchId, matchId))
      .orderBy(asc(matchEvents.id));
  }

  const request = (donorId: number, as = 'parent@demo.test') =>
    post('startmatchrequest', { donor_id: donorId }, as);
  const staffAct = (url: string, donorId: number, parent: number, extra: Record<string, unknown> = {}) =>
    post(url, { donor_id: donorId, parent_id: parent, ...extra }, 'manager@demo.test');

  return { userId, makeParents, freshDonor, post, get, donorRow, matchesOf, eventsOf, request, staffAct };
}
