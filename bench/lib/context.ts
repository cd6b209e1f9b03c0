import { DEMO_PASSWORD } from '@dm/shared';
import type { buildApp } from '../../apps/api/src/app.js';
import type { Config } from '../../apps/api/src/platform/config.js';
import type { Database } from '../../apps/api/src/platform/db.js';
import type { Result } from './measure.js';

/** What every section measures with: the app in process, its database and the admin's token. */
export interface Bench {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  /** The app's configuration (a section may build a second app with changes). */
  config: Config;
  /** The admin's token (admin@demo.test). */
  token: string;
  donorCount: number;
  /** Each section adds its rows; run.ts prints them as one table at the end. */
  results: Result[];
  /** A token for a demo account; a new login ends that account's other session. */
  loginToken: (username: string) => Promise<string>;
}

export function ok(res: { statusCode: number; body: string }, what: string): void {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
}

export function tokenLogin(app: Bench['app']): (username: string) => Promise<string> {
  return async (username) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/authenticate',
      // A script asks for the token; the browser only ever gets the httpOnly cookie.
      payload: { username, password: DEMO_PASSWORD, issueToken: true },
    });
    ok(res, `authenticate ${username}`);
    return res.json().data.token;
  };
}
