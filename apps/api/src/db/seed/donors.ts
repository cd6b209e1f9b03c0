import { deflateSync } from 'node:zlib';
import {
  COLLEGE_DEGREE_LEVELS,
  bmi as computeBmi,
  DEFAULT_RELATIONS,
  DEMO_PASSWORD,
  donorSearchDocument,
  type EducationLevel,
  type ExamType,
  FAMILY_HISTORY_KEYS,
  feetInchesToCm,
  kgToLb,
  lbToKg,
  percentageFacts,
  questionKey,
  RACES,
  ROLE,
} from '@dm/shared';
import { and, eq, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { hashPassword, type SecretBox } from '../../platform/crypto.js';
import { type Db, queryRows } from '../../platform/db.js';
import type { FileStorage } from '../../platform/storage.js';
import {
  centers,
  customizedQuestions,
  donorAdditionalDocuments,
  donorCustomAnswers,
  donorDeliveries,
  donorDiseases,
  donorDocuments,
  donorDonationCycles,
  donorEducationRecords,
  donorEthnicities,
  donorExamScores,
  donorFamilyHistory,
  donorFamilyMembers,
  donorFrozenBatches,
  donorMedications,
  donorNotes,
  donorPictures,
  donorProfiles,
  donorRaces,
  donorReferrals,
  donors,
  users,
  zipCodes,
} from '../schema/index.js';

/** Keeps a value's random draws in the stream (so later fields stay as they were) but uses 0. */
const discardDraw = (_drawn: number) => 0;

/*
 * Synthetic donors: realistic, complete profiles made from a seeded PRNG, so that the same
 * seed gives the same donors on any machine (no Math.random, no network). Donor n of seed s
 * is drawn from its own stream (s, n), so adding donors later never changes earlier ones and
 * batches can be generated in any order. Pictures and documents are drawn in code (PNG, PDF)
 * and written through the storage layer.
 */

// ---------------------------------------------------------------------------------------------
// PRNG

/** sfc32 seeded through splitmix32 from (seed, n): fast, 128-bit state, good spread. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0) {
    let s = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(stream | 0, 0x85ebca6b)) >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.float();
  }

  /** Uniform in [0, 1). */
  float(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.float() * list.length)]!;
  }

  /** One of the keys, with probability proportional to its weight. */
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T {
    const entries = Object.entries(weights) as [T, number][];
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.float() * total;
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** Normal(mean, sd) by Box-Muller. */
  normal(mean: number, sd: number): number {
    const u = 1 - this.float();
    const v = this.float();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** k distinct items. */
  sample<T>(list: readonly T[], k: number): T[] {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < k && copy.length > 0)
      out.push(copy.splice(Math.floor(this.float() * copy.length), 1)[0]!);
    return out;
  }

  hex(len: number): string {
    let s = '';
    while (s.length < len) s += Math.floor(this.float() * 16).toString(16);
    return s;
  }
}

// ---------------------------------------------------------------------------------------------
// Word lists

