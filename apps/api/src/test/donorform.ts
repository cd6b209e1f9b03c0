import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { donors, users } from '../db/schema/index.js';
import { startTestApp, type TestApp } from './harness.js';

/** The donor form tests' app and the two demo donors they fill in. */
export interface DonorFormApp {
  t: TestApp;
  /** newdonor@demo.test, just past an accepted pre-form. */
  newId: number;
  /** donor@demo.test, with the complete profile the seed gives her. */
  donorId: number;
}

/**
 * A test app whose new donor starts the form: the pre-form is another module's, so her status is
 * set to just after an accepted one.
 */
export async function startDonorFormApp(): Promise<DonorFormApp> {
  const t = await startTestApp();
  const idOf = async (username: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const newId = await idOf('newdonor@demo.test');
  const donorId = await idOf('donor@demo.test');
  await t.db.update(donors).set({ preFormStatus: 1 }).where(eq(donors.userId, newId));
  return { t, newId, donorId };
}

/** POST and GET /api/<url> as a demo user (anonymous without one), on the app the file started. */
export function apiCalls(app: () => TestApp): {
  post: (url: string, payload: unknown, as?: string) => Promise<LightMyRequestResponse>;
  get: (url: string, as?: string) => Promise<LightMyRequestResponse>;
} {
  return {
    post: (url, payload, as) =>
      app().request({ method: 'POST', url: `/api/${url}`, payload: payload as Record<string, unknown>, as }),
    get: (url, as) => app().request({ method: 'GET', url: `/api/${url}`, as }),
  };
}
