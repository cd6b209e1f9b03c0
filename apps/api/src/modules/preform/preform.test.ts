import { DEFAULT_REJECTION_RANGE, MSG, type PreformDetails, type RejectionQuestion } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centerSettings, centers, donorPreforms, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let newDonorId: number;
let demoDonorId: number;
beforeAll(async () => {
  t = await startTestApp();
  const idOf = async (username: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  newDonorId = await idOf('newdonor@demo.test');
  demoDonorId = await idOf('donor@demo.test');
});
afterAll(() => t.close());

const NEW = 'newdonor@demo.test';
const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });
const post = (url: string, payload: unknown, as?: string) =>
  t.request({ method: 'POST', url, payload: payload as Record<string, unknown>, as });

/** An eligible donor by the demo center's default rules (26 years old in 2026, BMI 23.3). */
const eligibleAnswers: Record<string, string> = {
  '1': 'Nia',
  '2': 'Newdonor',
  '3': 'newdonor@demo.test',
  '4': '06/15/2000',
  '5': '165.1',
  '6': '140',
  '7': 'no',
  '8': 'no',
  '9': 'no',
  '10': 'yes',
  '11': 'yes',
  '12': 'no',
  '13': 'no',
  '14': 'no',
  '15': 'yes',
  '16': 'yes',
};
const submission = (over: Record<string, string> = {}) => ({
  preFormDetails: { ...eligibleAnswers, ...over },
  finalDeclaration: true,
});

async function donorRow(id: number) {
  return (await t.db.select().from(donors).where(eq(donors.userId, id)))[0]!;
}
async function preformRow(id: number) {
  return (await t.db.select().from(donorPreforms).where(eq(donorPreforms.userId, id)))[0];
}
async function settingsOf(centerId: number) {
  const [row] = await t.db.select({ s: centers.settings }).from(centers).where(eq(centers.id, centerId));
  return centerSettings(row!.s);
}

describe('GET /api/getpreformdetails/:userId', () => {
  it('401 anonymous, 403 for a client, 400 for a bad id', async () => {
    expect((await get(`/api/getpreformdetails/${newDonorId}`)).statusCode).toBe(401);
    expect((await get(`/api/getpreformdetails/${newDonorId}`, 'parent@demo.test')).statusCode).toBe(403);
    const bad = await get('/api/getpreformdetails/abc', NEW);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('User id is invalid.');
  });

  it('404 for another donor and for a case manager of another center', async () => {
    expect((await get(`/api/getpreformdetails/${demoDonorId}`, NEW)).statusCode).toBe(404);
    // Center 85 may see center 1's published donors, but not their pre-form answers.
    expect((await get(`/api/getpreformdetails/${newDonorId}`, 'manager85@demo.test')).statusCode).toBe(404);
  });

  it("gives the donor her questions, the age placeholders filled from her center's range, her name pre-filled", async () => {
    const res = await get(`/api/getpreformdetails/${newDonorId}`, NEW);
    expect(res.statusCode).toBe(200);
    const data = body<PreformDetails>(res).data;
    expect(data.preFormStatus).toBeNull();
    expect(data.eligibility).toBeNull();
    const q = (id: number) => data.questions.find((x) => x.questionId === id)!;
    expect(q(1).answer).toBe('Nia');
    expect(q(3).answer).toBe('newdonor@demo.test');
    expect(q(7).question).toContain('at least 21 and under 30');
    expect(q(7).question).not.toContain('{');
    expect(q(8).answer).toBeNull();
  });
});

