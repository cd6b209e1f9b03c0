import {
  accessSubjectOf,
  decidePage,
  EDUCATION_RESOURCE_TYPES,
  MAPPING_ITEM_KEYS,
  PAGES,
  PAYMENT_ITEM,
  type PageKey,
  PUBLIC_PAGES,
  pagePath,
  ROLE,
  ROLE_LABEL,
  ROLE_PAGES,
  type RoleId,
  type SessionUser,
} from '@dm/shared';
import type { Page } from 'playwright-core';
import { sameOrigin } from './browser.js';

/**
 * The accessibility walk: every page of the shared page table (packages/shared
 * pages.ts) for every role that may open it, so a page added to the table later is walked
 * without touching the scenario. Which account of a role opens a page is decided by the same
 * decidePage the router uses; the ids in a page's address are those a real user has, asked of
 * the API as the account itself.
 */

/** The accounts of the walk, per role in the order tried: the first that may open a page walks it. */
export const WALK_ACCOUNTS: readonly { role: RoleId; username: string; why: string }[] = [
  { role: ROLE.MASTER, username: 'master@demo.test', why: 'master admin' },
  // Case managers first: the center-1 donor id they find is the one the agency admin opens.
  { role: ROLE.MANAGER, username: 'manager@demo.test', why: 'case manager of center 1' },
  { role: ROLE.MANAGER, username: 'manager111@demo.test', why: 'case manager of the payments center (111)' },
  { role: ROLE.ADMIN, username: 'admin@demo.test', why: 'agency admin of center 1' },
  { role: ROLE.ADMIN, username: 'admin111@demo.test', why: 'agency admin of the payments center (111)' },
  { role: ROLE.CLIENT, username: 'parent@demo.test', why: 'primary intended parent of center 1' },
  {
    role: ROLE.CLIENT,
    username: 'coachparent111@demo.test',
    why: 'Active primary intended parent of the payments center (111), which compares donors',
  },
  { role: ROLE.DONOR, username: 'donor@demo.test', why: 'donor of center 1, pre-form accepted' },
];

/**
 * Pages the walk cannot open, with the reason; printed by the scenario and listed in
 * docs/accessibility.md. Keep it short: a page named here is not proven.
 */
export const WALK_SKIPS: Partial<Record<PageKey, string>> = {
  // The page exists for the role but only as a redirect target: an Active client with a
  // portfolio is sent on by it, so it is walked only for what it shows (no skip needed).
};

/** The ids a real user of an account has, asked of the API as that account. */
export interface WalkIds {
  userId: number;
  donorId?: number;
  portfolioId?: number;
  clientId?: number;
}

async function json<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res =
    method === 'GET'
      ? await page.request.get(url)
      : await page.request.post(url, { data, headers: sameOrigin() });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The signed-in account as /api/me answers, and its access subject as the web builds it. */
export async function me(page: Page): Promise<SessionUser> {
  return json<SessionUser>(page, 'GET', '/api/me');
}

export function subjectOf(user: SessionUser) {
  return accessSubjectOf(user, {
    ...user.center,
    settings: {
      compareDonors: user.center.compareDonors,
      canPreactiveIpAccessDonorDetail: user.center.preActiveDonorDetails,
    },
  });
}

/** The ids the account's own pages take: a donor it may see, its portfolio, one of its clients. */
export async function idsOf(page: Page, user: SessionUser, known: Partial<WalkIds>): Promise<WalkIds> {
  const ids: WalkIds = { ...known, userId: user.userId };
  const subject = subjectOf(user);
  if (user.role === ROLE.DONOR) {
    ids.donorId = (await json<{ donorId: number }>(page, 'GET', '/api/getdonorhome')).donorId;
    return ids;
  }
  if (decidePage(subject, 'search').allowed) {
    const list = await json<{ rows: { id: number }[] }>(page, 'POST', '/api/getdonorlist', {
      minage: 18,
      maxage: 60,
      recordcount: 25,
      centers: [user.center.id],
    });
    if (list.rows[0]) ids.donorId = list.rows[0].id;
  }
  if (decidePage(subject, 'portfoliolistpage').allowed || user.role === ROLE.CLIENT) {
    const portfolios = await json<{ id: number }[]>(page, 'GET', '/api/getshortlist').catch(() => []);
    if (portfolios[0]) ids.portfolioId = portfolios[0].id;
    else if (user.shortlistId) ids.portfolioId = user.shortlistId;
  }
  if (user.role === ROLE.MANAGER) {
    const clients = await json<{ userId: number }[]>(page, 'GET', '/api/getclientchatlist');
    if (clients[0]) ids.clientId = clients[0].userId;
  }
  return ids;
}

