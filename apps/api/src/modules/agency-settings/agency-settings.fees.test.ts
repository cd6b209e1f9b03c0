import { type DonorFormFields, type FeeOptions, feeAmount, MSG, MSG_SETTINGS } from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centers, donorProfiles, donors, feeOptions } from '../../db/schema/index.js';
import { apiCalls, startDonorFormApp } from '../../test/donorform.js';
import { body, type TestApp } from '../../test/harness.js';

let t: TestApp;
let newId: number;
beforeAll(async () => {
  ({ t, newId } = await startDonorFormApp());
});
afterAll(() => t.close());

const { post, get } = apiCalls(() => t);
const ADMIN = 'admin@demo.test';
const ADMIN85 = 'admin85@demo.test';
const MASTER = 'master@demo.test';
const GLOBAL = ['$8,000', '$10,000', '$12,000'];

const optionsOf = (res: Awaited<ReturnType<typeof get>>) =>
  body<FeeOptions>(res).data.options.map((o) => o.options);

async function save(newOption: string, as: string, over: Record<string, unknown> = {}) {
  return post('savefeeoption', { newOption, newOptionComment: '', ...over }, as);
}

describe('getfeeoptions', () => {
  it("answers the global options and the agency's own, and its compensation switch", async () => {
    const res = await get('getfeeoptions', ADMIN85);
    expect(res.statusCode).toBe(200);
    const data = body<FeeOptions>(res).data;
    expect(data.centerId).toBe(85);
    expect(data.isCompensationVisible).toBe(false);
    expect(data.options.map((o) => o.options)).toEqual(GLOBAL);
    expect(data.options).toEqual([
      { option_id: expect.any(Number), options: '$8,000', center_id: null, comment: 'First-time donors' },
      expect.objectContaining({ options: '$10,000', center_id: null }),
      expect.objectContaining({ options: '$12,000', center_id: null }),
    ]);
    // The donor form reads them: the donor and her agency's case manager, their own agency.
    expect(body<FeeOptions>(await get('getfeeoptions', 'donor@demo.test')).data.centerId).toBe(1);
    expect((await get('getfeeoptions', 'manager@demo.test')).statusCode).toBe(200);
    expect(body<FeeOptions>(await get('getfeeoptions?center_id=85', MASTER)).data.centerId).toBe(85);
    expect((await get('getfeeoptions?center_id=85', 'donor@demo.test')).statusCode).toBe(404);
  });
});

describe('savefeeoption', () => {
  it('adds an option of the agency with its comment, audited', async () => {
    const res = await save('$9,500', ADMIN85, { newOptionComment: 'Returning donors' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG_SETTINGS.OPTION_SAVED);
    const added = body<FeeOptions>(res).data.options.at(-1)!;
    expect(added).toMatchObject({ options: '$9,500', center_id: 85, comment: 'Returning donors' });
    expect(optionsOf(await get('getfeeoptions', ADMIN))).not.toContain('$9,500');
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'fee_option'), eq(auditLog.entityId, String(added.option_id))));
    expect(row).toMatchObject({
      action: 'fee_option_added',
      centerId: 85,
      details: { option: '$9,500', global: false },
    });
  });

  it('"Option already exists." against its own and the global options, case and space insensitive', async () => {
    await save('Negotiable', ADMIN85);
    for (const text of ['negotiable', ' NEGO tiable ', '$ 8,000', '$10, 000']) {
      const res = await save(text, ADMIN85);
      expect(res.statusCode, text).toBe(400);
      expect(body(res).message, text).toBe(MSG_SETTINGS.OPTION_EXISTS);
    }
    // Another agency's option is not this one's.
    expect((await save('NEGOTIABLE', ADMIN)).statusCode).toBe(200);
  });

  it('lets only the master admin add a global option, which clashes with any agency option', async () => {
    expect((await save('$15,000', ADMIN85, { global: true })).statusCode).toBe(403);
    expect((await save('$15,000', MASTER, { global: true })).statusCode).toBe(400); // no agency named
    const clash = await save('negotiable', MASTER, { global: true, center_id: 1 });
    expect(body(clash).message).toBe(MSG_SETTINGS.OPTION_EXISTS);
    const res = await save('$15,000', MASTER, { global: true, center_id: 1 });
    expect(res.statusCode).toBe(200);
    expect(body<FeeOptions>(res).data.options.find((o) => o.options === '$15,000')?.center_id).toBeNull();
    expect(optionsOf(await get('getfeeoptions', ADMIN85))).toContain('$15,000');
    expect(body(await save('$15000 ', ADMIN85)).message).not.toBe(MSG_SETTINGS.OPTION_EXISTS);
    expect(body(await save('$ 15,000', ADMIN85)).message).toBe(MSG_SETTINGS.OPTION_EXISTS);
  });

  it('refuses a blank or too long option and too long a comment', async () => {
    for (const [payload, message] of [
      [{ newOption: '  ' }, MSG_SETTINGS.OPTION_REQUIRED],
      [{}, MSG_SETTINGS.OPTION_REQUIRED],
      [{ newOption: 'x'.repeat(101) }, MSG_SETTINGS.OPTION_LONG],
      [{ newOption: 'ok', newOptionComment: 'x'.repeat(501) }, MSG_SETTINGS.COMMENT_LONG],
    ] as const) {
      const res = await post('savefeeoption', payload, ADMIN85);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
  });
});