describe('POST /api/submitpreform and /api/resetpreformdetails', () => {
  it('401 anonymous, 403 for a client and for a case manager', async () => {
    expect((await post('/api/submitpreform', submission())).statusCode).toBe(401);
    expect((await post('/api/submitpreform', submission(), 'parent@demo.test')).statusCode).toBe(403);
    const manager = await post('/api/submitpreform', submission(), 'manager@demo.test');
    expect(manager.statusCode).toBe(403);
    expect(body(manager).message).toBe(MSG.PREFORM_DONOR_ONLY);
    expect((await post('/api/resetpreformdetails', {})).statusCode).toBe(401);
    expect((await post('/api/resetpreformdetails', {}, 'manager@demo.test')).statusCode).toBe(403);
  });

  it('a failed submit names the field and changes nothing', async () => {
    const before = await donorRow(newDonorId);
    const noDeclaration = await post('/api/submitpreform', { preFormDetails: eligibleAnswers }, NEW);
    expect(noDeclaration.statusCode).toBe(400);
    expect(body(noDeclaration).message).toBe(MSG.FINAL_DECLARATION);
    const badEmail = await post('/api/submitpreform', submission({ '3': 'nia@' }), NEW);
    expect(body(badEmail).message).toBe('Email seems incorrect.');
    const future = await post('/api/submitpreform', submission({ '4': '01/01/2999' }), NEW);
    expect(future.statusCode).toBe(400);
    expect(body(future).message).toBe('Date of birth seems incorrect.');
    expect(await donorRow(newDonorId)).toEqual(before);
    expect(await preformRow(newDonorId)).toBeUndefined();
  });

  it('400 when resetting a pre-form that was not rejected', async () => {
    const res = await post('/api/resetpreformdetails', {}, NEW);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.PREFORM_RESET_NOT_ALLOWED);
  });

  it('an ineligible donor is not accepted, can reset, and is accepted when eligible', async () => {
    const rejected = await post('/api/submitpreform', submission({ '8': 'yes', '6': '250' }), NEW);
    expect(rejected.statusCode).toBe(200);
    expect(body(rejected).data).toEqual({ preFormStatus: 0 });
    expect((await donorRow(newDonorId)).preFormStatus).toBe(0);
    const stored = (await preformRow(newDonorId))!;
    expect(stored.eligible).toBe(false);
    expect(stored.reasons).toEqual(['bmi', 'answers']);
    expect(stored.disqualifyingQuestionIds).toEqual([8]);
    expect(stored.answers['8']).toBe('yes');
    // The session now sends her to the not-accepted page.
    const me = body<{ donor: { preFormStatus: number } }>(await get('/api/me', NEW)).data;
    expect(me.donor.preFormStatus).toBe(0);

    const again = await post('/api/submitpreform', submission(), NEW);
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(MSG.PREFORM_ALREADY_SUBMITTED);

    expect((await post('/api/resetpreformdetails', {}, NEW)).statusCode).toBe(200);
    expect((await donorRow(newDonorId)).preFormStatus).toBeNull();
    // The previous answers stay, so filling again starts from them.
    const details = body<PreformDetails>(await get(`/api/getpreformdetails/${newDonorId}`, NEW)).data;
    expect(details.questions.find((q) => q.questionId === 8)!.answer).toBe('yes');

    const accepted = await post('/api/submitpreform', submission(), NEW);
    expect(body(accepted).data).toEqual({ preFormStatus: 1 });
    const donor = await donorRow(newDonorId);
    expect(donor.preFormStatus).toBe(1);
    expect(donor.dateOfBirth).toBe('2000-06-15');
    expect(donor.heightCm).toBe(165.1);
    expect(donor.previousDonor).toBe(false);
    expect((await preformRow(newDonorId))!.eligible).toBe(true);

    // The audit says what happened, never the answers.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(newDonorId)), eq(auditLog.action, 'donor.preform.submit')));
    expect(entries.map((e) => e.details)).toEqual([{ preFormStatus: 0 }, { preFormStatus: 1 }]);
  });

  it('a case manager of the center previews the answers with the judgement, audited', async () => {
    const res = await get(`/api/getpreformdetails/${newDonorId}`, 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    const data = body<PreformDetails>(res).data;
    expect(data.preFormStatus).toBe(1);
    expect(data.eligibility).toMatchObject({ eligible: true, reasons: [], bmi: 23.3 });
    const reads = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(newDonorId)), eq(auditLog.action, 'donor.preform.read')));
    expect(reads).toHaveLength(1);
  });
});

