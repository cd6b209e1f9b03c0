import {
  type AgencyContact,
  CONTRACEPTIVE_TYPES,
  type DonorFormFields,
  type DonorFormStatus,
  MSG,
  REFERRAL_OPTIONS,
  TRANSMITTED_DISEASES,
} from '@dm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, donors, matches, users } from '../../db/schema/index.js';
import { apiCalls, startDonorFormApp } from '../../test/donorform.js';
import { body, type TestApp } from '../../test/harness.js';

/**
 * The donor form's supporting calls: agency contact, center templates, option lists, donor type
 * visibility, blank field count; and the status rules: eligibility check states, scraped-profile
 * auto-submit, pregnancy and clinic date ranges, the disease table's Nobody/Self rules.
 */
let t: TestApp;
let newId: number;
let donorId: number;
const NEW = 'newdonor@demo.test';
const DONOR = 'donor@demo.test';
const ADMIN = 'admin@demo.test';
const CLIENT = 'parent@demo.test';
const MASTER = 'master@demo.test';

beforeAll(async () => {
  ({ t, newId, donorId } = await startDonorFormApp());
});
afterAll(() => t.close());

const { post, get } = apiCalls(() => t);
const setCenter1 = async (settings: Record<string, unknown>) => {
  const [c] = await t.db.select().from(centers).where(eq(centers.id, 1));
  await t.db
    .update(centers)
    .set({ settings: { ...c!.settings, ...settings } })
    .where(eq(centers.id, 1));
};
const yearsAgo = (years: number) => {
  const d = t.clock.now();
  return `${d.getUTCFullYear() - years}${d.toISOString().slice(4, 10)}`;
};

describe('GET /api/getagencycontact', () => {
  it('401 anonymous, 403 for the master admin (no donor page)', async () => {
    expect((await get('getagencycontact')).statusCode).toBe(401);
    expect((await get('getagencycontact', MASTER)).statusCode).toBe(403);
  });

  it("gives each caller her own agency's contact, never another's", async () => {
    const [main] = await t.db.select().from(centers).where(eq(centers.id, 1));
    const res = await get('getagencycontact', NEW);
    expect(res.statusCode).toBe(200);
    expect(body<AgencyContact>(res).data).toEqual({
      name: main!.agencyName,
      email: main!.email,
      contactNo: main!.contactNo,
      address: main!.address,
      agencyUrl: main!.agencyUrl,
    });
    const [hatch] = await t.db.select().from(centers).where(eq(centers.id, 85));
    const other = await get('getagencycontact', 'admin85@demo.test');
    expect(body<AgencyContact>(other).data.name).toBe(hatch!.agencyName);
    expect(body<AgencyContact>(other).data.name).not.toBe(main!.agencyName);
  });
});

