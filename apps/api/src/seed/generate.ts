import {
  COLLEGE_DEGREE_LEVELS,
  bmi as computeBmi,
  DEFAULT_RELATIONS,
  type EducationLevel,
  type ExamType,
  FAMILY_HISTORY_KEYS,
  feetInchesToCm,
  kgToLb,
  lbToKg,
} from '@dm/shared';
import type * as schema from '../db/schema/index.js';
import { portrait, textDocument } from './files.js';
import { type Child, type GeneratedDonor, type GenerationContext, setSearchDocument } from './generated.js';
import { Rng } from './rng.js';
import {
  AVAILABILITY_WEIGHTS,
  BLOOD_WEIGHTS,
  CENTER_PREFIX,
  CENTER_WEIGHTS,
  CLINICS,
  CUSTOM_QUESTIONS,
  EDUCATION_WEIGHTS,
  ethnicityMix,
  FAMILY_DISEASES,
  FIRST_NAMES,
  HERITAGE_FOR_ETHNICITY,
  HIGH_SCHOOLS,
  HOBBIES,
  LAST_NAMES,
  looks,
  MEDICATIONS,
  OCCUPATIONS,
  PERSONALITIES,
  RELIGION_WEIGHTS,
  raceMix,
  SUBJECTS,
  UNIVERSITIES,
  VACCINES,
  WHY_DONATE,
  ZIP_WEIGHTS,
} from './words.js';

/*
 * Synthetic donors: realistic, complete profiles made from a seeded PRNG, so that the same
 * seed gives the same donors on any machine (no Math.random, no network). Donor n of seed s
 * is drawn from its own stream (s, n), so adding donors later never changes earlier ones and
 * batches can be generated in any order. Pictures and documents are described here and
 * rendered when written (files.ts).
 */

