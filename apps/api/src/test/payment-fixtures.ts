import { randomUUID } from 'node:crypto';
import { ROLE, TEST_CARDS } from '@dm/shared';
import { asc, eq } from 'drizzle-orm';
import {
  auditLog,
  coupons,
  donors,
  matches,
  paymentBills,
  subscriptions,
  users,
} from '../db/schema/index.js';
import type { TestApp } from './harness.js';
import { userMaker } from './user-fixtures.js';

/**
 * The payments tests' helpers over one test app: members of the consumer center (111), their
 * cards (the local provider's tokens), matches and rows.
 */
export function paymentFixtures(app: () => TestApp, prefix: string) {
  const makeUser = userMaker(app, { prefix, status: 'Pre-Active', lastName: 'Member' });
  const key = () => randomUUID().replace(/-/g, '');

  /** A Pre-Active primary member of center 111 (or another center); her username. */
  async function member(centerId = 111, status = 'Pre-Active'): Promise<{ id: number; username: string }> {
    const id = await makeUser({ role: ROLE.CLIENT, centerId, status });
    return { id, username: `${prefix}${makeUser.count}@users.test` };
  }

  async function token(as: string, number: string = TEST_CARDS.PAYS): Promise<string> {
    const res = await app().request({
      method: 'POST',
      url: '/api/payment-services/local/tokenize',
      as,
      payload: { number, exp: '12/40', cvc: '123' },
    });
    if (res.statusCode !== 200) throw new Error(`tokenize: ${res.body}`);
    return res.json().data.id as string;
  }

  async function subscribe(as: string, over: Record<string, unknown> = {}) {
    return app().request({
      method: 'POST',
      url: '/api/payment-services/create-customer',
      as,
      payload: { payment_method: await token(as), idempotency_key: key(), ...over },
    });
  }

  async function userRow(id: number) {
    return (await app().db.select().from(users).where(eq(users.id, id)))[0]!;
  }

  async function subscriptionsOf(userId: number) {
    return app()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.id));
  }

  async function billsOf(userId: number) {
    return app()
      .db.select()
      .from(paymentBills)
      .where(eq(paymentBills.userId, userId))
      .orderBy(asc(paymentBills.id));
  }

  async function auditOf(action: string) {
    return app().db.select().from(auditLog).where(eq(auditLog.action, action));
  }

  let donorOffset = 0;
  /** An open match (Request) of a parent with a synthetic donor of center 1. */
  async function openMatch(parentId: number, parentCenterId = 111, status = 'Request'): Promise<number> {
    const t = app();
    const [donor] = await t.db
      .select({ id: donors.userId, centerId: donors.centerId })
      .from(donors)
      .orderBy(asc(donors.userId))
      .offset(donorOffset++)
      .limit(1);
    const now = t.clock.now();
    const [row] = await t.db
      .insert(matches)
      .values({
        donorId: donor!.id,
        parentId,
        donorCenterId: donor!.centerId,
        parentCenterId,
        status,
        requestedAt: now,
        statusChangedAt: now,
      })
      .returning({ id: matches.id });
    return row!.id;
  }

  async function coupon(code: string, percentOff: number, validUntil: Date | null = null) {
    await app().db.insert(coupons).values({ code, percentOff, validUntil }).onConflictDoNothing();
  }

  return { member, token, subscribe, userRow, subscriptionsOf, billsOf, auditOf, openMatch, coupon, key };
}