const FIRST_NAMES = [
  'Abigail',
  'Aisha',
  'Alexis',
  'Amara',
  'Amelia',
  'Ana',
  'Aria',
  'Ashley',
  'Ava',
  'Brianna',
  'Brooke',
  'Camila',
  'Chloe',
  'Claire',
  'Daniela',
  'Elena',
  'Eliza',
  'Emily',
  'Emma',
  'Fatima',
  'Gabriela',
  'Grace',
  'Hailey',
  'Hannah',
  'Isabella',
  'Jade',
  'Jasmine',
  'Jessica',
  'Julia',
  'Kayla',
  'Keiko',
  'Lauren',
  'Layla',
  'Leah',
  'Lily',
  'Lucia',
  'Madison',
  'Maria',
  'Maya',
  'Mei',
  'Mia',
  'Naomi',
  'Natalie',
  'Nina',
  'Nora',
  'Olivia',
  'Priya',
  'Rachel',
  'Riley',
  'Rosa',
  'Sara',
  'Savannah',
  'Sofia',
  'Sophie',
  'Stella',
  'Taylor',
  'Valentina',
  'Victoria',
  'Yara',
  'Zoe',
] as const;
const LAST_NAMES = [
  'Adams',
  'Allen',
  'Anderson',
  'Bailey',
  'Baker',
  'Bennett',
  'Brooks',
  'Brown',
  'Campbell',
  'Carter',
  'Chen',
  'Clark',
  'Collins',
  'Cruz',
  'Davis',
  'Diaz',
  'Edwards',
  'Evans',
  'Flores',
  'Garcia',
  'Gomez',
  'Gonzalez',
  'Green',
  'Hall',
  'Harris',
  'Hernandez',
  'Hill',
  'Jackson',
  'Johnson',
  'Kim',
  'King',
  'Lee',
  'Lewis',
  'Lopez',
  'Martin',
  'Martinez',
  'Miller',
  'Mitchell',
  'Moore',
  'Morris',
  'Murphy',
  'Nguyen',
  'Ortiz',
  'Parker',
  'Patel',
  'Perez',
  'Phillips',
  'Ramirez',
  'Reed',
  'Rivera',
  'Roberts',
  'Robinson',
  'Rodriguez',
  'Sanchez',
  'Shah',
  'Singh',
  'Smith',
  'Taylor',
  'Thomas',
  'Thompson',
  'Torres',
  'Turner',
  'Walker',
  'White',
  'Williams',
  'Wilson',
  'Wright',
  'Young',
] as const;
const OCCUPATIONS = [
  'Student',
  'Registered Nurse',
  'Teacher',
  'Marketing Coordinator',
  'Software Engineer',
  'Paralegal',
  'Dental Hygienist',
  'Graphic Designer',
  'Accountant',
  'Research Assistant',
  'Barista',
  'Sales Associate',
  'Medical Assistant',
  'Social Worker',
  'Physical Therapy Aide',
  'Event Planner',
  'Pharmacy Technician',
  'Administrative Assistant',
  'Yoga Instructor',
  'Veterinary Technician',
] as const;
const HOBBIES = [
  'hiking',
  'reading',
  'yoga',
  'painting',
  'running',
  'cooking',
  'photography',
  'dancing',
  'swimming',
  'playing piano',
  'gardening',
  'travel',
  'volunteering',
  'soccer',
  'knitting',
  'rock climbing',
] as const;
const PERSONALITIES = [
  'Outgoing and warm',
  'Calm and thoughtful',
  'Curious and creative',
  'Driven and organised',
  'Kind and funny',
  'Independent and adventurous',
  'Gentle and patient',
  'Energetic and optimistic',
] as const;
const UNIVERSITIES = [
  'University of California, Los Angeles',
  'University of Texas at Austin',
  'New York University',
  'University of Michigan',
  'Arizona State University',
  'University of Florida',
  'Ohio State University',
  'University of Washington',
  'Boston University',
  'Georgia State University',
  'Rutgers University',
  'University of Colorado Boulder',
  'Penn State University',
  'San Diego State University',
  'University of Illinois Chicago',
  'Howard University',
  'Santa Monica College',
  'Austin Community College',
] as const;
const HIGH_SCHOOLS = [
  'Lincoln High School',
  'Washington High School',
  'Roosevelt High School',
  'Central High School',
  'Westview High School',
  'Jefferson High School',
] as const;
const SUBJECTS = [
  'Biology',
  'Psychology',
  'Nursing',
  'Business',
  'Communications',
  'Computer Science',
  'English',
  'Chemistry',
  'Economics',
  'Art History',
  'Public Health',
  'Sociology',
] as const;
const CLINICS = [
  'Pacific Fertility Center',
  'Shady Grove Fertility',
  'CCRM',
  'RMA of New York',
  'Boston IVF',
  'Spring Fertility',
  'Kindbody',
  'Houston Fertility Institute',
] as const;
const MEDICATIONS = [
  { name: 'Sertraline', purpose: 'Anxiety', dosage: '50 mg' },
  { name: 'Levothyroxine', purpose: 'Hypothyroidism', dosage: '50 mcg' },
  { name: 'Cetirizine', purpose: 'Seasonal allergies', dosage: '10 mg' },
  { name: 'Albuterol inhaler', purpose: 'Exercise-induced asthma', dosage: '2 puffs as needed' },
  { name: 'Ibuprofen', purpose: 'Menstrual cramps', dosage: '400 mg' },
  { name: 'Multivitamin', purpose: 'Supplement', dosage: '1 tablet' },
] as const;
const VACCINES = ['Pfizer-BioNTech', 'Moderna', 'Novavax'] as const;
const FAMILY_DISEASES = [
  'High Blood Pressure',
  'High Cholesterol',
  'Diabetes Type 2',
  'Heart Disease',
  'Migraine',
  'Asthma',
  'Depression',
  'Thyroid Disorder',
  'Breast Cancer',
  'Skin Cancer',
  'Stroke',
  "Alzheimer's Disease",
] as const;
const CUSTOM_QUESTIONS = [
  {
    questionId: 1,
    question: 'Why do you want to become an egg donor?',
    tab: 'miscellaneous',
    isRequired: true,
  },
  { questionId: 2, question: 'Describe yourself in three words.', tab: 'miscellaneous', isRequired: false },
] as const;
const WHY_DONATE = [
  'I want to help a family experience the joy my parents had raising me.',
  'A close friend went through IVF and I saw how much it meant to her.',
  'I am healthy and want to give someone the chance to become a parent.',
  'My aunt used an egg donor and my cousin is the light of our family.',
] as const;

