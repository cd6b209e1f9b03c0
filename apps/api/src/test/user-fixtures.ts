import type { RoleId } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { TestApp } from './harness.js';

/**
 * Makes users for one test each, so tests do not lean on each other's changes: `<prefix><n>@users.test`
 * named `<Prefix><n> <lastName>`, with the file's defaults for what a test does not say.
 */
export function userMaker(
  app: () => TestApp,
  defaults: { prefix: string; status: string; lastName: string; contactNo?: string; passwordHash?: string },
) {
  let seq = 0;
  const first = defaults.prefix[0]!.toUpperCase() + defaults.prefix.slice(1);
  async function makeUser(over: {
    role: RoleId;
    centerId?: number;
    status?: string;
    managerId?: number | null;
    parentId?: number | null;
    firstName?: string;
  }): Promise<number> {
    seq += 1;
    const [row] = await app()
      .db.insert(users)
      .values({
        username: `${defaults.prefix}${seq}@users.test`,
        role: over.role,
        status: over.status ?? defaults.status,
        centerId: over.centerId ?? 1,
        firstName: over.firstName ?? `${first}${seq}`,
        lastName: defaults.lastName,
        managerId: over.managerId ?? null,
        parentId: over.parentId ?? null,
        ...(defaults.contactNo !== undefined ? { contactNo: defaults.contactNo } : {}),
        ...(defaults.passwordHash !== undefined ? { passwordHash: defaults.passwordHash } : {}),
      })
      .returning({ id: users.id });
    return row!.id;
  }
  /** How many users it made: the last one is `<prefix><count>@users.test`. */
  return Object.defineProperty(makeUser as typeof makeUser & { readonly count: number }, 'count', {
    get: () => seq,
  });
}

/** A user's row by id. */
export function userById(app: () => TestApp) {
  return async (id: number) => (await app().db.select().from(users).where(eq(users.id, id)))[0]!;
}