/** Keeps a value's random draws in the stream (so later fields stay as they were) but uses 0. */
const discardDraw = (_drawn: number) => 0;

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (today: Date, days: number) => new Date(today.getTime() - days * DAY);
function yearsBefore(today: Date, years: number, extraDays: number): Date {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return new Date(d.getTime() - extraDays * DAY);
}
const round1 = (x: number) => Math.round(x * 10) / 10;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Donor n of the given seed. Pure: same arguments, same donor. */
export function generateDonor(seed: number, n: number, ctx: GenerationContext): GeneratedDonor {
  const rng = new Rng(seed, n);
  const { today } = ctx;
  const centerWeights = Object.fromEntries(
    ctx.centerIds.map((id) => [String(id), CENTER_WEIGHTS[id as keyof typeof CENTER_WEIGHTS] ?? 5]),
  );
  const centerId = Number(rng.weighted(centerWeights));
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const middleName = rng.chance(0.4) ? rng.pick(FIRST_NAMES) : '';
  const number = String(n).padStart(5, '0');
  const zipWeights = Object.fromEntries([...ctx.zips.keys()].map((z) => [z, ZIP_WEIGHTS[z] ?? 1]));
  const zip = ctx.zips.get(rng.weighted(zipWeights))!;

  // Most donors are 21 to 29; agencies accept 19 to 36, experienced donors a little older.
  const age = rng.chance(0.03) ? rng.int(37, 38) : clamp(Math.round(rng.normal(25.5, 3.8)), 19, 36);
  const dob = yearsBefore(today, age, rng.int(0, 360));
  // Entered as the form takes them: feet and inches, pounds.
  const heightInches = clamp(Math.round(rng.normal(64.8, 2.8)), 58, 74);
  const heightCm = feetInchesToCm(Math.floor(heightInches / 12), heightInches % 12);
  const bmiValue = clamp(rng.normal(22.3, 2.4), 18.5, 29.5);
  const weightKg = lbToKg(Math.round(kgToLb(bmiValue * (heightCm / 100) ** 2)));

  const races = raceMix(rng);
  const ethnicities = ethnicityMix(rng, races);
  const primaryRace = races.reduce((a, b) => (b.percentage > a.percentage ? b : a)).name;
  const look = looks(rng, primaryRace);
  const heritage = [
    ...new Set(
      ethnicities.flatMap((e) => rng.sample(HERITAGE_FOR_ETHNICITY[e.name] ?? ['Other'], rng.int(1, 2))),
    ),
  ].slice(0, 3);

  const educationLevel = rng.weighted(EDUCATION_WEIGHTS);
  const availability = rng.weighted(AVAILABILITY_WEIGHTS);
  const donorType = rng.weighted({ Fresh: 60, Both: 25, Frozen: 15 });
  const previousCycles = rng.chance(0.22) ? rng.int(1, 4) : 0;
  const childCount = age >= 22 && rng.chance(0.14) ? rng.int(1, 3) : 0;
  const createdAt = daysBefore(today, rng.int(0, 3 * 365));
  const createdAtWithTime = new Date(createdAt.getTime() + rng.int(8 * 3600, 20 * 3600) * 1000);
  const amh = rng.chance(0.85) ? round1(clamp(Math.exp(rng.normal(Math.log(3.2), 0.45)), 0.8, 9.5)) : null;
  const centerPrefix = CENTER_PREFIX[centerId] ?? `C${centerId}`;
  const agencyDisplayId = `${centerPrefix}-${number}`;
  const displayId = `S${number}`;
  const occupation = educationLevel.startsWith('Currently') ? 'Student' : rng.pick(OCCUPATIONS);

  // Cycles first: their outcomes decide proven fertility.
  const donationCycles: Child<typeof schema.donorDonationCycles>[] = [];
  for (let i = 0; i < previousCycles; i++) {
    const retrieved = rng.int(10, 28);
    const mature = Math.round(retrieved * (0.7 + rng.float() * 0.2));
    const fertilized = Math.round(mature * (0.65 + rng.float() * 0.2));
    const created = Math.round(fertilized * (0.4 + rng.float() * 0.3));
    const transferred = created > 0 ? 1 : 0;
    donationCycles.push({
      nameOfClinic: rng.pick(CLINICS),
      cycleDate: isoDate(daysBefore(today, (previousCycles - i) * rng.int(150, 300))),
      queueType: rng.chance(0.8) ? 'Fresh' : 'Frozen',
      eggsRetrieved: retrieved,
      eggsMature: mature,
      eggsFertilized: fertilized,
      embryosCreated: created,
      embryosTransferred: transferred,
      qualityOfEmbryosTransferred: transferred ? rng.pick(['AA', 'AB', 'BA', 'BB']) : null,
      embryosFrozen: Math.max(0, created - transferred),
      qualityOfEmbryosFrozen: created > 1 ? rng.pick(['Good', 'Fair', 'Excellent']) : null,
      pgsPgdCcs: rng.chance(0.5),
      normalCount: null,
      abnormalCount: null,
      pregnancyResult: rng.weighted({ 'Live Birth': 45, Pregnant: 15, 'Not Pregnant': 25, Unknown: 15 }),
      otherDetails: null,
    });
    const last = donationCycles[donationCycles.length - 1]!;
    if (last.pgsPgdCcs) {
      last.normalCount = Math.round((last.embryosCreated ?? 0) * 0.6);
      last.abnormalCount = (last.embryosCreated ?? 0) - last.normalCount;
    }
  }
  const provenFertility =
    childCount > 0 ||
    donationCycles.some((c) => c.pregnancyResult === 'Live Birth' || c.pregnancyResult === 'Pregnant');

  const deliveries: Child<typeof schema.donorDeliveries>[] = [];
  for (let i = 0; i < childCount; i++) {
    deliveries.push({
      dateOfBirth: isoDate(daysBefore(today, rng.int(1, Math.max(2, (age - 19) * 365)))),
      babyGender: rng.pick(['Female', 'Male']),
      deliveryType: rng.weighted({ Vaginal: 68, 'C-Section': 32 }),
      pregnancyResult: 'Live Birth',
      pregnancyComplications: rng.chance(0.1) ? 'Mild gestational hypertension' : 'None',
      birthWeightG: rng.int(2800, 4100),
      birthLengthCm: round1(rng.normal(50, 2)),
      medicalIssues: 'None',
      otherDetails: null,
    });
  }

  const frozenBatches: Child<typeof schema.donorFrozenBatches>[] = [];
  if (donorType !== 'Fresh') {
    for (let i = 0, k = rng.int(1, 3); i < k; i++) {
      const frozenDaysAgo = rng.int(30, 900);
      frozenBatches.push({
        refId: `FB-${number}-${i + 1}`,
        altId: rng.chance(0.5) ? `LOT${rng.int(10000, 99999)}` : null,
        frozenDate: isoDate(daysBefore(today, frozenDaysAgo)),
        batchAge: Math.max(19, age - Math.floor(frozenDaysAgo / 365)),
        eggCount: rng.int(5, 8),
        selectionStatus: rng.weighted({ Available: 75, Reserved: 10, Selected: 10, Used: 5 }),
        networkAvailable: rng.chance(0.5),
        note: null,
      });
    }
  }

  // Family: the six default relations, or Self only at a self-only center (circle, 46).
  const selfOnly = centerId === 46;
  const relations = selfOnly ? ['Self'] : [...DEFAULT_RELATIONS];
  const familyMembers: Child<typeof schema.donorFamilyMembers>[] = relations.map((relation, position) => {
    const grand = relation.includes("'s");
    const male = relation.endsWith('Father');
    const self = relation === 'Self';
    const memberAge = self ? age : grand ? rng.int(68, 92) : rng.int(age + 20, age + 36);
    const living = self || !grand || rng.chance(0.55);
    const heightMember = self ? heightCm : round1(clamp(rng.normal(male ? 177 : 163, 7), 145, 200));
    const memberLook = looks(rng, primaryRace);
    return {
      relation,
      applicable: true,
      gender: self ? 'Female' : male ? 'Male' : 'Female',
      maternalOrPaternal: relation.startsWith('Mother')
        ? 'Maternal'
        : relation.startsWith('Father')
          ? 'Paternal'
          : null,
      dateOfBirth: isoDate(yearsBefore(today, memberAge, rng.int(0, 360))),
      living,
      ageAtDeath: living ? null : memberAge - rng.int(0, 15),
      deathReason: living
        ? null
        : rng.pick(['Heart disease', 'Stroke', 'Cancer', 'Natural causes', 'Pneumonia']),
      heightCm: heightMember,
      weightKg: round1(clamp(rng.normal(23.5, 3), 18.5, 34) * (heightMember / 100) ** 2),
      hairColor: self ? look.hair : grand && rng.chance(0.7) ? 'Gray' : memberLook.hair,
      eyeColor: self ? look.eye : memberLook.eye,
      bodyType: rng.pick(['Slim', 'Average', 'Athletic', 'Average', 'Curvy', 'Heavy']),
      education: rng.pick([
        'High School',
        'Some College',
        "Bachelor's Degree",
        "Master's Degree",
        'Trade School',
      ]),
      occupation:
        living && !grand
          ? rng.pick([
              'Teacher',
              'Engineer',
              'Nurse',
              'Business Owner',
              'Electrician',
              'Accountant',
              'Retired',
            ])
          : 'Retired',
      disease: null,
      otherDetails: self ? 'Myself' : 'Healthy overall',
      position,
    };
  });

  const diseases: GeneratedDonor['diseases'] = [];
  if (rng.chance(0.7) && !selfOnly) {
    for (let i = 0, k = rng.int(1, 3); i < k; i++) {
      const memberIndex = rng.int(0, familyMembers.length - 1);
      diseases.push({
        disease: rng.pick(FAMILY_DISEASES),
        relation: familyMembers[memberIndex]!.relation,
        details: rng.pick([
          'Diagnosed in their 60s, managed with medication',
          'Diagnosed later in life',
          'Controlled with diet and exercise',
        ]),
        familyMemberIndex: memberIndex,
      });
    }
  } else {
    diseases.push({ disease: 'Other', relation: 'Nobody', details: null, familyMemberIndex: null });
  }

  const familyHistory = FAMILY_HISTORY_KEYS.map((key) => {
    const yes = key === 'genetic_testing' ? rng.chance(0.3) : rng.chance(0.05);
    return {
      key,
      answer: yes,
      details: yes
        ? key === 'genetic_testing'
          ? 'Carrier screening negative'
          : 'One distant relative'
        : null,
    };
  });

  // Education: high school always; college and graduate school by level.
  const educationRecords: Child<typeof schema.donorEducationRecords>[] = [];
  const hsEnd = today.getUTCFullYear() - age + 18;
  const hsGpa = round1(clamp(rng.normal(3.4, 0.35), 2.3, 4));
  educationRecords.push({
    type: 'High School',
    institution: rng.pick(HIGH_SCHOOLS),
    enrollmentYear: hsEnd - 4,
    endYear: hsEnd,
    pursuing: false,
    marksObtained: hsGpa,
    maxMarks: 4,
    gpa: hsGpa,
  });
  const collegeLevels: readonly EducationLevel[] = [
    'Some College',
    'Currently Pursuing College Degree',
    ...COLLEGE_DEGREE_LEVELS,
  ];
  if (collegeLevels.includes(educationLevel)) {
    const pursuing =
      educationLevel === 'Currently Pursuing College Degree' || educationLevel === 'Some College';
    const gpa = round1(clamp(rng.normal(3.35, 0.35), 2.3, 4));
    educationRecords.push({
      type: 'College',
      university: rng.pick(UNIVERSITIES),
      subjects: rng.pick(SUBJECTS),
      enrollmentYear: hsEnd,
      endYear: pursuing ? null : hsEnd + (educationLevel === "Associate's Degree Completed" ? 2 : 4),
      pursuing,
      marksObtained: gpa,
      maxMarks: 4,
      gpa,
    });
  }
  if (/Graduate|Doctoral/.test(educationLevel)) {
    const pursuing = educationLevel.startsWith('Currently');
    const gpa = round1(clamp(rng.normal(3.6, 0.25), 3, 4));
    educationRecords.push({
      type: 'Graduate School',
      university: rng.pick(UNIVERSITIES),
      subjects: rng.pick(SUBJECTS),
      enrollmentYear: hsEnd + 4,
      endYear: pursuing ? null : hsEnd + 6,
      pursuing,
      marksObtained: gpa,
      maxMarks: 4,
      gpa,
    });
  }
  const examScores: Child<typeof schema.donorExamScores>[] = [];
  const exam = (type: ExamType, score: number, year: number) =>
    examScores.push({ exam: type, score, maxScore: null, takenYear: year });
  const aptitude = clamp(rng.normal(0, 1), -2.2, 2.4);
  if (rng.chance(0.7))
    exam('SAT', clamp(Math.round((1080 + aptitude * 170) / 10) * 10, 600, 1600), hsEnd - 1);
  if (rng.chance(0.5)) exam('ACT', clamp(Math.round(22 + aptitude * 4.5), 1, 36), hsEnd - 1);
  if (examScores.length === 0)
    exam('SAT', clamp(Math.round((1050 + aptitude * 150) / 10) * 10, 600, 1600), hsEnd - 1);
  if (/Graduate|Doctoral/.test(educationLevel)) {
    const gradExam = rng.pick(['GRE', 'GMAT', 'LSAT', 'MCAT'] as const);
    const gradScore = {
      GRE: 305 + aptitude * 8,
      GMAT: 560 + aptitude * 80,
      LSAT: 152 + aptitude * 8,
      MCAT: 501 + aptitude * 9,
    }[gradExam];
    exam(gradExam, Math.round(gradScore), hsEnd + 3);
  }
  if (rng.chance(0.05)) exam('IQ', Math.round(100 + aptitude * 15), hsEnd - 3);

  const anyMedications = rng.chance(0.3);
  const medications: Child<typeof schema.donorMedications>[] = anyMedications
    ? rng.sample(MEDICATIONS, rng.int(1, 2)).map((m) => ({
        name: m.name,
        purpose: m.purpose,
        dosage: m.dosage,
        diagnosis: m.purpose,
        isDrug: false,
        prescribedBy: 'Primary care physician',
        howOften: 'Daily',
        prescribedOn: isoDate(daysBefore(today, rng.int(60, 1500))),
        currentlyTaking: true,
        sideEffects: 'None',
      }))
    : [];

  const birthControl = rng.weighted({ No: 25, Yes: 65, Sometimes: 10 });
  const contraceptiveTypes =
    birthControl === 'No'
      ? []
      : rng.sample(['Oral Pill', 'IUD (Hormonal)', 'IUD (Copper)', 'Implant', 'Condoms'], rng.int(1, 2));
  const piercing = rng.chance(0.35);
  const tattoo = rng.chance(0.3);
  const compensation = (previousCycles > 0 ? rng.int(20, 30) : rng.int(16, 24)) * 500;

  const pictures: GeneratedDonor['pictures'] = [
    {
      file: portrait(rng, look.hair, look.skin),
      ext: 'png',
      contentType: 'image/png',
      caption: 'Current photo',
      isDefault: true,
      position: 0,
      private: false,
      originalName: null,
    },
    {
      file: portrait(rng, look.hair, look.skin),
      ext: 'png',
      contentType: 'image/png',
      caption: 'Childhood photo',
      isDefault: false,
      position: 1,
      private: false,
      originalName: null,
    },
  ];
  const documents: GeneratedDonor['documents'] = [
    {
      // Nothing only this donor has in the text (the title carries no donor id): a summary is
      // rendered once per distinct text, as pdfkit takes milliseconds a document.
      file: textDocument(
        [
          'Medical screening summary',
          `Blood group: see profile`,
          `AMH: ${amh ?? 'not tested'} ng/mL`,
          'Infectious disease panel: negative',
          'Genetic carrier screening: no pathogenic variants reported',
        ],
        today,
      ),
      ext: 'pdf',
      contentType: 'application/pdf',
      title: 'Medical screening summary',
      private: true,
      originalName: null,
    },
  ];
  const additionalDocuments: GeneratedDonor['additionalDocuments'] = rng.chance(0.3)
    ? [
        {
          file: portrait(rng, look.hair, look.skin),
          ext: 'png',
          contentType: 'image/png',
          kind: 'IMG',
          title: 'Teen photo',
          private: false,
          originalName: null,
        },
      ]
    : [];

  const manager = ctx.managerByCenter.get(centerId) ?? null;
  const notes: Child<typeof schema.donorNotes>[] = rng.chance(0.6)
    ? [
        {
          centerId,
          managerId: manager,
          note: rng.pick([
            'Very responsive, great communication.',
            'Prefers morning appointments.',
            'Completed psychological screening.',
            'Open to a second cycle next year.',
          ]),
          createdAt: new Date(createdAtWithTime.getTime() + rng.int(1, 60) * DAY),
        },
      ]
    : [];

  const donor: GeneratedDonor['donor'] = {
    centerId,
    availability,
    frozenAvailability: donorType === 'Fresh' ? null : rng.weighted({ Available: 75, Unavailable: 25 }),
    preFormStatus: 1,
    lastTab: 10,
    displayId,
    agencyDisplayId,
    donorType,
    eggDonationArrangement: rng.weighted({
      'De-Identified': 55,
      'Semi-Known': 25,
      'Identity-Release': 15,
      Known: 5,
    }),
    availableFrom: availability === 'Available' ? null : isoDate(daysBefore(today, -rng.int(30, 240))),
    availabilityChangedAt: new Date(
      Math.max(createdAtWithTime.getTime(), today.getTime() - rng.int(1, 365) * DAY),
    ),
    dateOfBirth: isoDate(dob),
    heightCm,
    weightKg,
    bmi: computeBmi(weightKg, heightCm),
    bloodGroup: rng.weighted(BLOOD_WEIGHTS),
    eyeColor: look.eye,
    hairColor: look.hair,
    skinType: look.skin,
    religion: rng.weighted(RELIGION_WEIGHTS),
    heritage,
    educationLevel,
    collegeDegree: COLLEGE_DEGREE_LEVELS.includes(educationLevel),
    previousDonor: previousCycles > 0,
    provenFertility,
    amhValue: amh,
    amhTestDate: amh === null ? null : isoDate(daysBefore(today, rng.int(10, 360))),
    zipcode: zip.zipcode,
    city: zip.city,
    state: zip.state,
    country: 'United States',
    latitude: zip.latitude,
    longitude: zip.longitude,
    compensation,
    priority: rng.chance(0.1) ? rng.int(1, 5) : 0,
    viewsCount: Math.floor(Math.exp(rng.float() * Math.log(600))) - 1,
    // Queue counts are recounted from open matches, and the seed writes none: every queue is empty.
    queueCount: discardDraw(availability === 'Available' && rng.chance(0.15) ? rng.int(1, 3) : 0),
    frozenQueueCount: discardDraw(donorType !== 'Fresh' && rng.chance(0.1) ? rng.int(1, 2) : 0),
    donationCount: previousCycles,
    allowedForMatchingTool: rng.chance(0.9),
    isScraped: false,
    searchDocument: '',
    createdAt: createdAtWithTime,
    updatedAt: createdAtWithTime,
  };

  const generated: GeneratedDonor = {
    user: {
      username: `donor${n}@synthetic.test`,
      firstName,
      middleName,
      lastName,
      contactNo: `${rng.pick(['212', '310', '415', '512', '617', '713', '305', '206', '312', '404'])}555${String(rng.int(0, 9999)).padStart(4, '0')}`,
      createdAt: createdAtWithTime,
    },
    donor,
    ssn: `${rng.int(100, 665)}${String(rng.int(1, 99)).padStart(2, '0')}${String(rng.int(1, 9999)).padStart(4, '0')}`,
    profile: {
      contactType: 0,
      mobile: null,
      address: `${rng.int(10, 9999)} ${rng.pick(['Oak', 'Maple', 'Pine', 'Cedar', 'Elm', 'Park', 'Lake', 'Hill'])} ${rng.pick(['St', 'Ave', 'Blvd', 'Ln', 'Dr'])}`,
      birthCountry: 'United States',
      birthState: zip.state,
      birthCity: zip.city,
      donorFee: String(compensation),
      maritalStatus: rng.weighted({ Single: 55, 'In a Relationship': 25, Married: 17, Divorced: 3 }),
      occupation,
      numberOfPregnancies: childCount,
      currentlyPregnant: false,
      breastfeeding: false,
      childCount,
      miscarriages: rng.chance(0.05) ? 1 : 0,
      abortionCount: rng.chance(0.06) ? 1 : 0,
      ipWillingToWork: rng.chance(0.7)
        ? ['All of the Above']
        : rng.sample(
            [
              'Heterosexual Couples',
              'Same-Sex Male Couples',
              'Same-Sex Female Couples',
              'Single Females',
              'Single Males',
            ],
            rng.int(2, 4),
          ),
      birthControl,
      contraceptiveTypes,
      depoProvera: false,
      hasPiercing: piercing,
      piercingDate: piercing ? isoDate(daysBefore(today, rng.int(200, 3000))) : null,
      hasTattoo: tattoo,
      tattooDate: tattoo ? isoDate(daysBefore(today, rng.int(200, 3000))) : null,
      covidLastDoseDate: rng.chance(0.7) ? isoDate(daysBefore(today, rng.int(100, 1200))) : null,
      covidVaccineName: rng.pick(VACCINES),
      anxietyDisorder: rng.chance(0.08),
      recreationalDrugs: rng.chance(0.05),
      anyMedications,
      transmittedDiseases: [],
      healthAnswers: {
        smokes: { answer: rng.chance(0.04) },
        alcohol_weekly: { answer: rng.chance(0.45) },
        regular_periods: { answer: rng.chance(0.9) },
        surgery: { answer: rng.chance(0.12) },
        wears_glasses: { answer: rng.chance(0.4) },
        allergies: { answer: rng.chance(0.3), details: 'Seasonal pollen' },
      },
      raceDetails: null,
      ethnicityDetails: null,
      bodyType: rng.pick(['Slim', 'Average', 'Athletic', 'Curvy']),
      dominantHand: rng.weighted({ Right: 89, Left: 10, Ambidextrous: 1 }),
      personality: rng.pick(PERSONALITIES),
      hobbies: rng.sample(HOBBIES, 3).join(', '),
      siblingCount: rng.int(0, 4),
      halfSiblingCount: rng.chance(0.2) ? rng.int(1, 2) : 0,
      geneticDefectBirthCondition: null,
      adminNotes: null,
    },
    referrals: rng
      .sample(
        ['Search Engine', 'Ad', 'Referral', 'Google', 'Friend', 'Doctor Office', 'Press'],
        rng.int(1, 2),
      )
      .map((source) => ({ source, description: source === 'Friend' ? 'A friend who donated' : null })),
    races: races.map((r, position) => ({ ...r, position })),
    ethnicities: ethnicities.map((e, position) => ({ ...e, position })),
    familyMembers,
    familyHistory,
    diseases,
    educationRecords,
    examScores,
    donationCycles,
    medications,
    deliveries,
    frozenBatches,
    pictures,
    documents,
    additionalDocuments,
    customAnswers: CUSTOM_QUESTIONS.map((q) => ({
      questionId: q.questionId,
      question: q.question,
      tab: q.tab,
      isRequired: q.isRequired,
      answer:
        q.questionId === 1
          ? rng.pick(WHY_DONATE)
          : rng.pick(PERSONALITIES).toLowerCase().replace(' and ', ', '),
    })),
    notes,
  };
  setSearchDocument(generated);
  return generated;
}
