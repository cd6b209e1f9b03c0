import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer (issue 16). The web app is Vite's bundle with no
 * inline script and no third-party origin, so scripts come from the app's own origin only.
 * - style-src 'unsafe-inline': Mantine and the altcha widget write style attributes and elements.
 * - img-src data: blob:: icons drawn as data URLs and photo previews before upload.
 * - object-src and frame-src blob:: the donor PDF is shown in an <object> on a blob URL, which
 *   chromium frames (a chromium e2e run caught it under default-src); media-src blob: for videos.
 * - worker-src blob:: the altcha widget solves its proof of work in workers made from blobs.
 * - connect-src adds the WebSocket origin of PUBLIC_URL (ws: or wss:) for the socket at
 *   /api/socket.io (issue 20): CSP 3 lets 'self' match it, older browsers (Safari before 15.4)
 *   did not.
 * - frame-ancestors 'none': no other site may frame the app (with X-Frame-Options: DENY).
 * The OpenAPI UI at /api/docs (swagger-ui, static files only) works under the same policy.
 */
export function contentSecurityPolicy(https: boolean, publicUrl?: string): Record<string, string[]> {
  const socketOrigin = publicUrl ? new URL(publicUrl).origin.replace(/^http/, 'ws') : null;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...(socketOrigin ? [socketOrigin] : [])],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The security headers of every answer (issue 16), as helmet writes them for this app's options:
 * worked out once at start-up. @fastify/helmet ran helmet's whole set-up, the policy's parsing
 * included, again on every request (a tenth of the CPU of GET /health, issue 19); the headers do
 * not depend on the request.
 */
export function securityHeaders(
  https: boolean,
  publicUrl?: string,
): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const collect = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https, publicUrl) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600 } : false,
  })({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Sets the security headers on every answer, the web app's files, errors and 404s included. */
export function installSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = securityHeaders(publicUrl.startsWith('https:'), publicUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
