import { type AccessSubject, decidePage, ROLE, type RoleId, searchFilters } from '@dm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customizedQuestions,
  donorNotes,
  donorPictures,
  donors,
  matches,
  portfolioNotes,
  portfolios,
  savedSearches,
  users,
} from '../db/schema/index.js';
import { resolveApiKey } from '../platform/api-key-auth.js';
import { resolveSession } from '../platform/auth-context.js';
import { startTestApp, type TestApp } from './harness.js';
import {
  fieldsOf,
  isIdName,
  listRoutes,
  reactivate,
  routeName,
  type SweepRoute,
  sampleRequest,
  toInject,
} from './openapi-sweep.js';

/**
 * Every route of the OpenAPI document, called by each role of center 1 with every
 * id-like param or field pointing at objects of ANOTHER center (85) whose names, e-mails,
 * notes, portfolio names and question texts carry a marker. Fails on any 2xx whose body shows
 * that marker (the master admin works across centers and is left out of that check) and on
 * any 2xx from a route whose declared pages the role may not open.
 */
const OTHER = 85;
const MARK = 'XMK85';
let t: TestApp;
/** Center 1's account of each role; the master admin goes last since her writes do land. */
const CALLERS: [RoleId, string][] = [
  [ROLE.DONOR, 'donor@demo.test'],
  [ROLE.MANAGER, 'manager@demo.test'],
  [ROLE.ADMIN, 'admin@demo.test'],
  [ROLE.CLIENT, 'parent@demo.test'],
  [ROLE.MASTER, 'master@demo.test'],
];
const other = {
  donor: 0,
  parent: 0,
  manager: 0,
  admin: 0,
  portfolio: 0,
  question: 0,
  note: 0,
  portfolioNote: 0,
  picture: 0,
  match: 0,
  savedSearch: 0,
};

async function idOf(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  other.parent = await idOf(`parent${OTHER}@demo.test`);
  other.manager = await idOf(`manager${OTHER}@demo.test`);
  other.admin = await idOf(`admin${OTHER}@demo.test`);
  const [donor] = await t.db
    .select({ id: donors.userId })
    .from(donors)
    .where(and(eq(donors.centerId, OTHER), eq(donors.availability, 'Available')))
    .limit(1);
  other.donor = donor!.id;

  // The other center's objects, created where the seed has none, then marked.
  const [portfolio] = await t.db
    .insert(portfolios)
    .values({ centerId: OTHER, name: `${MARK} portfolio`, clientId: other.parent, managerId: other.manager })
    .returning({ id: portfolios.id });
  other.portfolio = portfolio!.id;
  const [question] = await t.db
    .insert(customizedQuestions)
    .values({
      centerId: OTHER,
      question: `${MARK} question?`,
      questionKey: `${MARK.toLowerCase()}question?`,
      tab: 'general',
    })
    .returning({ id: customizedQuestions.id });
  other.question = question!.id;
  const [note] = await t.db
    .insert(donorNotes)
    .values({ donorId: other.donor, centerId: OTHER, managerId: other.manager, note: `${MARK} staff note` })
    .returning({ id: donorNotes.id });
  other.note = note!.id;
  const [portfolioNote] = await t.db
    .insert(portfolioNotes)
    .values({
      portfolioId: other.portfolio,
      donorId: other.donor,
      userId: other.parent,
      note: `${MARK} parent note`,
    })
    .returning({ id: portfolioNotes.id });
  other.portfolioNote = portfolioNote!.id;
  const [match] = await t.db
    .insert(matches)
    .values({
      donorId: other.donor,
      parentId: other.parent,
      managerId: other.manager,
      donorCenterId: OTHER,
      parentCenterId: OTHER,
      status: 'Pending',
      requestedAt: t.clock.now(),
      statusChangedAt: t.clock.now(),
    })
    .returning({ id: matches.id });
  other.match = match!.id;
  const [search] = await t.db
    .insert(savedSearches)
    .values({ userId: other.parent, name: `${MARK} search`, filters: searchFilters.parse({}) })
    .returning({ id: savedSearches.id });
  other.savedSearch = search!.id;
  const [picture] = await t.db
    .select({ id: donorPictures.id })
    .from(donorPictures)
    .innerJoin(donors, eq(donors.userId, donorPictures.donorId))
    .where(eq(donors.centerId, OTHER))
    .limit(1);
  other.picture = picture?.id ?? 0;

  // Every person of the other center: marked names and e-mails; its donors' ids; its questions.
  await t.db.execute(sql`
    update users set first_name = ${`${MARK}F`} || id, last_name = ${`${MARK}L`} || id,
      username = ${`${MARK.toLowerCase()}.`} || id || '@other.test'
    where center_id = ${OTHER}`);
  await t.db.execute(sql`
    update donors set display_id = ${`${MARK}-D`} || user_id, agency_display_id = ${`${MARK}-A`} || user_id
    where center_id = ${OTHER}`);
  await t.db.execute(
    sql`update customized_questions set question = ${`${MARK} `} || question where center_id = ${OTHER}`,
  );
  await t.db.execute(sql`
    update donor_notes set note = ${`${MARK} `} || note
    where donor_id in (select user_id from donors where center_id = ${OTHER})`);
  await t.db.execute(sql`update portfolios set name = ${`${MARK} `} || name where center_id = ${OTHER}`);
});
afterAll(() => t.close());