/** The spec's centers and the share of donors each gets (the consultant center has few). */
const CENTER_WEIGHTS = { 1: 35, 111: 25, 85: 15, 133: 10, 46: 10, 36: 5 } as const;
const CENTER_PREFIX: Record<number, string> = { 1: 'MA', 111: 'CB', 85: 'HF', 133: 'GW', 46: 'CS', 36: 'CC' };

/** Metro zip codes with their share of donors; all are in the reference zip_codes data. */
const ZIP_WEIGHTS: Record<string, number> = {
  '10001': 5,
  '10025': 4,
  '11201': 4,
  '07030': 2,
  '02139': 3,
  '02116': 3,
  '19104': 3,
  '20001': 3,
  '21201': 2,
  '22201': 2,
  '27701': 2,
  '28202': 2,
  '30309': 4,
  '32801': 2,
  '33130': 4,
  '33609': 2,
  '37203': 2,
  '38103': 1,
  '40202': 1,
  '43215': 2,
  '44113': 1,
  '45202': 1,
  '46204': 1,
  '48201': 2,
  '53202': 1,
  '55401': 2,
  '60614': 5,
  '63101': 1,
  '64111': 1,
  '66044': 1,
  '70112': 1,
  '73102': 1,
  '75201': 4,
  '77005': 4,
  '78701': 4,
  '78205': 2,
  '80202': 3,
  '84101': 2,
  '85004': 3,
  '87102': 1,
  '89101': 2,
  '90012': 6,
  '90210': 2,
  '92101': 4,
  '92618': 2,
  '94103': 4,
  '94301': 2,
  '95814': 2,
  '97205': 3,
  '98101': 3,
  '96813': 1,
  '99501': 1,
  '06510': 1,
  '04101': 1,
  '05401': 1,
  '03801': 1,
  '29401': 1,
  '23219': 1,
  '15213': 2,
  '14604': 1,
};
export const SYNTHETIC_ZIPCODES = Object.keys(ZIP_WEIGHTS);

const AVAILABILITY_WEIGHTS = {
  Available: 70,
  'In Cycle': 8,
  Unavailable: 7,
  'On Hold': 4,
  'Under Review': 4,
  Reserved: 2,
  'Main Form Pending Review': 3,
  'Available Donor Changes Pending Review': 2,
} as const;

/** Race mixes: a single race or a split among two to four, percentages from the spec's options. */
const RACE_WEIGHTS: Record<string, number> = {
  White: 55,
  'Black or African American': 12,
  Asian: 15,
  'American Indian or Alaska Native': 1,
  'Native Hawaiian or Other Pacific Islander': 1,
  'Middle Eastern or North African': 3,
  mixed: 13,
};
const SPLITS: readonly (readonly number[])[] = [
  [50, 50],
  [75, 25],
  [50, 25, 25],
  [25, 25, 25, 25],
];

const ETHNICITY_FOR_RACE: Record<string, readonly string[]> = {
  White: [
    'Caucasian',
    'Caucasian',
    'Caucasian',
    'Hispanic or Latina',
    'Ashkenazi Jewish',
    'Sephardic Jewish',
  ],
  'Black or African American': ['African American', 'African American', 'African', 'Caribbean'],
  Asian: ['East Asian', 'East Asian', 'South Asian', 'Southeast Asian'],
  'American Indian or Alaska Native': ['Native American'],
  'Native Hawaiian or Other Pacific Islander': ['Pacific Islander'],
  'Middle Eastern or North African': ['Middle Eastern'],
  Other: ['Other'],
};
const HERITAGE_FOR_ETHNICITY: Record<string, readonly string[]> = {
  Caucasian: [
    'English',
    'Irish',
    'German',
    'Italian',
    'Scottish',
    'French',
    'Polish',
    'Dutch',
    'Swedish',
    'Norwegian',
    'Russian',
    'Ukrainian',
    'Greek',
    'Portuguese',
  ],
  'Hispanic or Latina': ['Mexican', 'Puerto Rican', 'Cuban', 'Colombian'],
  'Ashkenazi Jewish': ['Polish', 'Russian', 'German', 'Ukrainian'],
  'Sephardic Jewish': ['Portuguese', 'Greek', 'Lebanese'],
  'African American': ['American'],
  African: ['Nigerian', 'Ethiopian'],
  Caribbean: ['Jamaican'],
  'East Asian': ['Chinese', 'Japanese', 'Korean'],
  'South Asian': ['Indian'],
  'Southeast Asian': ['Filipino', 'Vietnamese'],
  'Native American': ['American'],
  'Pacific Islander': ['Other'],
  'Middle Eastern': ['Lebanese', 'Iranian', 'Armenian'],
  Other: ['Other'],
};

