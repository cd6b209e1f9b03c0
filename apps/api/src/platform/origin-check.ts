import { MSG, SESSION_COOKIE, TOKEN_HEADER } from '@dm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

/** The methods that may change state; GET and HEAD never do (a test walks the routes). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard: may this state-changing request act for the caller?
 * - An Origin header decides: the origin of PUBLIC_URL or of the request's own Host is the app
 *   itself (a center served on its own host included); anything else, `null` included, is not.
 * - Without Origin, Sec-Fetch-Site decides: only `same-origin` (or `none`, typed by the user).
 * - With neither the request is not from a browser that could be tricked (every browser sends
 *   Origin on a cross-site POST): allowed unless it would act with the session cookie. Scripts
 *   and tests authenticate with the x-access-token header, or not at all (login).
 */
export function sameOriginRequest(request: FastifyRequest, publicOrigin: string): boolean {
  return sameOriginHeaders(
    {
      origin: request.headers.origin,
      secFetchSite: request.headers['sec-fetch-site'],
      host: request.host,
      headerToken: request.headers[TOKEN_HEADER],
      sessionCookie: request.cookies?.[SESSION_COOKIE],
    },
    publicOrigin,
  );
}

/**
 * The rule of `sameOriginRequest` over the values it reads, so the socket handshake
 * (platform/realtime-socket.ts), which is no Fastify request, applies the very same one.
 */
export function sameOriginHeaders(
  seen: {
    origin: string | string[] | undefined;
    secFetchSite: string | string[] | undefined;
    host: string | undefined;
    headerToken: string | string[] | undefined;
    sessionCookie: string | undefined;
  },
  publicOrigin: string,
): boolean {
  const { origin } = seen;
  if (typeof origin === 'string' && origin.length > 0) {
    if (origin === publicOrigin) return true;
    try {
      return new URL(origin).host === seen.host;
    } catch {
      return false;
    }
  }
  const site = seen.secFetchSite;
  if (typeof site === 'string' && site.length > 0) return site === 'same-origin' || site === 'none';
  const headerToken = seen.headerToken;
  if (typeof headerToken === 'string' && headerToken.length > 0) return true;
  return !seen.sessionCookie;
}

/** One onRequest hook, before the access hook, refuses every cross-site state change with 403. */
export function installOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  // Synchronous (done): an async hook costs a promise on every request, GETs included.
  app.addHook('onRequest', (request, _reply, done) => {
    if (STATE_CHANGING.has(request.method) && !sameOriginRequest(request, publicOrigin)) {
      return done(forbidden(MSG.CROSS_SITE_REFUSED));
    }
    done();
  });
}
