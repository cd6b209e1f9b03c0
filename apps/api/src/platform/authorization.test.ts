import {
  type AccessSubject,
  accessSubjectOf,
  canCancelSubscription,
  canManageOfflinePayments,
  canReadOthersProfiles,
  canSeeStaffList,
  decidePage,
  isClient,
  isPayer,
  MSG,
  PAGES,
  type PageKey,
  ROLE,
} from '@dm/shared';
import { eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, users } from '../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../test/harness.js';

/**
 * Sweeps every documented API route: each must declare its access, and the access hook must
 * answer exactly as the shared role -> page table decides. app.ts writes each route's access
 * into its OpenAPI description ("Access: public." / "any signed-in user" / "pages: a, b"), so the
 * document is the list of routes with their declared access. A route hidden from the document
 * and without access is still refused by the hook (403 for everyone).
 */
const DEMO_USERS = [
  'master@demo.test',
  'admin@demo.test',
  'manager@demo.test',
  'parent@demo.test',
  'donor@demo.test',
] as const;

/**
 * Routes whose service narrows the roles its pages let in by a shared policy (and answers 403 to
 * the rest): a role the policy refuses must get 403 too. Each entry names the one policy the
 * service applies, so the sweep stays exact.
 */
const NARROWED_BY_POLICY: Record<string, (subject: AccessSubject) => boolean> = {
  // The staff list of /editprofile: admins and case managers (spec: "the staff list is for manager and admin").
  'GET /api/getstaffdetails': canSeeStaffList,
  // Another user's profile (the sweep asks for user 1, the master): staff only; one's own is
  // GET getuserbyuserid without an id.
  'GET /api/getuserbyuserid/1': (subject) => subject.role === ROLE.MASTER || canReadOthersProfiles(subject),
  // Submitting the IP form: the parent herself (case managers open it in preview only).
  'GET /api/ipformsubmission': isClient,
  // Payments: the payer (a primary parent of a center with payments), not the case
  // manager the purchase page also admits, nor anyone else /editprofile admits.
  ...Object.fromEntries(
    [
      'GET /api/payment-services/public-key',
      'GET /api/getmanagerid',
      'GET /api/verifycouponcode/1',
      'GET /api/fetchsubpricingplan',
      'GET /api/iseligibleforpurchase',
      'GET /api/checksubscriptionstatus',
      'GET /api/fetchbills',
      'POST /api/reactivatecanceledsubs',
    ].map((route) => [route, isPayer]),
  ),
  'POST /api/cancelsubscription': canCancelSubscription,
  // The offline view of payment history: the admin of an agency with payments.
  'POST /api/fetchallofflinepaymenthistorybydonorcenter': canManageOfflinePayments,
  'POST /api/fetchofflinepaymentscsv': canManageOfflinePayments,
};

interface RouteAccess {
  method: HTTPMethods;
  url: string;
  access: 'public' | 'signedIn' | PageKey[] | null;
}

let t: TestApp;
let routes: RouteAccess[];
const subjects = new Map<string, AccessSubject>();

beforeAll(async () => {
  t = await startTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
  routes = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const declared = op.description?.match(/Access: ([^.]+)\./)?.[1];
      const access: RouteAccess['access'] =
        declared === undefined
          ? null
          : declared === 'public'
            ? 'public'
            : declared === 'any signed-in user'
              ? 'signedIn'
              : (declared.replace(/^pages: /, '').split(', ') as PageKey[]);
      // Path parameters get a harmless value: the check runs before the handler looks at them.
      routes.push({
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/\{[^}]+\}/g, '1'),
        access,
      });
    }
  }
  for (const username of DEMO_USERS) {
    const [row] = await t.db
      .select({ user: users, center: centers })
      .from(users)
      .innerJoin(centers, eq(centers.id, users.centerId))
      .where(eq(users.username, username));
    const { user, center } = row!;
    subjects.set(username, accessSubjectOf(user, center));
  }
});
afterAll(() => t.close());

const call = async (route: RouteAccess, username: string | null) =>
  t.request({
    method: route.method,
    url: route.url,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    // A fresh session per call: nothing a route does to a session leaks into the next call.
    as: username ? await t.freshToken(username) : null,
  });

describe('route access', () => {
  it('finds the auth and user routes', () => {
    const urls = routes.map((r) => r.url);
    for (const url of ['/api/authenticate', '/api/me', '/api/inviteuser', '/api/authadmin']) {
      expect(urls).toContain(url);
    }
  });

  it('every API route declares its access with known pages', () => {
    const missing = routes.filter((r) => r.access === null).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    for (const route of routes) {
      if (Array.isArray(route.access))
        for (const page of route.access) expect(Object.keys(PAGES)).toContain(page);
    }
  });

  it('answers 401 to anonymous callers of every non-public route', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await call(route, null);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(body(res).message).toBe(MSG.NO_TOKEN);
    }
  });

  it('answers 403 exactly to the roles the page table refuses', async () => {
    for (const route of routes) {
      const pages = route.access;
      if (!Array.isArray(pages)) continue;
      for (const username of DEMO_USERS) {
        const subject = subjects.get(username)!;
        const narrowed = NARROWED_BY_POLICY[`${route.method} ${route.url}`];
        const pageAllowed = pages.some((page) => decidePage(subject, page).allowed);
        const allowed = pageAllowed && (narrowed?.(subject) ?? true);
        const res = await call(route, username);
        const label = `${route.method} ${route.url} as ${username}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(403);
          // The page table's refusal says Unauthorized; a policy's may say why.
          if (!pageAllowed) expect(body(res).message).toBe(MSG.UNAUTHORIZED);
        }
      }
    }
    // Every route times every demo account: a few thousand requests on a busy machine.
  }, 180_000);
});
