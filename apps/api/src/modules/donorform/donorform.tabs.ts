import {
  bmi,
  type CharacteristicsTab,
  COLLEGE_DEGREE_LEVELS,
  cmToFeetInches,
  type DiseaseTab,
  donorSearchDocument,
  type EducationLevel,
  type EducationTab,
  type FamilyHealthTab,
  feeAmount,
  feeOptionKey,
  feetInchesToCm,
  type GeneralTab,
  GPA_MAX,
  kgToLb,
  lbToKg,
  MSG,
  type PastDonationTab,
  type PercentageShare,
  type PersonalHealthTab,
  type SavableTab,
  type TabData,
} from '@dm/shared';
import type { SecretBox } from '../../platform/crypto.js';
import { type Db, readAll } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { badRequest } from '../../platform/errors.js';
import { feeOptionsOf } from '../agency-settings/index.js';
import * as donorsRepo from '../donors/donors.repo.js';
import * as repo from './donorform.repo.js';

/**
 * Reading and writing one tab of the donor form: the database rows <-> the tab's shape in
 * packages/shared/src/donor-form.ts. Reads go through the donors module's readers. A write
 * replaces the tab's repeating sections as a whole; the caller runs it in one transaction.
 */

const heightParts = (cm: number | null) => (cm === null ? { feet: null, inches: null } : cmToFeetInches(cm));
const cmOf = (feet: number | null, inches: number | null) =>
  feet === null ? null : feetInchesToCm(feet, inches ?? 0);

export async function readTab<T extends SavableTab>(db: Db, donorId: number, tab: T): Promise<TabData[T]> {
  return (await READERS[tab](db, donorId)) as TabData[T];
}