/**
 * The other center's object for an id-like field, by the field's name and the route's path.
 * `people` picks which of its people a user id names: its donor, its parent or its manager.
 */
function otherId(name: string, path: string, people: 'donor' | 'parent' | 'manager'): number {
  const n = name.toLowerCase();
  const p = path.toLowerCase();
  const generic = n === 'id' || n === 'ids';
  if (
    n.includes('portfolio') ||
    n.includes('shortlist') ||
    (generic && /portfolio|shortlist|sharedtolist/.test(p))
  )
    return other.portfolio;
  if (n.includes('question') || (generic && p.includes('question'))) return other.question;
  if (n.includes('note')) return p.includes('portfolio') ? other.portfolioNote : other.note;
  if (/pic|picture|file|doc/.test(n)) return other.picture;
  if (n.includes('match')) return other.match;
  if (n.includes('search') || (generic && p.includes('search'))) return other.savedSearch;
  if (/center|agency|adm/.test(n) || (generic && /center|agency|allowedorganization/.test(p))) return OTHER;
  if (n.includes('client') || n.includes('parent')) return other.parent;
  if (n.includes('manager')) return other.manager;
  return other[people];
}

const hasIdField = (route: SweepRoute) => fieldsOf(route).some((f) => isIdName(f.name));

interface Finding {
  role: RoleId;
  route: string;
  status: number;
  why: string;
}

/** Who calls: a person of center 1 by session, or one of center 1's API keys. */
interface Caller {
  role: RoleId;
  label: string;
  /** The caller's access subject, for whether its pages are allowed. */
  subject: AccessSubject;
  /** The headers of one request (a fresh session for a person: a route may end or switch it). */
  headers(): Promise<Record<string, string>>;
}

/** Every route as each caller, `peopleSets` of id guesses each: the findings. */
async function sweep(callers: readonly Caller[]): Promise<Finding[]> {
  const routes = listRoutes(t.app);
  expect(routes.length).toBeGreaterThan(200);
  const findings: Finding[] = [];
  const started = performance.now();
  let requests = 0;
  for (const caller of callers) {
    for (const route of routes) {
      const mayOpen =
        !('pages' in route.access) ||
        route.access.pages.some((page) => decidePage(caller.subject, page).allowed);
      const peopleSets = hasIdField(route) ? (['donor', 'parent', 'manager'] as const) : (['donor'] as const);
      let succeeded = false;
      for (const people of peopleSets) {
        const sample = sampleRequest(route, { idFor: (name) => otherId(name, route.path, people) });
        const injected = toInject(route, sample);
        const res = await t.app.inject({
          ...injected,
          headers: {
            ...(injected.headers as Record<string, string> | undefined),
            ...(await caller.headers()),
          },
        });
        requests++;
        if (res.statusCode < 400) succeeded = true;
        if (res.statusCode < 200 || res.statusCode >= 300) continue;
        if (!mayOpen) {
          findings.push({
            role: caller.role,
            route: routeName(route),
            status: res.statusCode,
            why: `${caller.label}: page not allowed`,
          });
        }
        if (caller.role !== ROLE.MASTER && res.body.toUpperCase().includes(MARK)) {
          const at = res.body.toUpperCase().indexOf(MARK);
          findings.push({
            role: caller.role,
            route: routeName(route),
            status: res.statusCode,
            why: `${caller.label}: marker shown (${people} ids): …${res.body.slice(Math.max(0, at - 80), at + 40)}…`,
          });
        }
      }
      // A refused call changed nothing; one that went through may have archived its caller.
      if (succeeded) await reactivate(t.db, CALLERS);
    }
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  console.info(
    `isolation sweep: ${routes.length} routes x ${callers.length} callers, ${requests} requests in ${seconds} s`,
  );
  return findings;
}

describe("another center's objects on every route, as each role of center 1", () => {
  it('no 2xx shows their markers, and no role gets 2xx from a page it may not open', {
    timeout: 900_000,
  }, async () => {
    const callers: Caller[] = [];
    for (const [role, username] of CALLERS) {
      const subject = (await resolveSession(t.db, t.clock, await t.tokenFor(username))).subject;
      callers.push({
        role,
        label: username,
        subject,
        headers: async () => ({ 'x-access-token': await t.freshToken(username) }),
      });
    }
    expect(await sweep(callers)).toEqual([]);
  });

  it("with center 1's API keys, read-only and read-write (one made by the master admin): the same", {
    timeout: 900_000,
  }, async () => {
    const callers: Caller[] = [];
    for (const [scope, maker] of [
      ['read', 'admin@demo.test'],
      ['write', 'master@demo.test'],
    ] as const) {
      const made = await t.request({
        method: 'POST',
        url: '/api/apikeys',
        payload: { name: `Sweep ${scope}`, scope, center_id: 1 },
        as: await t.tokenFor(maker),
      });
      const { secret } = (made.json() as { data: { secret: string } }).data;
      const auth = await resolveApiKey(t.db, t.clock, secret, null);
      // A key is a caller of its center with an agency admin's reach, whoever made it.
      expect(auth.role).toBe(ROLE.ADMIN);
      callers.push({
        role: ROLE.ADMIN,
        label: `${scope} key`,
        subject: auth.subject,
        headers: async () => ({ authorization: `Bearer ${secret}` }),
      });
    }
    expect(await sweep(callers)).toEqual([]);
  });
});