const EDUCATION_WEIGHTS: Record<EducationLevel, number> = {
  GED: 2,
  'High School Graduate': 8,
  'Technical School': 2,
  'Trade School': 2,
  'Some College': 12,
  'Currently Pursuing College Degree': 20,
  "Associate's Degree Completed": 8,
  "Bachelor's Degree Completed": 28,
  'Currently Pursuing Graduate Degree': 7,
  'Graduate Degree Completed': 8,
  'Currently Pursuing Doctoral Degree': 1,
  'Doctoral Degree Completed': 1,
  Others: 1,
};
const RELIGION_WEIGHTS = {
  Catholic: 20,
  Protestant: 18,
  'Christian (Other)': 12,
  'Latter-day Saint': 2,
  'Orthodox Christian': 1,
  Jewish: 4,
  Muslim: 2,
  Hindu: 2,
  Buddhist: 2,
  Sikh: 0.5,
  Spiritual: 10,
  Agnostic: 10,
  Atheist: 6,
  None: 10,
  Other: 0.5,
} as const;
const BLOOD_WEIGHTS = {
  'O+': 37,
  'A+': 33,
  'B+': 9,
  'AB+': 3,
  'O-': 7,
  'A-': 6,
  'B-': 2,
  'AB-': 1,
  Unknown: 2,
} as const;

function looks(rng: Rng, race: string) {
  const dark =
    race === 'Black or African American' ||
    race === 'Asian' ||
    race === 'Middle Eastern or North African' ||
    race === 'American Indian or Alaska Native' ||
    race === 'Native Hawaiian or Other Pacific Islander';
  if (dark) {
    return {
      hair: rng.weighted({ Black: 55, 'Dark Brown': 40, Brown: 5 }),
      eye: rng.weighted({ 'Dark Brown': 60, Brown: 35, Hazel: 5 }),
      skin:
        race === 'Black or African American'
          ? rng.weighted({ 'Medium Brown': 30, Brown: 40, 'Dark Brown': 30 })
          : rng.weighted({ 'Light Olive': 30, Olive: 40, 'Medium Brown': 30 }),
    };
  }
  return {
    hair: rng.weighted({
      Blonde: 15,
      'Light Blonde': 5,
      'Strawberry Blonde': 3,
      'Light Brown': 20,
      Brown: 25,
      'Dark Brown': 20,
      Auburn: 5,
      Red: 4,
      Black: 3,
    }),
    eye: rng.weighted({ Blue: 28, Green: 12, Hazel: 18, Brown: 30, 'Dark Brown': 6, Gray: 3, Amber: 3 }),
    skin: rng.weighted({ 'Very Fair': 15, Fair: 45, 'Light Olive': 25, Olive: 15 }),
  };
}

// ---------------------------------------------------------------------------------------------
// Generated images and documents