describe('removefeeoption', () => {
  it("removes an agency's own option; another agency's is 404, a global one 403 but to the master", async () => {
    const added = body<FeeOptions>(await save('Remove me', ADMIN85)).data.options.at(-1)!;
    const other = await post('removefeeoption', { option_id: added.option_id }, ADMIN);
    expect(other.statusCode).toBe(404);
    const named = await post('removefeeoption', { option_id: added.option_id, center_id: 1 }, ADMIN85);
    expect(named.statusCode).toBe(404);
    const res = await post('removefeeoption', { option_id: added.option_id, center_id: 85 }, ADMIN85);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG_SETTINGS.OPTION_REMOVED);
    expect(optionsOf(res)).not.toContain('Remove me');
    expect((await post('removefeeoption', { option_id: added.option_id }, ADMIN85)).statusCode).toBe(404);

    const global = body<FeeOptions>(
      await save('$20,000', MASTER, { global: true, center_id: 85 }),
    ).data.options.find((o) => o.options === '$20,000')!;
    const refused = await post('removefeeoption', { option_id: global.option_id, center_id: null }, ADMIN85);
    expect(refused.statusCode).toBe(403);
    const removed = await post('removefeeoption', { option_id: global.option_id, center_id: 85 }, MASTER);
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(feeOptions).where(eq(feeOptions.id, global.option_id))).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fee_option_removed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.details).toEqual({ option: '$20,000', global: true });
  });
});

describe('feeAmount', () => {
  it('reads one amount from an option, none from anything else', () => {
    expect(feeAmount('$10,000')).toBe(10000);
    expect(feeAmount(' 8000 ')).toBe(8000);
    expect(feeAmount('$ 9,500.00')).toBe(9500);
    expect(feeAmount('Negotiable')).toBeNull();
    expect(feeAmount('$8,000 - $10,000')).toBeNull();
    expect(feeAmount('10,00')).toBeNull();
    expect(feeAmount(null)).toBeNull();
  });
});

describe("the donor form's fee question reads these options", () => {
  const general = (over: Record<string, unknown>) => ({
    firstName: 'Nia',
    lastName: 'Newdonor',
    dateOfBirth: `${t.clock.now().getUTCFullYear() - 25}-06-15`,
    contactNo: '2125550100',
    zipcode: '10001',
    country: 'United States',
    state: 'New York',
    city: 'New York',
    weightLb: 140,
    heightFeet: 5,
    heightInches: 6,
    educationLevel: "Bachelor's Degree Completed",
    referrals: ['Google'],
    ...over,
  });
  const saveGeneral = (over: Record<string, unknown>, as = 'newdonor@demo.test') =>
    post('updatedonorformdetails', { tabName: 'general', formData: general(over), userId: newId }, as);
  const compensation = async () =>
    (await t.db.select().from(donors).where(eq(donors.userId, newId)))[0]!.compensation;
  const fee = async () =>
    (await t.db.select().from(donorProfiles).where(eq(donorProfiles.donorId, newId)))[0];

  it("takes one of the agency's or the global options, or Other with an amount, and sets her compensation", async () => {
    await save('$9,000', ADMIN);
    expect((await saveGeneral({ donorFee: '$10,000' })).statusCode).toBe(200);
    expect(await compensation()).toBe(10000);
    expect((await saveGeneral({ donorFee: '$9,000' })).statusCode).toBe(200);
    expect(await compensation()).toBe(9000);
    const unknown = await saveGeneral({ donorFee: '$99,000' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe(MSG.ANSWER_NOT_AN_OPTION);
    // Another agency's option is not hers.
    await save('$7,777', ADMIN85);
    expect((await saveGeneral({ donorFee: '$7,777' })).statusCode).toBe(400);
    const noAmount = await saveGeneral({ donorFee: 'Other' });
    expect(body(noAmount).message).toBe(MSG.SPECIFY_AMOUNT);
    expect((await saveGeneral({ donorFee: 'Other', donorFeeOther: '11500' })).statusCode).toBe(200);
    expect(await compensation()).toBe(11500);
    expect(await fee()).toMatchObject({ donorFee: 'Other', donorFeeOther: '11500' });
  });

  it('keeps an answer given before its option was removed', async () => {
    const added = body<FeeOptions>(await save('$9,900', ADMIN)).data.options.find(
      (o) => o.options === '$9,900',
    )!;
    expect((await saveGeneral({ donorFee: '$9,900' })).statusCode).toBe(200);
    await post('removefeeoption', { option_id: added.option_id }, ADMIN);
    expect((await saveGeneral({ donorFee: '$9,900' })).statusCode).toBe(200);
    expect(await compensation()).toBe(9900);
  });

  it('is hidden from the donor, and her answer kept, while the agency hides compensation; staff still answer it', async () => {
    await saveGeneral({ donorFee: '$12,000' });
    await post('feepaymentoptionvisibility', { is_compensation_visible: false }, ADMIN);
    try {
      const fields = body<DonorFormFields>(
        await get(`getdonorformfields/${newId}`, 'newdonor@demo.test'),
      ).data;
      expect(fields.tabs.find((x) => x.tab === 'general')!.hidden).toEqual(
        expect.arrayContaining(['donorFee', 'donorFeeOther']),
      );
      const staff = body<DonorFormFields>(await get(`getdonorformfields/${newId}`, ADMIN)).data;
      expect(staff.tabs.find((x) => x.tab === 'general')!.hidden).not.toContain('donorFee');
      expect((await saveGeneral({ donorFee: '$8,000' })).statusCode).toBe(200);
      expect(await fee()).toMatchObject({ donorFee: '$12,000' });
      expect(await compensation()).toBe(12000);
      expect((await saveGeneral({ donorFee: '$8,000' }, ADMIN)).statusCode).toBe(200);
      expect(await compensation()).toBe(8000);
    } finally {
      await post('feepaymentoptionvisibility', { is_compensation_visible: true }, ADMIN);
    }
    const [center] = await t.db.select().from(centers).where(eq(centers.id, 1));
    expect(center!.settings.isCompensationVisible).toBe(true);
  });
});