describe('GET /api/getdonorformfields/{id} and getalldonorformfields', () => {
  it('401, 403 for a client, 404 for another donor and another center, 400 for a bad id', async () => {
    expect((await get(`getdonorformfields/${newId}`)).statusCode).toBe(401);
    expect((await get(`getdonorformfields/${newId}`, CLIENT)).statusCode).toBe(403);
    expect((await get(`getdonorformfields/${donorId}`, NEW)).statusCode).toBe(404);
    expect((await get(`getdonorformfields/${newId}`, 'admin85@demo.test')).statusCode).toBe(404);
    const bad = await get('getdonorformfields/abc', ADMIN);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('User id is invalid.');
    expect((await get('getalldonorformfields')).statusCode).toBe(401);
    expect((await get('getalldonorformfields', CLIENT)).statusCode).toBe(403);
  });

  it('the default form without a template; the center template hides and renames fields', async () => {
    const all = body<DonorFormFields>(await get('getalldonorformfields', ADMIN)).data;
    expect(all.clinicLabel).toBe('Name of Clinic');
    const general = all.tabs.find((x) => x.tab === 'general')!;
    expect(general.fields).toEqual(expect.arrayContaining(['firstName', 'donorFee', 'referrals']));
    expect(general.hidden).toEqual([]);

    await setCenter1({
      donorFormTemplate: {
        clinicLabel: 'Fertility Clinic',
        tabs: {
          general: { hidden: ['donorFee', 'referrals', 'firstName'], labels: { agencyDisplayId: 'Our id' } },
        },
      },
    });
    const mine = body<DonorFormFields>(await get(`getdonorformfields/${newId}`, NEW)).data;
    const g = mine.tabs.find((x) => x.tab === 'general')!;
    expect(g.hidden).toEqual(['donorFee', 'referrals']); // first name can never be hidden
    expect(g.fields).not.toContain('donorFee');
    expect(g.fields).toContain('firstName');
    expect(g.labels).toEqual({ agencyDisplayId: 'Our id' });
    expect(mine.clinicLabel).toBe('Fertility Clinic');
    // The staff of the donor's center see the same; the default form is unchanged.
    expect(body<DonorFormFields>(await get(`getdonorformfields/${newId}`, ADMIN)).data).toEqual(mine);
    expect(body<DonorFormFields>(await get('getalldonorformfields', ADMIN)).data).toEqual(all);

    // The clinic label names the past-donation message; a hidden field is not mandatory.
    await t.db.update(donors).set({ availability: 'Initial form Accepted' }).where(eq(donors.userId, newId));
    const res = await post(
      'updatedonorformdetails',
      { tabName: 'pastDonation', formData: { cycles: [{ queueType: 'Fresh' }] } },
      NEW,
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Fertility Clinic or Date of Retrieval is required.');
    const blank = await get(`getdonorformsubmissiondetails/${newId}`, NEW);
    const fields = body<{ blank: { field: string }[] }>(blank).data.blank.map((b) => b.field);
    expect(fields).not.toContain('referrals');
    expect(fields).toContain('zipcode');
    await setCenter1({ donorFormTemplate: {} });
    const again = await post(
      'updatedonorformdetails',
      { tabName: 'pastDonation', formData: { cycles: [{ queueType: 'Fresh' }] } },
      NEW,
    );
    expect(body(again).message).toBe(MSG.CLINIC_OR_DATE);
    const fieldsAfter = body<{ blank: { field: string }[] }>(
      await get(`getdonorformsubmissiondetails/${newId}`, NEW),
    ).data.blank.map((b) => b.field);
    expect(fieldsAfter).toContain('referrals');
    await t.db.update(donors).set({ availability: 'Invited' }).where(eq(donors.userId, newId));
  });
});

describe('option lists', () => {
  it.each([
    ['getcontraceptivediseases', CONTRACEPTIVE_TYPES],
    ['gettransmitteddiseases', TRANSMITTED_DISEASES],
    ['getreferraltypes', REFERRAL_OPTIONS],
  ] as const)('GET %s: 401, 403 for a client, the list for the donor', async (path, values) => {
    expect((await get(path)).statusCode).toBe(401);
    expect((await get(path, CLIENT)).statusCode).toBe(403);
    const res = await get(path, NEW);
    expect(res.statusCode).toBe(200);
    expect(body<string[]>(res).data).toEqual([...values]);
  });
});

describe('GET /api/checkdonortypevisibility', () => {
  it("401, 403 for the master admin; clients follow their center's setting, staff always see it", async () => {
    expect((await get('checkdonortypevisibility')).statusCode).toBe(401);
    expect((await get('checkdonortypevisibility', MASTER)).statusCode).toBe(403);
    await setCenter1({ isDonorTypeVisible: false });
    expect(body<{ visible: boolean }>(await get('checkdonortypevisibility', CLIENT)).data.visible).toBe(
      false,
    );
    expect(body<{ visible: boolean }>(await get('checkdonortypevisibility', ADMIN)).data.visible).toBe(true);
    await setCenter1({ isDonorTypeVisible: true });
    expect(body<{ visible: boolean }>(await get('checkdonortypevisibility', CLIENT)).data.visible).toBe(true);
    const status = body<DonorFormStatus>(await get(`getdonorformstatus/${newId}`, NEW)).data;
    expect(status.centerSettings.isDonorTypeVisible).toBe(true);
  });
});

describe('GET /api/getblankfieldcount', () => {
  it('401, 403 for staff; the donor gets the number of her blank mandatory fields', async () => {
    expect((await get('getblankfieldcount')).statusCode).toBe(401);
    expect((await get('getblankfieldcount', ADMIN)).statusCode).toBe(403);
    const res = await get('getblankfieldcount', NEW);
    expect(res.statusCode).toBe(200);
    const blank = body<{ blank: unknown[] }>(await get(`getdonorformsubmissiondetails/${newId}`, NEW)).data
      .blank;
    expect(body<{ count: number }>(res).data.count).toBe(blank.length);
    expect(blank.length).toBeGreaterThan(0);
  });
});

describe('status rules', () => {
  it('the eligibility check runs only in the four listed states', async () => {
    await setCenter1({
      rejectionRange: {
        first_time_donor_min_age: 30,
        first_time_donor_max_age: 32,
        experience_donor_min_age: 30,
        experience_donor_max_age: 32,
        bmi_min: 18.5,
        bmi_max: 24.9,
      },
    });
    // Saved as Invited: 25 years old, 5'6" and 200 lb (BMI 32.3).
    const save = await post(
      'updatedonorformdetails',
      {
        tabName: 'general',
        formData: {
          firstName: 'Nia',
          lastName: 'Newdonor',
          dateOfBirth: yearsAgo(25),
          contactNo: '2125550100',
          country: 'United States',
          weightLb: 200,
          heightFeet: 5,
          heightInches: 6,
        },
      },
      NEW,
    );
    expect(save.statusCode).toBe(200);
    const status = async () => body<DonorFormStatus>(await get(`getdonorformstatus/${newId}`, ADMIN)).data;
    expect((await status()).eligibility).toBeNull();
    for (const state of [
      'General Info Pending Review',
      'Main Form Pending Review',
      'Available Donor Changes Pending Review',
      'Rejected Initial Form',
    ]) {
      await t.db.update(donors).set({ availability: state }).where(eq(donors.userId, newId));
      expect((await status()).eligibility).toEqual({ eligible: false, reasons: ['age', 'bmi'] });
    }
    for (const state of ['Initial form Accepted', 'Available', 'Rejected Main Form']) {
      await t.db.update(donors).set({ availability: state }).where(eq(donors.userId, newId));
      expect((await status()).eligibility).toBeNull();
    }
    await t.db.update(donors).set({ availability: 'Invited' }).where(eq(donors.userId, newId));
    await setCenter1({
      rejectionRange: {
        first_time_donor_min_age: 0,
        first_time_donor_max_age: 0,
        experience_donor_min_age: 0,
        experience_donor_max_age: 0,
        bmi_min: 0,
        bmi_max: 0,
      },
    });
  });

  it('a scraped-profile donor is auto-submitted only outside the listed states and when complete', async () => {
    const statusAs = async () => body<DonorFormStatus>(await get(`getdonorformstatus/${newId}`, NEW)).data;
    await t.db.update(donors).set({ isScraped: true }).where(eq(donors.userId, newId));
    // Incomplete form: nothing happens.
    await t.db.update(donors).set({ availability: 'Initial form Accepted' }).where(eq(donors.userId, newId));
    const incomplete = await statusAs();
    expect(incomplete.autoSubmitted).toBe(false);
    expect(incomplete.availability).toBe('Initial form Accepted');

    // The seeded donor, completed with a contact number: in Rejected Main Form she is submitted on opening.
    await t.db.update(users).set({ contactNo: '2125550199' }).where(eq(users.id, donorId));
    await t.db
      .update(donors)
      .set({ isScraped: true, availability: 'Rejected Main Form' })
      .where(eq(donors.userId, donorId));
    const blank = body<{ blank: unknown[] }>(await get(`getdonorformsubmissiondetails/${donorId}`, DONOR))
      .data.blank;
    expect(blank).toEqual([]);
    const res = body<DonorFormStatus>(await get(`getdonorformstatus/${donorId}`, DONOR)).data;
    expect(res.autoSubmitted).toBe(true);
    expect(res.availability).toBe('Main Form Pending Review');
    // Staff opening her form never submit it.
    await t.db.update(donors).set({ availability: 'Rejected Main Form' }).where(eq(donors.userId, donorId));
    expect(body<DonorFormStatus>(await get(`getdonorformstatus/${donorId}`, ADMIN)).data.autoSubmitted).toBe(
      false,
    );
    // A listed state (Rejected Initial Form) is never auto-submitted.
    await t.db
      .update(donors)
      .set({ availability: 'Rejected Initial Form' })
      .where(eq(donors.userId, donorId));
    const listed = body<DonorFormStatus>(await get(`getdonorformstatus/${donorId}`, DONOR)).data;
    expect(listed.autoSubmitted).toBe(false);
    expect(listed.availability).toBe('Rejected Initial Form');
    // Not scraped: never.
    await t.db
      .update(donors)
      .set({ isScraped: false, availability: 'Rejected Main Form' })
      .where(eq(donors.userId, donorId));
    expect(body<DonorFormStatus>(await get(`getdonorformstatus/${donorId}`, DONOR)).data.autoSubmitted).toBe(
      false,
    );
    await t.db.update(donors).set({ availability: 'Available' }).where(eq(donors.userId, donorId));
    await t.db
      .update(donors)
      .set({ isScraped: false, availability: 'Invited' })
      .where(eq(donors.userId, newId));
  });

  it('pregnancy dates run back 32 years and clinic dates 30; a refused save changes nothing', async () => {
    const general = {
      firstName: 'Nia',
      lastName: 'Newdonor',
      contactNo: '2125550100',
      country: 'United States',
    };
    const delivery = (dateOfBirth: string) =>
      post(
        'updatedonorformdetails',
        { tabName: 'general', formData: { ...general, deliveries: [{ dateOfBirth }] } },
        NEW,
      );
    const old = await delivery(yearsAgo(33));
    expect(old.statusCode).toBe(400);
    expect(body(old).message).toBe(MSG.PREGNANCY_DATE_RANGE);
    expect(body<{ field: string }>(old).data.field).toBe('deliveries.0.dateOfBirth');
    expect((await delivery(yearsAgo(31))).statusCode).toBe(200);

    await t.db.update(donors).set({ availability: 'Initial form Accepted' }).where(eq(donors.userId, newId));
    const cycle = (cycleDate: string) =>
      post(
        'updatedonorformdetails',
        { tabName: 'pastDonation', formData: { cycles: [{ nameOfClinic: 'RMA', cycleDate }] } },
        NEW,
      );
    const ok = await cycle(yearsAgo(29));
    expect(ok.statusCode).toBe(200);
    const tooOld = await cycle(yearsAgo(31));
    expect(body(tooOld).message).toBe(MSG.CLINIC_DATE_RANGE);
    const future = await cycle(`${t.clock.now().getUTCFullYear() + 1}-01-01`);
    expect(body(future).message).toBe(MSG.CLINIC_DATE_RANGE);
    const saved = await post('getdonorformdetails', { tabName: 'pastDonation' }, NEW);
    const cycles = body<{ data: { cycles: { cycleDate: string }[] } }>(saved).data.data.cycles;
    expect(cycles.map((c) => c.cycleDate)).toEqual([yearsAgo(29)]);
  });

  it('in the disease table Nobody excludes other relations, and a relation appears once per disease', async () => {
    const save = (diseases: unknown[]) =>
      post('updatedonorformdetails', { tabName: 'disease', formData: { diseases } }, NEW);
    const nobodyAndMother = await save([
      { disease: 'Asthma', relation: 'Nobody' },
      { disease: 'Asthma', relation: 'Biological Mother', details: 'Mild' },
    ]);
    expect(nobodyAndMother.statusCode).toBe(400);
    expect(body(nobodyAndMother).message).toBe(MSG.NOBODY_EXCLUSIVE);
    const selfTwice = await save([
      { disease: 'Asthma', relation: 'Self', details: 'As a child' },
      { disease: 'Asthma', relation: 'Self', details: 'Again' },
    ]);
    expect(body(selfTwice).message).toBe(MSG.DISEASE_RELATION_TWICE);
    const noDetails = await save([{ disease: 'Asthma', relation: 'Self' }]);
    expect(body(noDetails).message).toBe(MSG.FILL_DISEASE_FIRST);
    const fine = await save([
      { disease: 'Asthma', relation: 'Nobody' },
      { disease: 'Migraine', relation: 'Self', details: 'Weekly' },
      { disease: 'Migraine', relation: 'Biological Mother', details: 'Monthly' },
    ]);
    expect(fine.statusCode).toBe(200);
    await t.db.update(donors).set({ availability: 'Invited' }).where(eq(donors.userId, newId));
  });

  it('family-history details need a yes answer first', async () => {
    await t.db.update(donors).set({ availability: 'Initial form Accepted' }).where(eq(donors.userId, newId));
    const save = (history: unknown[]) =>
      post('updatedonorformdetails', { tabName: 'familyHealth', formData: { history } }, NEW);
    const noYes = await save([{ key: 'genetic_testing', answer: false, details: 'Carrier screening' }]);
    expect(noYes.statusCode).toBe(400);
    expect(body(noYes).message).toBe(MSG.FILL_ABOVE_FIRST);
    const yesNoDetails = await save([{ key: 'genetic_testing', answer: true, details: null }]);
    expect(body(yesNoDetails).message).toBe(MSG.COMPLETE_DETAILS);
    expect(
      (await save([{ key: 'genetic_testing', answer: true, details: 'Carrier screening' }])).statusCode,
    ).toBe(200);
    await t.db.update(donors).set({ availability: 'Invited' }).where(eq(donors.userId, newId));
  });

  it('an Available donor with a current (Active) match sees her form in preview', async () => {
    const preview = async () =>
      body<DonorFormStatus>(await get(`getdonorformstatus/${donorId}`, DONOR)).data.preview;
    await t.db.delete(matches).where(eq(matches.donorId, donorId));
    expect(await preview()).toBe(false);
    const [parent] = await t.db.select().from(users).where(eq(users.username, CLIENT));
    const now = t.clock.now();
    await t.db.insert(matches).values({
      donorId,
      parentId: parent!.id,
      donorCenterId: 1,
      parentCenterId: 1,
      status: 'Queued',
      requestedAt: now,
      statusChangedAt: now,
    });
    expect(await preview()).toBe(false);
    await t.db.update(matches).set({ status: 'Active' }).where(eq(matches.donorId, donorId));
    expect(await preview()).toBe(true);
    expect(body<{ preview: boolean }>(await get('getdonorhome', DONOR)).data.preview).toBe(true);
    await t.db.delete(matches).where(eq(matches.donorId, donorId));
  });
});
