import { SSO_QUERY_PARAM } from '@dm/shared';

/** Where the partner's token waits between the page load and the login page (one tab, once). */
const STORAGE_KEY = 'dm.ssoToken';

/**
 * A partner sends the browser to the login page with its signed token in the query string
 * (`#/login?sso_token=…` or `?sso_token=…#/login`, decision 019). The token is stored in session
 * storage and taken out of the address at once, so it stays out of the history, bookmarks and
 * the Referer of later requests; the login page then uses it (takeSsoToken). Runs before the
 * router reads the address.
 */
export function captureSsoToken(win: Window = window): void {
  const url = new URL(win.location.href);
  const [route, hashQuery = ''] = url.hash.replace(/^#/, '').split('?');
  const inHash = new URLSearchParams(hashQuery);
  const token = url.searchParams.get(SSO_QUERY_PARAM) ?? inHash.get(SSO_QUERY_PARAM);
  if (token === null) return;
  try {
    win.sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage refused (private mode): the token is dropped with the address below.
  }
  url.searchParams.delete(SSO_QUERY_PARAM);
  inHash.delete(SSO_QUERY_PARAM);
  const rest = inHash.toString();
  url.hash = `${route || '/login'}${rest ? `?${rest}` : ''}`;
  win.history.replaceState(win.history.state, '', url.toString());
}

/** The stored partner token, removed as it is read: it is used once. */
export function takeSsoToken(win: Window = window): string | null {
  try {
    const token = win.sessionStorage.getItem(STORAGE_KEY);
    win.sessionStorage.removeItem(STORAGE_KEY);
    return token;
  } catch {
    return null;
  }
}

/** Whether the browser may be sent to a partner login page the server named: an http(s) address only. */
export function isPartnerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