const READERS: { [K in SavableTab]: (db: Db, donorId: number) => Promise<TabData[K]> } = {
  async general(db, donorId): Promise<GeneralTab> {
    const [core, p, referrals, deliveries] = await readAll(db, [
      () => donorsRepo.donorCore(db, donorId),
      () => donorsRepo.profileOf(db, donorId),
      () => repo.referralsOf(db, donorId),
      () => donorsRepo.deliveriesOf(db, donorId),
    ]);
    const d = core!.donor;
    const u = core!.user;
    const h = heightParts(d.heightCm);
    return {
      firstName: u.firstName,
      lastName: u.lastName,
      dateOfBirth: d.dateOfBirth,
      contactNo: u.contactNo ?? '',
      contactType: p?.contactType ?? 0,
      mobile: p?.mobile ?? null,
      contactWork: p?.contactWork ?? null,
      contactHome: p?.contactHome ?? null,
      address: p?.address ?? null,
      zipcode: d.zipcode,
      country: d.country,
      state: d.state,
      city: d.city,
      cityOther: p?.cityOther ?? null,
      birthCountry: p?.birthCountry ?? null,
      birthState: p?.birthState ?? null,
      birthCity: p?.birthCity ?? null,
      birthCityOther: p?.birthCityOther ?? null,
      donorFee: p?.donorFee ?? null,
      donorFeeOther: p?.donorFeeOther ?? null,
      ssn: null,
      weightLb: d.weightKg === null ? null : Math.round(kgToLb(d.weightKg)),
      heightFeet: h.feet,
      heightInches: h.inches,
      educationLevel: d.educationLevel,
      donorType: d.donorType as GeneralTab['donorType'],
      agencyDisplayId: d.agencyDisplayId,
      maritalStatus: p?.maritalStatus ?? null,
      occupation: p?.occupation ?? null,
      numberOfPregnancies: p?.numberOfPregnancies ?? 1,
      previousDonor: d.previousDonor,
      currentlyPregnant: p?.currentlyPregnant ?? false,
      breastfeeding: p?.breastfeeding ?? false,
      childCount: p?.childCount ?? 0,
      miscarriages: p?.miscarriages ?? 0,
      abortionCount: p?.abortionCount ?? 0,
      ipWillingToWork: p?.ipWillingToWork ?? [],
      eggDonationArrangement: d.eggDonationArrangement,
      referrals: referrals.map((r) => r.source),
      deliveries: deliveries.map((x) => ({
        id: x.id,
        dateOfBirth: x.dateOfBirth,
        babyGender: x.babyGender,
        deliveryType: x.deliveryType,
        pregnancyResult: x.pregnancyResult,
        pregnancyComplications: x.pregnancyComplications,
        birthWeightG: x.birthWeightG,
        birthLengthCm: x.birthLengthCm,
        medicalIssues: x.medicalIssues,
        otherDetails: x.otherDetails,
      })),
    };
  },

  async personalHealth(db, donorId): Promise<PersonalHealthTab> {
    const [core, p, meds] = await readAll(db, [
      () => donorsRepo.donorCore(db, donorId),
      () => donorsRepo.profileOf(db, donorId),
      () => donorsRepo.medicationsOf(db, donorId),
    ]);
    const d = core!.donor;
    return {
      bloodGroup: d.bloodGroup,
      birthControl: (p?.birthControl ?? null) as PersonalHealthTab['birthControl'],
      contraceptiveTypes: p?.contraceptiveTypes ?? [],
      depoProvera: p?.depoProvera ?? false,
      hasPiercing: p?.hasPiercing ?? false,
      piercingDate: p?.piercingDate ?? null,
      hasTattoo: p?.hasTattoo ?? false,
      tattooDate: p?.tattooDate ?? null,
      amhValue: d.amhValue,
      amhTestDate: d.amhTestDate,
      covidLastDoseDate: p?.covidLastDoseDate ?? null,
      covidVaccineName: p?.covidVaccineName ?? null,
      anxietyDisorder: p?.anxietyDisorder ?? false,
      recreationalDrugs: p?.recreationalDrugs ?? false,
      anyMedications: p?.anyMedications ?? false,
      transmittedDiseases: p?.transmittedDiseases ?? [],
      medications: meds.map(({ donorId: _, ...m }) => m),
    };
  },

  async personalCharacterstics(db, donorId): Promise<CharacteristicsTab> {
    const [core, p, races, ethnicities] = await readAll(db, [
      () => donorsRepo.donorCore(db, donorId),
      () => donorsRepo.profileOf(db, donorId),
      () => donorsRepo.racesOf(db, donorId),
      () => donorsRepo.ethnicitiesOf(db, donorId),
    ]);
    const d = core!.donor;
    return {
      races,
      ethnicities,
      raceDetails: p?.raceDetails ?? null,
      ethnicityDetails: p?.ethnicityDetails ?? null,
      eyeColor: d.eyeColor,
      hairColor: d.hairColor,
      skinType: d.skinType,
      religion: d.religion,
      bodyType: p?.bodyType ?? null,
      dominantHand: p?.dominantHand ?? null,
      personality: p?.personality ?? null,
      hobbies: p?.hobbies ?? null,
      heritage: d.heritage,
    };
  },

  async familyHealth(db, donorId): Promise<FamilyHealthTab> {
    const [p, members, history] = await readAll(db, [
      () => donorsRepo.profileOf(db, donorId),
      () => donorsRepo.familyMembersOf(db, donorId),
      () => donorsRepo.familyHistoryOf(db, donorId),
    ]);
    return {
      siblingCount: p?.siblingCount ?? 0,
      halfSiblingCount: p?.halfSiblingCount ?? 0,
      geneticDefectBirthCondition: p?.geneticDefectBirthCondition ?? null,
      members: members.map((m) => {
        const h = heightParts(m.heightCm);
        return {
          id: m.id,
          relation: m.relation,
          applicable: m.applicable,
          gender: m.gender,
          maternalOrPaternal: m.maternalOrPaternal,
          dateOfBirth: m.dateOfBirth,
          living: m.living,
          ageAtDeath: m.ageAtDeath,
          deathReason: m.deathReason,
          heightFeet: h.feet,
          heightInches: h.inches,
          weightLb: m.weightKg === null ? null : Math.round(kgToLb(m.weightKg)),
          hairColor: m.hairColor,
          eyeColor: m.eyeColor,
          bodyType: m.bodyType,
          education: m.education,
          occupation: m.occupation,
          otherDetails: m.otherDetails,
        };
      }),
      history: history.map((x) => ({
        key: x.key as FamilyHealthTab['history'][number]['key'],
        answer: x.answer,
        details: x.details,
      })),
    };
  },

  async disease(db, donorId): Promise<DiseaseTab> {
    const rows = await donorsRepo.diseasesOf(db, donorId);
    return {
      diseases: rows.map((r) => ({ id: r.id, disease: r.disease, relation: r.relation, details: r.details })),
    };
  },

  async pastDonation(db, donorId): Promise<PastDonationTab> {
    const [core, cycles, batches] = await readAll(db, [
      () => donorsRepo.donorCore(db, donorId),
      () => donorsRepo.donationCyclesOf(db, donorId),
      () => donorsRepo.frozenBatchesOf(db, donorId),
    ]);
    return {
      donationCount: core!.donor.donationCount,
      cycles: cycles.map(({ donorId: _, createdAt: __, ...c }) => ({
        ...c,
        queueType: c.queueType as 'Fresh' | 'Frozen',
      })),
      frozenBatches: batches.map((b) => ({
        id: b.id,
        refId: b.refId,
        altId: b.altId,
        frozenDate: b.frozenDate,
        batchAge: b.batchAge,
        eggCount: b.eggCount,
        note: b.note,
      })),
    };
  },

  async educationDetails(db, donorId): Promise<EducationTab> {
    const [records, exams] = await readAll(db, [
      () => donorsRepo.educationOf(db, donorId),
      () => donorsRepo.examsOf(db, donorId),
    ]);
    return {
      records: records.map((r) => ({
        id: r.id,
        type: r.type as EducationTab['records'][number]['type'],
        institution: r.institution,
        university: r.university,
        subjects: r.subjects,
        enrollmentYear: r.enrollmentYear,
        endYear: r.endYear,
        pursuing: r.pursuing,
        marksObtained: r.marksObtained,
        maxMarks: r.maxMarks,
        otherDetails: r.otherDetails,
      })),
      exams: exams.map((e) => ({
        id: e.id,
        exam: e.exam as EducationTab['exams'][number]['exam'],
        score: e.score,
        takenYear: e.takenYear,
      })),
    };
  },
};

