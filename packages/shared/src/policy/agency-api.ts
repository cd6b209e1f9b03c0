import type { ApiKeyScope } from '../agency-api.js';
import type { PageKey } from '../pages.js';
import { ROLE } from '../roles.js';
import type { PolicySubject } from './subject.js';

/**
 * Who manages a center's API keys and webhooks (decision 028): its agency admins, and
 * the master admin for any center. A caller that is itself an API key never does.
 */
export const managesAgencyApi = (
  s: Pick<PolicySubject, 'role' | 'centerId'> & { apiKeyId?: number | null },
  centerId: number,
): boolean => !s.apiKeyId && (s.role === ROLE.MASTER || (s.role === ROLE.ADMIN && s.centerId === centerId));

/**
 * Pages of a person rather than of the agency: their routes answer or change the caller's own
 * account (profile, picture, notifications, e-mail change, chat), or manage keys and webhooks.
 * An API key never calls them.
 */
export const PERSONAL_PAGES: readonly PageKey[] = [
  'editprofile',
  'viewprofile',
  'profileimg',
  'notifications',
  'verifyuser',
  'messageroom',
  'apikeys',
  'webhooks',
];

/** What the access layer knows of a route when an API key calls it. */
export interface KeyedRoute {
  method: string;
  /** The pages the route declares; null for a public or any-signed-in route (sign-in, session, password). */
  pages: readonly PageKey[] | null;
  /** A POST route that only reads (search lists): a read-only key may call it. */
  reads: boolean;
}

/**
 * Whether a key of this scope may call the route, and if not why. A key calls only routes that
 * declare pages, through its pages that are not personal (`keyPages`); a read-only key only GET
 * (and HEAD) routes and the POST routes marked as only reading.
 */
export function keyMayCall(scope: ApiKeyScope, route: KeyedRoute): 'ok' | 'people-only' | 'read-only' {
  if (keyPages(route.pages).length === 0) return 'people-only';
  if (scope === 'write') return 'ok';
  const method = route.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || route.reads) return 'ok';
  return 'read-only';
}

/** The pages of a route a key may reach it through: its declared pages less the personal ones. */
export const keyPages = (pages: readonly PageKey[] | null): PageKey[] =>
  (pages ?? []).filter((page) => !PERSONAL_PAGES.includes(page));
