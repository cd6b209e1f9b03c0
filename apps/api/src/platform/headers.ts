/**
 * The Content-Security-Policy of every answer (issue 16). The web app is Vite's bundle with no
 * inline script and no third-party origin, so scripts come from the app's own origin only.
 * - style-src 'unsafe-inline': Mantine and the altcha widget write style attributes and elements.
 * - img-src data: blob:: icons drawn as data URLs and photo previews before upload.
 * - object-src and frame-src blob:: the donor PDF is shown in an <object> on a blob URL, which
 *   chromium frames (a chromium e2e run caught it under default-src); media-src blob: for videos.
 * - worker-src blob:: the altcha widget solves its proof of work in workers made from blobs.
 * - frame-ancestors 'none': no other site may frame the app (with X-Frame-Options: DENY).
 * The OpenAPI UI at /api/docs (swagger-ui, static files only) works under the same policy.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
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
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}