type Params = Record<string, string | number>;

/**
 * The parameters of a page's address for an account, or null when the account has no such id
 * (then the page is tried with the next account of the role, or reported as not walked).
 */
export function paramsOf(key: PageKey, role: RoleId, ids: WalkIds): Params | null {
  const need = (value: number | undefined, name: string): Params | null =>
    value === undefined ? null : { [name]: value };
  switch (key) {
    case 'signup':
      // An invented sign-up token: the page shows that the link is not valid (what a stale link shows).
      return { token: 'walk-not-a-token' };
    case 'verifyuser':
      return { token: '000000', newEmail: 'walk@example.test' };
    case 'userregister':
      return { usertype: ROLE.CLIENT };
    case 'unsubscribe':
      return { userid: 0, username: 'walk@example.test' };
    case 'shortlist':
    case 'portfolio':
    case 'previewshortlist':
      return need(ids.portfolioId, 'id');
    case 'noportfolio':
      return { id: 1 };
    case 'donordetails':
    case 'pdfpreview':
      return need(ids.donorId, 'id');
    case 'donormessages':
      return need(ids.donorId, 'donorId');
    case 'donorform':
    case 'preform':
      // The donor opens her own form; staff open a donor's.
      return role === ROLE.DONOR ? {} : need(ids.donorId, 'id');
    case 'ipform':
      if (role === ROLE.CLIENT) return {};
      return ids.clientId === undefined ? null : { id: ids.clientId, mode: 'preview' };
    case 'message-history':
      return need(ids.clientId, 'id');
    case 'education-resources':
      return { resourcetype: EDUCATION_RESOURCE_TYPES[0] };
    case 'mapping':
      return { item: MAPPING_ITEM_KEYS[0]! };
    case 'purchaseproducts':
      return { item: PAYMENT_ITEM.COACHING, count: 1 };
    default:
      // Every other page has no required parameter: pagePath leaves optional ones out.
      return PAGES[key].path.split('/').some((s) => s.startsWith(':') && !s.endsWith('?')) ? null : {};
  }
}

/** What the walk found on one page for one role. */
export interface WalkResult {
  page: PageKey;
  role: RoleId | 'anonymous';
  account: string;
  path: string;
  /** The route the browser ended on (a page may send the account on, e.g. /noportfolio). */
  landed: string;
  axe: string[];
  /** Texts under the contrast they need, at rest or under the pointer (contrast.ts). */
  contrast: string[];
  /** How long the contrast measure took (its share of the walk's time). */
  contrastMs: number;
  narrow?: string;
  zoom?: string;
  ms: number;
}

/** Every (page, role) pair the table allows, with anonymous for the public pages. */
export function tablePairs(): { page: PageKey; role: RoleId | 'anonymous' }[] {
  const pairs: { page: PageKey; role: RoleId | 'anonymous' }[] = PUBLIC_PAGES.map((page) => ({
    page,
    role: 'anonymous',
  }));
  for (const role of Object.values(ROLE) as RoleId[])
    for (const page of ROLE_PAGES[role]) pairs.push({ page, role });
  return pairs;
}

export function roleName(role: RoleId | 'anonymous'): string {
  return role === 'anonymous' ? 'Anonymous' : ROLE_LABEL[role];
}

export { decidePage, pagePath };
