import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer. The web app is Vite's bundle with no
 * inline script and no third-party origin, so scripts come from the app's own origin only.
 * - style-src 'unsafe-inline': Mantine and the altcha widget write style attributes and elements.
 * - img-src data: blob:: icons drawn as data URLs and photo previews before upload.
 * - object-src and frame-src blob:: the donor PDF is shown in an <object> on a blob URL, which
 *   chromium frames (a chromium e2e run caught it under default-src); media-src blob: for videos.
 * - worker-src blob:: the altcha widget solves its proof of work in workers made from blobs.
 * - connect-src adds the WebSocket origin of PUBLIC_URL (ws: or wss:) for the socket at
 *   /api/socket.io: CSP 3 lets 'self' match it, older browsers (Safari before 15.4)
 *   did not.
 * - frame-ancestors 'none': no other site may frame the app (with X-Frame-Options: DENY).
 * - With PAYMENT_PROVIDER=stripe, Stripe.js and its card fields: script, frames and
 *   requests of Stripe's own origins (the card number is typed into Stripe's frame, never ours).
 * The OpenAPI UI at /api/docs (swagger-ui, static files only) works under the same policy.
 */
export function contentSecurityPolicy(
  https: boolean,
  publicUrl?: string,
  stripe = false,
): Record<string, string[]> {
  const socketOrigin = publicUrl ? new URL(publicUrl).origin.replace(/^http/, 'ws') : null;
  const stripeJs = stripe ? ['https://js.stripe.com'] : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...stripeJs],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'blob:', ...stripeJs, ...(stripe ? ['https://hooks.stripe.com'] : [])],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: [
      "'self'",
      ...(socketOrigin ? [socketOrigin] : []),
      ...(stripe ? ['https://api.stripe.com'] : []),
    ],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The security headers of every answer, as helmet writes them for this app's options:
 * worked out once at start-up. @fastify/helmet ran helmet's whole set-up, the policy's parsing
 * included, again on every request (a tenth of the CPU of GET /health); the headers do
 * not depend on the request.
 */
export function securityHeaders(
  https: boolean,
  publicUrl?: string,
  stripe = false,
): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const collect = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(https, publicUrl, stripe),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600 } : false,
  })({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** What every answer carries besides the security headers (the build's version header). */
export interface AnswerHeaders {
  /** The app's public address: https turns on HSTS, and the socket's ws(s): origin comes from it. */
  publicUrl: string;
  /** Headers of every answer, e.g. the build's version. */
  always?: ReadonlyArray<readonly [string, string]>;
  /** PAYMENT_PROVIDER=stripe: the policy lets Stripe.js and its card frames in. */
  stripe?: boolean;
}

/**
 * Sets the security headers (and `always`) on every answer, the web app's files, errors and 404s
 * included, and `Cache-Control: no-store` on API answers: a route that chooses otherwise (a
 * donor's photo, a file download) sets its own with `reply.header`, which wins over these
 * (Fastify passes its headers to writeHead, which gives them precedence). One synchronous hook
 * with the values worked out at start: an async onSend hook per answer for the version and
 * cache headers cost more than the headers themselves.
 */
export function installSecurityHeaders(app: FastifyInstance, answer: AnswerHeaders): void {
  const https = answer.publicUrl.startsWith('https:');
  const headers = [...securityHeaders(https, answer.publicUrl, answer.stripe), ...(answer.always ?? [])];
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    if (request.url.startsWith('/api/')) raw.setHeader('cache-control', 'no-store');
    done();
  });
}