export interface WriteContext {
  centerId: number;
  now: Date;
  secrets: SecretBox;
  /** General-tab fields the writer leaves as stored (what the center's settings keep from the donor). */
  keep?: readonly string[];
}

/**
 * The fee question: a new answer must be one of the agency's fee options (its own and
 * the global ones, /feeandpayment) or Other with an amount; an answer kept from before stays
 * valid. The donor's compensation is the amount the answer names ("$10,000": 10000; Other: the
 * amount given), none for an option without one.
 */
async function feeAnswer(
  db: Db,
  donorId: number,
  g: GeneralTab,
  centerId: number,
): Promise<{ compensation: number | null } | Record<string, never>> {
  if (g.donorFee === null) return {};
  if (g.donorFee !== 'Other') {
    const stored = (await donorsRepo.profileOf(db, donorId))?.donorFee ?? null;
    const key = feeOptionKey(g.donorFee);
    if (
      g.donorFee !== stored &&
      !(await feeOptionsOf(db, centerId)).some((o) => feeOptionKey(o.options) === key)
    )
      throw badRequest(MSG.ANSWER_NOT_AN_OPTION, { field: 'donorFee' });
  }
  return { compensation: feeAmount(g.donorFee === 'Other' ? g.donorFeeOther : g.donorFee) };
}

/** Writes one tab; throws a 400 on a rule the database judges (the transaction rolls back). */
export async function writeTab<T extends SavableTab>(
  db: Db,
  donorId: number,
  tab: T,
  data: TabData[T],
  ctx: WriteContext,
): Promise<void> {
  await (WRITERS[tab] as (db: Db, id: number, d: TabData[T], c: WriteContext) => Promise<void>)(
    db,
    donorId,
    data,
    ctx,
  );
  await rebuildSearchDocument(db, donorId);
}

/** Whether the stored shares (in the form's order) are the ones about to be written. */
const sameShares = (stored: readonly PercentageShare[], wanted: readonly PercentageShare[]) =>
  stored.length === wanted.length &&
  stored.every((s, i) => s.name === wanted[i]!.name && s.percentage === wanted[i]!.percentage);

const strip = <T extends { id: number | null }>(rows: T[]) => rows.map(({ id: _, ...r }) => r);

