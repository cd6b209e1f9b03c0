import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  centers,
  customizedQuestions,
  donorCustomAnswers,
  donorDeliveries,
  donorDiseases,
  donorDonationCycles,
  donorEducationRecords,
  donorEthnicities,
  donorExamScores,
  donorFamilyHistory,
  donorFamilyMembers,
  donorFormChanges,
  donorFrozenBatches,
  donorMedications,
  donorPictures,
  donorProfiles,
  donorRaces,
  donorReferrals,
  donorStatusMessages,
  donors,
  matches,
  users,
  zipCodes,
} from '../../db/schema/index.js';
import { type Db, queryRows } from '../../platform/db.js';

/**
 * Queries of the donor form. The readers of a donor's profile rows are those of
 * modules/donors/donors.repo.ts; this file adds the writers and the form's own tables.
 */

export const referralsOf = (db: Db, donorId: number) =>
  db
    .select({ source: donorReferrals.source })
    .from(donorReferrals)
    .where(eq(donorReferrals.donorId, donorId))
    .orderBy(asc(donorReferrals.id));

export const updateUser = (db: Db, userId: number, values: Partial<typeof users.$inferInsert>) =>
  db.update(users).set(values).where(eq(users.id, userId));

export const updateDonor = (db: Db, donorId: number, values: Partial<typeof donors.$inferInsert>) =>
  db.update(donors).set(values).where(eq(donors.userId, donorId));

/** Inserts the profile row when missing, else updates the given columns. */
export async function upsertProfile(
  db: Db,
  donorId: number,
  values: Partial<typeof donorProfiles.$inferInsert>,
): Promise<void> {
  await db
    .insert(donorProfiles)
    .values({ donorId, ...values })
    .onConflictDoUpdate({ target: donorProfiles.donorId, set: { ...values, updatedAt: new Date() } });
}

/** The child tables a tab rewrites as a whole (delete, then insert the submitted rows). */
const CHILD_TABLES = {
  referrals: donorReferrals,
  deliveries: donorDeliveries,
  medications: donorMedications,
  races: donorRaces,
  ethnicities: donorEthnicities,
  familyMembers: donorFamilyMembers,
  familyHistory: donorFamilyHistory,
  diseases: donorDiseases,
  cycles: donorDonationCycles,
  frozenBatches: donorFrozenBatches,
  exams: donorExamScores,
  education: donorEducationRecords,
} as const;
type ChildTables = typeof CHILD_TABLES;

export async function replaceRows<K extends keyof ChildTables>(
  db: Db,
  kind: K,
  donorId: number,
  rows: Omit<ChildTables[K]['$inferInsert'], 'donorId' | 'id'>[],
): Promise<void> {
  const table = CHILD_TABLES[kind];
  await db.delete(table).where(eq(table.donorId, donorId));
  if (rows.length === 0) return;
  // biome-ignore lint/suspicious/noExplicitAny: the row type follows the table chosen by `kind`.
  await db.insert(table).values(rows.map((r) => ({ ...r, donorId })) as any);
}

/** What a donor's text-search document is made of, and the document as stored. */
export interface SearchDocumentParts {
  display_id: string | null;
  agency_display_id: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  heritage: string[];
  religion: string | null;
  eye_color: string | null;
  hair_color: string | null;
  education_level: string | null;
  occupation: string | null;
  races: string[];
  ethnicities: string[];
  stored: string;
}

/**
 * The parts of the donor's search document in one statement (the donor row, the profile's
 * occupation, the race and ethnicity names in the form's order), or null if there is no donor.
 */
export async function searchDocumentParts(db: Db, donorId: number): Promise<SearchDocumentParts | null> {
  const [row] = await queryRows<SearchDocumentParts>(
    db,
    sql`select d.display_id, d.agency_display_id, d.city, d.state, d.zipcode, d.heritage, d.religion,
        d.eye_color, d.hair_color, d.education_level, p.occupation, d.search_document as stored,
        array(select r.name from ${donorRaces} r where r.donor_id = d.user_id order by r.position, r.id) as races,
        array(select e.name from ${donorEthnicities} e where e.donor_id = d.user_id order by e.position, e.id) as ethnicities
      from ${donors} d left join ${donorProfiles} p on p.donor_id = d.user_id
      where d.user_id = ${donorId}`,
  );
  return row ?? null;
}

export async function findZip(db: Db, zipcode: string) {
  const [row] = await db
    .select({ latitude: zipCodes.latitude, longitude: zipCodes.longitude })
    .from(zipCodes)
    .where(and(eq(zipCodes.country, 'US'), eq(zipCodes.zipcode, zipcode)))
    .limit(1);
  return row ?? null;
}