describe('auto-rejection settings', () => {
  const full = { ...DEFAULT_REJECTION_RANGE, auto_rejection: true };

  it('401 anonymous and 403 for a case manager on every route', async () => {
    for (const url of [
      '/api/donorformrejectionrange',
      '/api/defaultdonorformrejectionrange',
      '/api/getalldonorformrejectionquestion',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, 'manager@demo.test')).statusCode).toBe(403);
    }
    for (const [url, payload] of [
      ['/api/donorformrejectionrange', full],
      ['/api/updatealldonorformrejectionquestion', { questions: [{ id: 8, is_enabled: false }] }],
    ] as const) {
      expect((await post(url, payload)).statusCode).toBe(401);
      expect((await post(url, payload, 'manager@demo.test')).statusCode).toBe(403);
    }
  });

  it("reads the admin's own center and the defaults", async () => {
    const own = body(await get('/api/donorformrejectionrange', 'admin@demo.test')).data;
    expect(own).toEqual(full);
    const other = body(await get('/api/donorformrejectionrange', 'admin85@demo.test')).data;
    expect(other).toMatchObject({ bmi_min: 0, auto_rejection: false });
    expect(body(await get('/api/defaultdonorformrejectionrange', 'admin85@demo.test')).data).toEqual(
      DEFAULT_REJECTION_RANGE,
    );
  });

  it('400 turning auto-rejection on while a range is 0, nothing saved', async () => {
    const res = await post(
      '/api/donorformrejectionrange',
      { ...full, first_time_donor_min_age: 0 },
      'admin85@demo.test',
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.SET_RANGE_FIRST);
    const bmi = await post('/api/donorformrejectionrange', { ...full, bmi_max: 36.5 }, 'admin85@demo.test');
    expect(body(bmi).message).toBe('BMI maximum must be 15.0 to 35.9 in steps of 0.1.');
    expect((await settingsOf(85)).autoRejection).toBe(false);
  });

  it("saves the range of the admin's center only and the pre-form then judges by it", async () => {
    const range = { ...full, bmi_min: 20.1, bmi_max: 24.9 };
    const res = await post('/api/donorformrejectionrange', range, 'admin85@demo.test');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG.CHANGES_SAVED);
    const saved = await settingsOf(85);
    expect(saved.rejectionRange.bmi_min).toBe(20.1);
    expect(saved.autoRejection).toBe(true);
    // Other settings of the center are kept; center 1 is untouched.
    expect(saved.combinedRequestLimit).toBe(3);
    expect((await settingsOf(1)).rejectionRange).toEqual(DEFAULT_REJECTION_RANGE);
  });

  it('enables and disables questions, 400 for an unknown one', async () => {
    const bad = await post(
      '/api/updatealldonorformrejectionquestion',
      { questions: [{ id: 3, is_enabled: false }] },
      'admin@demo.test',
    );
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Question id is invalid.');

    const list = body<RejectionQuestion[]>(
      await get('/api/getalldonorformrejectionquestion', 'admin@demo.test'),
    );
    expect(list.data.every((q) => q.is_enabled)).toBe(true);
    expect(list.data.map((q) => q.id)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);

    const res = await post(
      '/api/updatealldonorformrejectionquestion',
      {
        questions: [
          { id: 8, is_enabled: false },
          { id: 9, is_enabled: false },
        ],
      },
      'admin@demo.test',
    );
    expect(res.statusCode).toBe(200);
    expect((await settingsOf(1)).disabledRejectionQuestions).toEqual([8, 9]);
    await post(
      '/api/updatealldonorformrejectionquestion',
      { questions: [{ id: 9, is_enabled: true }] },
      'admin@demo.test',
    );
    const after = body<RejectionQuestion[]>(
      await get('/api/getalldonorformrejectionquestion', 'admin@demo.test'),
    );
    expect(after.data.filter((q) => !q.is_enabled).map((q) => q.id)).toEqual([8]);
    expect((await settingsOf(85)).disabledRejectionQuestions).toEqual([]);
  });

  it("GET /getdonorformrejectionquestionbycenter gives a donor her center's question list", async () => {
    expect((await get('/api/getdonorformrejectionquestionbycenter')).statusCode).toBe(401);
    expect((await get('/api/getdonorformrejectionquestionbycenter', 'parent@demo.test')).statusCode).toBe(
      403,
    );
    const res = await get('/api/getdonorformrejectionquestionbycenter', 'donor@demo.test');
    expect(res.statusCode).toBe(200);
    const list = body<RejectionQuestion[]>(res).data;
    expect(list.find((q) => q.id === 8)).toMatchObject({ is_enabled: false, disqualifying: 'yes' });
  });
});
