import { eq } from 'drizzle-orm';
import { donors, users } from '../db/schema/index.js';
import { startTestApp, type TestApp } from './harness.js';

/** The demo's new donor (pre-form just accepted) and its donor with a filled form. */
export const NEW = 'newdonor@demo.test';
export const DONOR = 'donor@demo.test';

/**
 * A test app for the donor form tests, with the ids of the new donor and the demo donor. The
 * pre-form is another module's; the new donor starts just after an accepted one.
 */
export async function startDonorFormApp(): Promise<{ t: TestApp; newId: number; donorId: number }> {
  const t = await startTestApp();
  const idOf = async (username: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const newId = await idOf(NEW);
  const donorId = await idOf(DONOR);
  await t.db.update(donors).set({ preFormStatus: 1 }).where(eq(donors.userId, newId));
  return { t, newId, donorId };
}

/** POST and GET on /api/<url> as a user (or anonymous). */
export function apiCalls(app: () => TestApp) {
  const post = (url: string, payload: unknown, as?: string) =>
    app().request({ method: 'POST', url: `/api/${url}`, payload: payload as Record<string, unknown>, as });
  const get = (url: string, as?: string) => app().request({ method: 'GET', url: `/api/${url}`, as });
  return { post, get };
}