const WRITERS: {
  [K in SavableTab]: (db: Db, donorId: number, data: TabData[K], ctx: WriteContext) => Promise<void>;
} = {
  async general(db, donorId, g, ctx) {
    if (g.city === 'Other' && !g.cityOther) throw badRequest(MSG.CITY_NAME);
    if (g.state === 'Other' && g.city !== null && g.city !== 'Other') throw badRequest(MSG.CITY_NAME);
    const keep = new Set(ctx.keep ?? []);
    const fee = keep.has('donorFee') ? null : g;
    if (fee?.donorFee === 'Other' && !fee.donorFeeOther) throw badRequest(MSG.SPECIFY_AMOUNT);
    const compensation = fee ? await feeAnswer(db, donorId, fee, ctx.centerId) : {};
    let coordinates: { latitude: number | null; longitude: number | null } = {
      latitude: null,
      longitude: null,
    };
    if (g.zipcode) {
      const zip = g.country === 'United States' ? await repo.findZip(db, g.zipcode) : null;
      if (g.country === 'United States' && !zip) throw badRequest(MSG.INVALID_ZIP_CODE);
      if (zip) coordinates = zip;
    }
    await repo.updateUser(db, donorId, {
      firstName: g.firstName,
      lastName: g.lastName,
      contactNo: g.contactNo,
      updatedAt: ctx.now,
    });
    const heightCm = cmOf(g.heightFeet, g.heightInches);
    const weightKg = g.weightLb === null ? null : lbToKg(g.weightLb);
    try {
      await repo.updateDonor(db, donorId, {
        dateOfBirth: g.dateOfBirth,
        zipcode: g.zipcode,
        country: g.country,
        state: g.state,
        city: g.city,
        ...coordinates,
        heightCm,
        weightKg,
        bmi: heightCm && weightKg ? bmi(weightKg, heightCm) : null,
        educationLevel: g.educationLevel,
        collegeDegree: COLLEGE_DEGREE_LEVELS.includes(g.educationLevel as EducationLevel),
        ...(keep.has('donorType') ? {} : { donorType: g.donorType }),
        ...compensation,
        agencyDisplayId: g.agencyDisplayId,
        previousDonor: g.previousDonor,
        eggDonationArrangement: g.eggDonationArrangement,
        updatedAt: ctx.now,
      });
    } catch (error) {
      // The unique index on (center, lower(agency id)) judges the agency donor id.
      if (isUniqueViolation(error)) throw badRequest(MSG.AGENCY_DONOR_ID_TAKEN);
      throw error;
    }
    const ssn = g.ssn === null ? undefined : g.ssn === '' ? null : ctx.secrets.seal(g.ssn.replace(/-/g, ''));
    await repo.upsertProfile(db, donorId, {
      contactType: g.contactType,
      mobile: g.mobile,
      contactWork: g.contactWork,
      contactHome: g.contactHome,
      address: g.address,
      cityOther: g.city === 'Other' ? g.cityOther : null,
      birthCountry: g.birthCountry,
      birthState: g.birthState,
      birthCity: g.birthCity,
      birthCityOther: g.birthCity === 'Other' ? g.birthCityOther : null,
      ...(fee
        ? { donorFee: fee.donorFee, donorFeeOther: fee.donorFee === 'Other' ? fee.donorFeeOther : null }
        : {}),
      maritalStatus: g.maritalStatus,
      occupation: g.occupation,
      numberOfPregnancies: g.numberOfPregnancies,
      currentlyPregnant: g.currentlyPregnant,
      breastfeeding: g.breastfeeding,
      childCount: g.childCount,
      miscarriages: g.miscarriages,
      abortionCount: g.abortionCount,
      ipWillingToWork: g.ipWillingToWork,
      ...(ssn === undefined ? {} : { ssnEncrypted: ssn }),
    });
    await repo.replaceRows(
      db,
      'referrals',
      donorId,
      [...new Set(g.referrals)].map((source) => ({ source })),
    );
    await repo.replaceRows(db, 'deliveries', donorId, strip(g.deliveries) as never);
  },

  async personalHealth(db, donorId, h, ctx) {
    await repo.updateDonor(db, donorId, {
      bloodGroup: h.bloodGroup,
      amhValue: h.amhValue,
      amhTestDate: h.amhTestDate,
      updatedAt: ctx.now,
    });
    await repo.upsertProfile(db, donorId, {
      birthControl: h.birthControl,
      contraceptiveTypes: h.birthControl === 'No' ? [] : h.contraceptiveTypes,
      depoProvera: h.depoProvera,
      hasPiercing: h.hasPiercing,
      piercingDate: h.hasPiercing ? h.piercingDate : null,
      hasTattoo: h.hasTattoo,
      tattooDate: h.hasTattoo ? h.tattooDate : null,
      covidLastDoseDate: h.covidLastDoseDate,
      covidVaccineName: h.covidVaccineName,
      anxietyDisorder: h.anxietyDisorder,
      recreationalDrugs: h.recreationalDrugs,
      anyMedications: h.anyMedications,
      transmittedDiseases: h.transmittedDiseases,
    });
    await repo.replaceRows(db, 'medications', donorId, strip(h.medications));
  },

  async personalCharacterstics(db, donorId, c, ctx) {
    await repo.updateDonor(db, donorId, {
      eyeColor: c.eyeColor,
      hairColor: c.hairColor,
      skinType: c.skinType,
      religion: c.religion,
      heritage: c.heritage,
      updatedAt: ctx.now,
    });
    await repo.upsertProfile(db, donorId, {
      raceDetails: c.raceDetails,
      ethnicityDetails: c.ethnicityDetails,
      bodyType: c.bodyType,
      dominantHand: c.dominantHand,
      personality: c.personality,
      hobbies: c.hobbies,
    });
    // Rewritten only when they changed: each write fires the facts triggers (migration 0040),
    // and most saves of this tab change something else.
    const [storedRaces, storedEthnicities] = await readAll(db, [
      () => donorsRepo.racesOf(db, donorId),
      () => donorsRepo.ethnicitiesOf(db, donorId),
    ]);
    const entries = (list: CharacteristicsTab['races']) =>
      list.map((e, position) => ({ name: e.name, percentage: e.percentage ?? 0, position }));
    const races = entries(c.races);
    const ethnicities = entries(c.ethnicities);
    if (!sameShares(storedRaces, races)) await repo.replaceRows(db, 'races', donorId, races);
    if (!sameShares(storedEthnicities, ethnicities))
      await repo.replaceRows(db, 'ethnicities', donorId, ethnicities);
  },

  async familyHealth(db, donorId, f) {
    await repo.upsertProfile(db, donorId, {
      siblingCount: f.siblingCount,
      halfSiblingCount: f.halfSiblingCount,
      geneticDefectBirthCondition: f.geneticDefectBirthCondition,
    });
    await repo.replaceRows(
      db,
      'familyMembers',
      donorId,
      f.members.map(({ id: _, heightFeet, heightInches, weightLb, ...m }, position) => ({
        ...m,
        heightCm: cmOf(heightFeet, heightInches),
        weightKg: weightLb === null ? null : lbToKg(weightLb),
        ageAtDeath: m.living ? null : m.ageAtDeath,
        deathReason: m.living ? null : m.deathReason,
        position,
      })),
    );
    await repo.replaceRows(
      db,
      'familyHistory',
      donorId,
      f.history.map((h) => ({ key: h.key, answer: h.answer, details: h.answer ? h.details : null })),
    );
  },

  async disease(db, donorId, d) {
    await repo.replaceRows(db, 'diseases', donorId, strip(d.diseases));
  },

  async pastDonation(db, donorId, p, ctx) {
    await repo.updateDonor(db, donorId, { donationCount: p.donationCount, updatedAt: ctx.now });
    await repo.replaceRows(db, 'cycles', donorId, strip(p.cycles));
    await repo.replaceRows(db, 'frozenBatches', donorId, strip(p.frozenBatches));
  },

  async educationDetails(db, donorId, e) {
    await repo.replaceRows(db, 'exams', donorId, []);
    await repo.replaceRows(
      db,
      'education',
      donorId,
      strip(e.records).map((r) => ({
        ...r,
        endYear: r.pursuing ? null : r.endYear,
        gpa:
          r.marksObtained !== null && r.maxMarks
            ? Math.round((r.marksObtained / r.maxMarks) * GPA_MAX * 100) / 100
            : null,
      })),
    );
    await repo.replaceRows(db, 'exams', donorId, strip(e.exams));
  },
};

/**
 * The text-search words of the donor (donors.search_document), as the seed builds them: one read
 * of their parts, and a write only when they changed (a write fires the donor's search triggers).
 */
export async function rebuildSearchDocument(db: Db, donorId: number): Promise<void> {
  const d = await repo.searchDocumentParts(db, donorId);
  if (!d) throw new Error(`search document: no donor ${donorId}`);
  const document = donorSearchDocument([
    d.display_id,
    d.agency_display_id,
    d.city,
    d.state,
    d.zipcode,
    ...d.races,
    ...d.ethnicities,
    ...d.heritage,
    d.religion,
    d.eye_color,
    d.hair_color,
    d.education_level,
    d.occupation,
  ]);
  if (document !== d.stored) await repo.updateDonor(db, donorId, { searchDocument: document });
}