const COLORS: Record<string, [number, number, number]> = {
  Black: [30, 25, 22],
  'Dark Brown': [60, 40, 28],
  Brown: [100, 68, 42],
  'Light Brown': [150, 110, 70],
  Auburn: [130, 55, 30],
  Red: [170, 70, 40],
  'Strawberry Blonde': [210, 150, 100],
  Blonde: [220, 190, 120],
  'Light Blonde': [240, 220, 160],
  Gray: [160, 160, 160],
  'Very Fair': [250, 225, 210],
  Fair: [240, 205, 180],
  'Light Olive': [220, 180, 140],
  Olive: [195, 150, 110],
  'Medium Brown': [160, 110, 75],
  'Dark Brown skin': [95, 60, 40],
};
const BACKGROUNDS: [number, number, number][] = [
  [205, 225, 245],
  [230, 215, 240],
  [215, 240, 220],
  [250, 230, 205],
  [235, 235, 235],
];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 96x120 portrait silhouette in the donor's hair and skin colours (a valid RGB PNG). */
export function portraitPng(rng: Rng, hairColor: string, skinType: string): Buffer {
  const w = 96;
  const h = 120;
  const bg = rng.pick(BACKGROUNDS);
  const hair = COLORS[hairColor] ?? COLORS.Brown!;
  const skin = COLORS[skinType === 'Dark Brown' ? 'Dark Brown skin' : skinType] ?? COLORS.Fair!;
  const shirt: [number, number, number] = [rng.int(40, 200), rng.int(40, 200), rng.int(40, 200)];
  const cx = 48 + rng.int(-4, 4);
  const cy = 52;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      const dy = y - cy;
      let c = bg;
      if (y > 92 && Math.abs(dx) < 40 - (y - 92) * -0.3) c = shirt;
      else if (dx * dx + (dy + 4) * (dy + 4) < 26 * 26 && (dy < -6 || Math.abs(dx) > 18)) c = hair;
      else if ((dx * dx) / (19 * 19) + (dy * dy) / (24 * 24) < 1) c = skin;
      else if (y > 72 && y <= 92 && Math.abs(dx) < 8) c = skin;
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = c[0];
      raw[o + 1] = c[1];
      raw[o + 2] = c[2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a few lines of text (Helvetica), built by hand. */
export function textPdf(lines: readonly string[]): Buffer {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, '').replace(/([\\()])/g, '\\$1');
  const content = `BT /F1 12 Tf 72 720 Td 16 TL ${lines.map((l) => `(${esc(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------------------------------------------------------------------------------------------
// One donor

type Insert<T extends PgTable> = T['$inferInsert'];
type Child<T extends PgTable> = Omit<Insert<T>, 'donorId' | 'id'>;
type FileChild<T extends PgTable> = Omit<Child<T>, 'storageKey' | 'sizeBytes'> & {
  file: Buffer;
  ext: string;
};

export interface ZipInfo {
  zipcode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** Everything needed to write one donor; plain data, no ids yet. */
export interface GeneratedDonor {
  user: {
    username: string;
    firstName: string;
    middleName: string;
    lastName: string;
    contactNo: string;
    createdAt: Date;
  };
  donor: Omit<Insert<typeof donors>, 'userId'>;
  ssn: string;
  profile: Omit<Insert<typeof donorProfiles>, 'donorId' | 'ssnEncrypted'>;
  referrals: Child<typeof donorReferrals>[];
  races: Child<typeof donorRaces>[];
  ethnicities: Child<typeof donorEthnicities>[];
  familyMembers: Child<typeof donorFamilyMembers>[];
  familyHistory: Child<typeof donorFamilyHistory>[];
  /** familyMemberIndex: which familyMembers entry the disease belongs to, if any. */
  diseases: (Omit<Child<typeof donorDiseases>, 'familyMemberId'> & { familyMemberIndex: number | null })[];
  educationRecords: Child<typeof donorEducationRecords>[];
  examScores: Child<typeof donorExamScores>[];
  donationCycles: Child<typeof donorDonationCycles>[];
  medications: Child<typeof donorMedications>[];
  deliveries: Child<typeof donorDeliveries>[];
  frozenBatches: Child<typeof donorFrozenBatches>[];
  pictures: FileChild<typeof donorPictures>[];
  documents: FileChild<typeof donorDocuments>[];
  additionalDocuments: FileChild<typeof donorAdditionalDocuments>[];
  customAnswers: Child<typeof donorCustomAnswers>[];
  notes: Child<typeof donorNotes>[];
}

export interface GenerationContext {
  /** Ages and dates are relative to this day (UTC midnight). */
  today: Date;
  centerIds: readonly number[];
  zips: ReadonlyMap<string, ZipInfo>;
  /** A case manager per center, for staff notes. */
  managerByCenter: ReadonlyMap<number, number>;
}

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (today: Date, days: number) => new Date(today.getTime() - days * DAY);
function yearsBefore(today: Date, years: number, extraDays: number): Date {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return new Date(d.getTime() - extraDays * DAY);
}
const round1 = (x: number) => Math.round(x * 10) / 10;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function raceMix(rng: Rng): { name: string; percentage: number }[] {
  const choice = rng.weighted(RACE_WEIGHTS);
  if (choice !== 'mixed') return [{ name: choice, percentage: 100 }];
  const split = rng.pick(SPLITS);
  const names = rng.sample(
    RACES.filter((r) => r !== 'Other'),
    split.length,
  );
  return names.map((name, i) => ({ name, percentage: split[i]! }));
}

function ethnicityMix(rng: Rng, races: { name: string; percentage: number }[]) {
  // Each race contributes an ethnicity; equal names merge, keeping the total at 100.
  const merged = new Map<string, number>();
  for (const r of races) {
    const name = rng.pick(ETHNICITY_FOR_RACE[r.name] ?? ['Other']);
    merged.set(name, (merged.get(name) ?? 0) + r.percentage);
  }
  return [...merged].map(([name, percentage]) => ({ name, percentage }));
}

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
  const donationCycles: Child<typeof donorDonationCycles>[] = [];
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

  const deliveries: Child<typeof donorDeliveries>[] = [];
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

  const frozenBatches: Child<typeof donorFrozenBatches>[] = [];
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
  const familyMembers: Child<typeof donorFamilyMembers>[] = relations.map((relation, position) => {
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
  const educationRecords: Child<typeof donorEducationRecords>[] = [];
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
  const examScores: Child<typeof donorExamScores>[] = [];
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
  const medications: Child<typeof donorMedications>[] = anyMedications
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
      file: portraitPng(rng, look.hair, look.skin),
      ext: 'png',
      contentType: 'image/png',
      caption: 'Current photo',
      isDefault: true,
      position: 0,
      private: false,
      originalName: null,
    },
    {
      file: portraitPng(rng, look.hair, look.skin),
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
      file: textPdf([
        'Medical screening summary',
        `Donor ${displayId}`,
        `Blood group: see profile`,
        `AMH: ${amh ?? 'not tested'} ng/mL`,
        'Infectious disease panel: negative',
        'Genetic carrier screening: no pathogenic variants reported',
      ]),
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
          file: portraitPng(rng, look.hair, look.skin),
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
  const notes: Child<typeof donorNotes>[] = rng.chance(0.6)
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

function setSearchDocument(d: GeneratedDonor): void {
  const races = percentageFacts(d.races);
  const ethnicities = percentageFacts(d.ethnicities);
  d.donor.raceNames = races.names;
  d.donor.mainRace = races.main;
  d.donor.ethnicityNames = ethnicities.names;
  d.donor.mainEthnicity = ethnicities.main;
  d.donor.searchDocument = donorSearchDocument([
    d.donor.displayId,
    d.donor.agencyDisplayId,
    d.donor.city,
    d.donor.state,
    d.donor.zipcode,
    ...d.races.map((r) => r.name),
    ...d.ethnicities.map((e) => e.name),
    ...(d.donor.heritage ?? []),
    d.donor.religion,
    d.donor.eyeColor,
    d.donor.hairColor,
    d.donor.educationLevel,
    d.profile.occupation,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Postgres allows 65,535 bind parameters per statement; stay well under it. */
const MAX_PARAMS = 30_000;
/** Rows per unnest() insert: one parameter per column whatever the row count. */
const UNNEST_ROWS = 5_000;

/**
 * Multi-row insert. Plain-typed tables go through `insert ... select * from unnest($1::type[],
 * ...)`: one array parameter per column, which both drivers bind cheaply, where a VALUES list
 * costs drizzle's builder most of the seed time. Tables with array or json columns, or rows
 * that leave a NOT NULL column to a computed default, use drizzle's insert in chunks. The cast
 * types come from the schema, never from data.
 */
async function insertAll<T extends PgTable>(db: Db, table: T, rows: Insert<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows as Record<string, unknown>[];
  const used = (Object.entries(getTableColumns(table)) as [string, PgColumn][]).filter(([key]) =>
    records.some((r) => r[key] !== undefined),
  );
  const plain = used.every(([key, col]) => {
    const type = col.getSQLType();
    if (type.endsWith(']') || type.startsWith('json')) return false;
    return (
      !col.notNull ||
      records.every((r) => r[key] !== undefined) ||
      (col.default !== undefined && !is(col.default, SQL))
    );
  });
  if (!plain) {
    const chunk = Math.max(1, Math.floor(MAX_PARAMS / used.length));
    for (let i = 0; i < rows.length; i += chunk) await db.insert(table).values(rows.slice(i, i + chunk));
    return;
  }
  const names = sql.join(
    used.map(([, col]) => sql.identifier(col.name)),
    sql`, `,
  );
  for (let i = 0; i < records.length; i += UNNEST_ROWS) {
    const slice = records.slice(i, i + UNNEST_ROWS);
    const arrays = used.map(([key, col]) => {
      const values = slice.map((r) => {
        const v = r[key] === undefined ? (col.notNull ? col.default : null) : r[key];
        return v instanceof Date ? v.toISOString() : (v ?? null);
      });
      return sql`${sql.param(values)}::${sql.raw(col.getSQLType())}[]`;
    });
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/**
 * The seed's questions for each center that lacks them (found by text otherwise), so answers
 * point at a real question; maps "center:seed question number" to the question's id.
 */
async function seedCustomQuestions(db: Db, centerIds: number[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const centerId of [...new Set(centerIds)].sort((a, b) => a - b)) {
    for (const q of CUSTOM_QUESTIONS) {
      const key = questionKey(q.question);
      const [row] = await db
        .insert(customizedQuestions)
        .values({ centerId, question: q.question, questionKey: key, tab: q.tab, isRequired: q.isRequired })
        .onConflictDoUpdate({
          target: [customizedQuestions.centerId, customizedQuestions.questionKey],
          set: { questionKey: key },
        })
        .returning({ id: customizedQuestions.id });
      ids.set(`${centerId}:${q.questionId}`, row!.id);
    }
  }
  return ids;
}

export interface WriteDeps {
  /** Encrypts the SSN; without it no SSN is stored. */
  secrets?: SecretBox;
  /** Receives the generated photos and documents; without it none are stored. */
  storage?: FileStorage;
}

async function storeFiles<R extends { file: Buffer; ext: string }>(
  storage: FileStorage | undefined,
  donorId: number,
  files: R[],
): Promise<(Omit<R, 'file' | 'ext'> & { donorId: number; storageKey: string; sizeBytes: number })[]> {
  if (!storage) return [];
  return Promise.all(
    files.map(async ({ file, ext, ...rest }) => ({
      ...rest,
      donorId,
      storageKey: await storage.put(file, ext),
      sizeBytes: file.length,
    })),
  );
}

/**
 * Writes donors rows, profiles and every child table for users that already exist, with
 * multi-row inserts. Call inside a transaction. Files are stored first: a failed transaction
 * leaves unreferenced files, never rows pointing at missing files.
 */
export async function writeDonorProfiles(
  db: Db,
  items: { userId: number; donor: GeneratedDonor }[],
  deps: WriteDeps,
): Promise<void> {
  if (items.length === 0) return;
  const stored = await Promise.all(
    items.map(async ({ userId, donor: d }) => ({
      pictures: await storeFiles(deps.storage, userId, d.pictures),
      documents: await storeFiles(deps.storage, userId, d.documents),
      additional: await storeFiles(deps.storage, userId, d.additionalDocuments),
    })),
  );
  await insertAll(
    db,
    donors,
    items.map(({ userId, donor: d }) => ({ ...d.donor, userId })),
  );
  await insertAll(
    db,
    donorProfiles,
    items.map(({ userId, donor: d }) => ({
      ...d.profile,
      donorId: userId,
      ssnEncrypted: deps.secrets ? deps.secrets.seal(d.ssn) : null,
    })),
  );
  const children = <K extends keyof GeneratedDonor>(key: K) =>
    items.flatMap(({ userId, donor: d }) =>
      (d[key] as unknown as object[]).map((row) => ({ ...row, donorId: userId })),
    );
  await insertAll(db, donorReferrals, children('referrals') as Insert<typeof donorReferrals>[]);
  await insertAll(db, donorRaces, children('races') as Insert<typeof donorRaces>[]);
  await insertAll(db, donorEthnicities, children('ethnicities') as Insert<typeof donorEthnicities>[]);
  await insertAll(db, donorFamilyHistory, children('familyHistory') as Insert<typeof donorFamilyHistory>[]);
  await insertAll(
    db,
    donorEducationRecords,
    children('educationRecords') as Insert<typeof donorEducationRecords>[],
  );
  await insertAll(db, donorExamScores, children('examScores') as Insert<typeof donorExamScores>[]);
  await insertAll(
    db,
    donorDonationCycles,
    children('donationCycles') as Insert<typeof donorDonationCycles>[],
  );
  await insertAll(db, donorMedications, children('medications') as Insert<typeof donorMedications>[]);
  await insertAll(db, donorDeliveries, children('deliveries') as Insert<typeof donorDeliveries>[]);
  await insertAll(db, donorFrozenBatches, children('frozenBatches') as Insert<typeof donorFrozenBatches>[]);
  const questionIds = await seedCustomQuestions(
    db,
    items.map((i) => i.donor.donor.centerId),
  );
  await insertAll(
    db,
    donorCustomAnswers,
    items.flatMap(({ userId, donor: d }) =>
      d.customAnswers.map((a) => ({
        ...a,
        donorId: userId,
        questionId: questionIds.get(`${d.donor.centerId}:${a.questionId}`)!,
      })),
    ) as Insert<typeof donorCustomAnswers>[],
  );
  await insertAll(db, donorNotes, children('notes') as Insert<typeof donorNotes>[]);
  await insertAll(
    db,
    donorPictures,
    stored.flatMap((s) => s.pictures),
  );
  await insertAll(
    db,
    donorDocuments,
    stored.flatMap((s) => s.documents),
  );
  await insertAll(
    db,
    donorAdditionalDocuments,
    stored.flatMap((s) => s.additional),
  );

  // Family members need their ids for the disease rows that point at them.
  const members = children('familyMembers') as Insert<typeof donorFamilyMembers>[];
  const memberIds = new Map<string, number>();
  const perRow = Object.keys(members[0] ?? { a: 1 }).length;
  const chunk = Math.floor(MAX_PARAMS / perRow);
  for (let i = 0; i < members.length; i += chunk) {
    const inserted = await db
      .insert(donorFamilyMembers)
      .values(members.slice(i, i + chunk))
      .returning({
        id: donorFamilyMembers.id,
        donorId: donorFamilyMembers.donorId,
        position: donorFamilyMembers.position,
      });
    for (const m of inserted) memberIds.set(`${m.donorId}:${m.position}`, m.id);
  }
  await insertAll(
    db,
    donorDiseases,
    items.flatMap(({ userId, donor: d }) =>
      d.diseases.map(({ familyMemberIndex, ...row }) => ({
        ...row,
        donorId: userId,
        familyMemberId:
          familyMemberIndex === null
            ? null
            : (memberIds.get(`${userId}:${d.familyMembers[familyMemberIndex]!.position}`) ?? null),
      })),
    ),
  );
}

/** Reads the centers, zip codes and managers the generator draws from. */
export async function loadGenerationContext(db: Db, today: Date): Promise<GenerationContext> {
  const centerRows = await db
    .select({ id: centers.id })
    .from(centers)
    .where(inArray(centers.id, Object.keys(CENTER_WEIGHTS).map(Number)));
  if (centerRows.length === 0)
    throw new Error('Synthetic donors need the demo centers: seed the demo data first.');
  const zipRows = await db
    .select({
      zipcode: zipCodes.zipcode,
      city: zipCodes.city,
      state: zipCodes.state,
      latitude: zipCodes.latitude,
      longitude: zipCodes.longitude,
    })
    .from(zipCodes)
    .where(and(eq(zipCodes.country, 'US'), inArray(zipCodes.zipcode, SYNTHETIC_ZIPCODES)));
  if (zipRows.length === 0)
    throw new Error('Synthetic donors need the US zip codes: load the reference data first.');
  const managers = await db
    .select({ id: users.id, centerId: users.centerId })
    .from(users)
    .where(eq(users.role, ROLE.MANAGER))
    .orderBy(users.id);
  const managerByCenter = new Map<number, number>();
  for (const m of managers) if (!managerByCenter.has(m.centerId)) managerByCenter.set(m.centerId, m.id);
  return {
    today,
    centerIds: centerRows.map((c) => c.id).sort((a, b) => a - b),
    zips: new Map(zipRows.sort((a, b) => a.zipcode.localeCompare(b.zipcode)).map((z) => [z.zipcode, z])),
    managerByCenter,
  };
}

/** UTC midnight of the given moment: ages and dates are stable within a day. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export interface SyntheticDonorOptions {
  count: number;
  seed: number;
  storage?: FileStorage;
  /** Defaults to now; tests pin it so the same seed gives the same dates. */
  now?: Date;
  /** Donors per transaction. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Adds `count` synthetic donors (users donor{n}@synthetic.test, role donor, password the demo
 * password) after any already present, so running it twice adds more rather than failing.
 */
export async function seedSyntheticDonors(
  db: Db,
  secrets: SecretBox,
  opts: SyntheticDonorOptions,
): Promise<{ created: number; first: number; last: number }> {
  const today = startOfUtcDay(opts.now ?? new Date());
  const ctx = await loadGenerationContext(db, today);
  const [{ max }] = (await queryRows<{ max: number | null }>(
    db,
    sql`select max(substring(username from '^donor([0-9]+)@synthetic[.]test$')::int) as max
        from users where username like 'donor%@synthetic.test'`,
  )) as [{ max: number | null }];
  const first = (max ?? 0) + 1;
  // One argon2 hash shared by all: hashing per donor would take minutes and prove nothing.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const batchSize = opts.batchSize ?? 500;
  for (let start = 0; start < opts.count; start += batchSize) {
    const generated: GeneratedDonor[] = [];
    for (let n = first + start; n < first + Math.min(opts.count, start + batchSize); n++)
      generated.push(generateDonor(opts.seed, n, ctx));
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values(
          generated.map((g) => ({
            ...g.user,
            role: ROLE.DONOR,
            status: 'Active',
            centerId: g.donor.centerId,
            country: 'United States',
            passwordHash,
            eulaAcceptedAt: g.user.createdAt,
            updatedAt: g.user.createdAt,
          })),
        )
        .returning({ id: users.id, username: users.username });
      const ids = new Map(inserted.map((u) => [u.username, u.id]));
      await writeDonorProfiles(
        tx as unknown as Db,
        generated.map((g) => ({ userId: ids.get(g.user.username)!, donor: g })),
        { secrets, storage: opts.storage },
      );
    });
    opts.onProgress?.(Math.min(opts.count, start + batchSize), opts.count);
  }
  return { created: opts.count, first, last: first + opts.count - 1 };
}

/** The seed the demo donor's profile is drawn from. */
export const DEMO_DONOR_SEED = 1001;

/**
 * Gives an existing demo donor account a complete profile through the same generator: the
 * account's own name, center, availability and ids win over the generated ones.
 */
export async function writeDemoDonorProfile(
  db: Db,
  account: {
    userId: number;
    centerId: number;
    firstName: string;
    lastName: string;
    availability: string;
    preFormStatus: number | null;
    displayId: string;
  },
  deps: WriteDeps & { now?: Date },
): Promise<void> {
  const ctx = await loadGenerationContext(db, startOfUtcDay(deps.now ?? new Date()));
  const generated = generateDonor(DEMO_DONOR_SEED, 0, { ...ctx, centerIds: [account.centerId] });
  generated.user = { ...generated.user, firstName: account.firstName, lastName: account.lastName };
  generated.donor = {
    ...generated.donor,
    centerId: account.centerId,
    availability: account.availability,
    preFormStatus: account.preFormStatus,
    displayId: account.displayId,
    agencyDisplayId: account.displayId,
  };
  setSearchDocument(generated);
  await writeDonorProfiles(db, [{ userId: account.userId, donor: generated }], deps);
}
