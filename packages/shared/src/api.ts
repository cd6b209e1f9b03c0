/** The one response envelope of every API call (ARCHITECTURE.md, platform.md section 7). */
export interface Envelope<T = unknown> {
  status: 'success' | 'error';
  message: string;
  data: T;
}

/** Login outcomes of platform.md section 4. */
export type LoginOutcome =
  | { outcome: 'success'; user: import('./session.js').SessionUser; token: string; destination: string }
  | { outcome: 'showCaptcha' }
  | { outcome: 'archivedClient' }
  | { outcome: 'redirectPartnerLogin'; url: string };
