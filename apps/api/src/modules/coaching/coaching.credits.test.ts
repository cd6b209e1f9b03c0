import { ROLE } from '@dm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { userMaker } from '../../test/user-fixtures.js';
import { coachingCreditBalance, creditHolderOf, grantCoachingCredits } from './coaching.credits.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const makeUser = userMaker(() => t, { prefix: 'credits', status: 'Active', lastName: 'Credit' });

describe('coaching credits (the ledger other modules use)', () => {
  it('grants once per source reference and sums the balance', async () => {
    const holderId = await makeUser({ role: ROLE.CLIENT, centerId: 111 });
    expect(await coachingCreditBalance(t.db, holderId)).toBe(0);
    expect(await grantCoachingCredits(t.db, { holderId, count: 2, sourceRef: `test:${holderId}:1` })).toBe(
      true,
    );
    expect(await grantCoachingCredits(t.db, { holderId, count: 2, sourceRef: `test:${holderId}:1` })).toBe(
      false,
    );
    expect(await grantCoachingCredits(t.db, { holderId, count: 3, sourceRef: `test:${holderId}:2` })).toBe(
      true,
    );
    expect(await coachingCreditBalance(t.db, holderId)).toBe(5);
  });

  it('refuses a grant of no credits, and a couple shares the primary parent’s balance', async () => {
    await expect(
      grantCoachingCredits(t.db, { holderId: 1, count: 0, sourceRef: 'test:none' }),
    ).rejects.toThrow();
    expect(creditHolderOf({ id: 7, parentId: null })).toBe(7);
    expect(creditHolderOf({ id: 8, parentId: 7 })).toBe(7);
  });
});
