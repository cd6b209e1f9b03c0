import { donorSearchDocument, percentageFacts } from '@dm/shared';
import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema/index.js';
import type { SeedFile } from './files.js';
// What the generator hands the writer: one donor as plain data, no ids yet.

export type Insert<T extends PgTable> = T['$inferInsert'];
export type Child<T extends PgTable> = Omit<Insert<T>, 'donorId' | 'id'>;
export type FileChild<T extends PgTable> = Omit<Child<T>, 'storageKey' | 'sizeBytes'> & {
  file: SeedFile;
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
  donor: Omit<Insert<typeof schema.donors>, 'userId'>;
  ssn: string;
  profile: Omit<Insert<typeof schema.donorProfiles>, 'donorId' | 'ssnEncrypted'>;
  referrals: Child<typeof schema.donorReferrals>[];
  races: Child<typeof schema.donorRaces>[];
  ethnicities: Child<typeof schema.donorEthnicities>[];
  familyMembers: Child<typeof schema.donorFamilyMembers>[];
  familyHistory: Child<typeof schema.donorFamilyHistory>[];
  /** familyMemberIndex: which familyMembers entry the disease belongs to, if any. */
  diseases: (Omit<Child<typeof schema.donorDiseases>, 'familyMemberId'> & {
    familyMemberIndex: number | null;
  })[];
  educationRecords: Child<typeof schema.donorEducationRecords>[];
  examScores: Child<typeof schema.donorExamScores>[];
  donationCycles: Child<typeof schema.donorDonationCycles>[];
  medications: Child<typeof schema.donorMedications>[];
  deliveries: Child<typeof schema.donorDeliveries>[];
  frozenBatches: Child<typeof schema.donorFrozenBatches>[];
  pictures: FileChild<typeof schema.donorPictures>[];
  documents: FileChild<typeof schema.donorDocuments>[];
  additionalDocuments: FileChild<typeof schema.donorAdditionalDocuments>[];
  customAnswers: Child<typeof schema.donorCustomAnswers>[];
  notes: Child<typeof schema.donorNotes>[];
}

export interface GenerationContext {
  /** Ages and dates are relative to this day (UTC midnight). */
  today: Date;
  centerIds: readonly number[];
  zips: ReadonlyMap<string, ZipInfo>;
  /** A case manager per center, for staff notes. */
  managerByCenter: ReadonlyMap<number, number>;
}

export function setSearchDocument(d: GeneratedDonor): void {
  const races = percentageFacts(d.races);
  const ethnicities = percentageFacts(d.ethnicities);
  d.donor.raceNames = races.names;
  d.donor.mainRace = races.main;
  d.donor.ethnicityNames = ethnicities.names;
  d.donor.mainEthnicity = ethnicities.main;
  d.donor.raceCard = races.card;
  d.donor.ethnicityCard = ethnicities.card;
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