/** Another donor of the center already uses this agency donor id (case-insensitive). */
export async function agencyIdTaken(db: Db, centerId: number, donorId: number, displayId: string) {
  const [row] = await db
    .select({ id: donors.userId })
    .from(donors)
    .where(
      and(
        eq(donors.centerId, centerId),
        ne(donors.userId, donorId),
        sql`lower(${donors.agencyDisplayId}) = lower(${displayId})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function pictureCount(db: Db, donorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(donorPictures).where(eq(donorPictures.donorId, donorId));
  return row?.n ?? 0;
}

/** The center's active required questions on the given tabs that the donor left unanswered. */
export async function unansweredRequired(db: Db, centerId: number, donorId: number, tabs: readonly string[]) {
  return db
    .select({
      id: customizedQuestions.id,
      question: customizedQuestions.question,
      tab: customizedQuestions.tab,
    })
    .from(customizedQuestions)
    .leftJoin(
      donorCustomAnswers,
      and(eq(donorCustomAnswers.questionId, customizedQuestions.id), eq(donorCustomAnswers.donorId, donorId)),
    )
    .where(
      and(
        eq(customizedQuestions.centerId, centerId),
        eq(customizedQuestions.isActive, true),
        eq(customizedQuestions.isRequired, true),
        inArray(customizedQuestions.tab, [...tabs]),
        sql`coalesce(trim(${donorCustomAnswers.answer}), '') = ''`,
      ),
    )
    .orderBy(asc(customizedQuestions.id));
}

// --- change sets

export const changeSetsOf = (db: Db, donorId: number) =>
  db
    .select()
    .from(donorFormChanges)
    .where(eq(donorFormChanges.donorId, donorId))
    .orderBy(desc(donorFormChanges.version));

export async function changeSet(db: Db, donorId: number, version: number) {
  const [row] = await db
    .select()
    .from(donorFormChanges)
    .where(and(eq(donorFormChanges.donorId, donorId), eq(donorFormChanges.version, version)))
    .limit(1);
  return row ?? null;
}

export async function pendingChangeSets(db: Db, donorId: number) {
  return db
    .select()
    .from(donorFormChanges)
    .where(and(eq(donorFormChanges.donorId, donorId), eq(donorFormChanges.status, 'pending')))
    .orderBy(asc(donorFormChanges.version));
}

/** Locks the donor row so that concurrent saves number their change sets one after another. */
export async function lockDonor(db: Db, donorId: number) {
  await db.execute(sql`select 1 from donors where user_id = ${donorId} for update`);
}

export async function nextVersion(db: Db, donorId: number): Promise<number> {
  const [row] = await db
    .select({ v: sql<number>`coalesce(max(${donorFormChanges.version}), 0)::int` })
    .from(donorFormChanges)
    .where(eq(donorFormChanges.donorId, donorId));
  return (row?.v ?? 0) + 1;
}

export const insertChangeSet = (db: Db, values: typeof donorFormChanges.$inferInsert) =>
  db.insert(donorFormChanges).values(values);

export const closePendingChangeSets = (
  db: Db,
  donorId: number,
  status: string,
  reviewedBy: number,
  at: Date,
) =>
  db
    .update(donorFormChanges)
    .set({ status, reviewedBy, reviewedAt: at })
    .where(and(eq(donorFormChanges.donorId, donorId), eq(donorFormChanges.status, 'pending')));

// --- status messages

export const insertStatusMessage = (db: Db, values: typeof donorStatusMessages.$inferInsert) =>
  db.insert(donorStatusMessages).values(values);

export const statusMessagesOf = (db: Db, donorId: number) =>
  db
    .select()
    .from(donorStatusMessages)
    .where(eq(donorStatusMessages.donorId, donorId))
    .orderBy(desc(donorStatusMessages.createdAt), desc(donorStatusMessages.id))
    .limit(20);

/** A center's contact details (GET getagencycontact). */
export async function centerContact(db: Db, centerId: number) {
  const [row] = await db
    .select({
      name: centers.agencyName,
      email: centers.email,
      contactNo: centers.contactNo,
      address: centers.address,
      agencyUrl: centers.agencyUrl,
    })
    .from(centers)
    .where(eq(centers.id, centerId));
  return row;
}

/** Whether the donor is in an Active match (her form then opens in preview). */
export async function hasActiveMatch(db: Db, donorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.donorId, donorId), eq(matches.status, 'Active')))
    .limit(1);
  return row !== undefined;
}
