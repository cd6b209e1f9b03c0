import { ROLE } from '@dm/shared';
import { coupons, users } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/** The demo coupon (20% off; shown grouped by 4: "DEMO 2026"). */
export const DEMO_COUPON = { code: 'DEMO2026', percentOff: 20 } as const;

/**
 * Payments demo data: the demo coupon, and a Pre-Active member of the consumer center
 * (111) of her own for the payments browser scenario, so no other scenario's parent111 changes.
 */
export async function seedPaymentsDemo(tx: Db, passwordHash: string): Promise<void> {
  await tx.insert(coupons).values({ code: DEMO_COUPON.code, percentOff: DEMO_COUPON.percentOff });
  await tx.insert(users).values({
    username: 'payer111@demo.test',
    role: ROLE.CLIENT,
    status: 'Pre-Active',
    centerId: 111,
    firstName: 'Pat',
    lastName: 'Payer111',
    country: 'United States',
    passwordHash,
  });
}
