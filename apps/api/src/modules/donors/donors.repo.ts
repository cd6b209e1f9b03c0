import { and, asc, desc, eq, getTableName, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type CenterSettings, centerSettings } from '../../db/schema/centers.js';
import {
  centers,
  donorAdditionalDocuments,
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
  donorShares,
  donors,
  donorVideos,
  donorViews,
  favorites,
  ipQueries,
  sessions,
  users,
} from '../../db/schema/index.js';
import { type Db, preparedPerDb } from '../../platform/db.js';
import { type VisibilityRule, visibilitySqlOf, visibilityValues } from '../donor-access/index.js';

/** Queries only; the rules (who may see what) are in donors.service.ts. */

export type { CenterSettings };
/** A center's stored settings (rows carry them raw) with the defaults for what it does not set. */
export const settingsWithDefaults = centerSettings;

/** The donor id of the prepared reads below (the donor page reads a dozen of them per answer). */
const donorIdParam = sql.placeholder('donorId');

/** A donor's core row: the donor with its user and center. */
interface CoreRow {
  donor: typeof donors.$inferSelect;
  user: typeof users.$inferSelect;
  center: typeof centers.$inferSelect;
}

/**
 * The core read with a visibility condition, one prepared statement per kind of rule (its values
 * are placeholders). `all` is the plain read by id.
 */
const coreQueries = Object.fromEntries(
  (['all', 'self', 'centers', 'client'] as const).map((kind) => [
    kind,
    preparedPerDb(`donor_core_${kind}`, (db, name) =>
      db
        .select({ donor: donors, user: users, center: centers })
        .from(donors)
        .innerJoin(users, eq(users.id, donors.userId))
        .innerJoin(centers, eq(centers.id, donors.centerId))
        .where(
          and(
            eq(donors.userId, donorIdParam),
            visibilitySqlOf(kind, {
              donorId: sql.placeholder('selfId'),
              ownCenter: sql.placeholder('ownCenter'),
              centers: sql.placeholder('centers'),
              hidden: sql.placeholder('hidden'),
            }),
          ),
        )
        .limit(1)
        .prepare(name),
    ),
  ]),
) as Record<VisibilityRule['kind'], (db: Db, values: Record<string, unknown>) => Promise<CoreRow[]>>;

/**
 * The donor's core row (donor, user, center) if `rule` lets the caller see it, else null: the
 * visibility check and the read in one statement.
 */
export async function visibleDonorCore(db: Db, donorId: number, rule: VisibilityRule) {
  const { donorId: selfId, ...values } = visibilityValues(rule);
  const [row] = await coreQueries[rule.kind](db, { donorId, selfId, ...values });
  return row ? { ...row, settings: centerSettings(row.center.settings) } : null;
}

/** The donor's core row whoever asks (the form's own reads, after their own checks). */
export const donorCore = (db: Db, donorId: number) => visibleDonorCore(db, donorId, { kind: 'all' });
export type DonorCore = NonNullable<Awaited<ReturnType<typeof donorCore>>>;

const profileQuery = preparedPerDb('donor_profile', (db, name) =>
  db.select().from(donorProfiles).where(eq(donorProfiles.donorId, donorIdParam)).limit(1).prepare(name),
);

export async function profileOf(db: Db, donorId: number) {
  const [row] = await profileQuery(db, { donorId });
  return row ?? null;
}

const racesQuery = preparedPerDb('donor_races_of', (db, name) =>
  db
    .select({ name: donorRaces.name, percentage: donorRaces.percentage })
    .from(donorRaces)
    .where(eq(donorRaces.donorId, donorIdParam))
    .orderBy(asc(donorRaces.position))
    .prepare(name),
);
export const racesOf = (db: Db, donorId: number) => racesQuery(db, { donorId });

const ethnicitiesQuery = preparedPerDb('donor_ethnicities_of', (db, name) =>
  db
    .select({ name: donorEthnicities.name, percentage: donorEthnicities.percentage })
    .from(donorEthnicities)
    .where(eq(donorEthnicities.donorId, donorIdParam))
    .orderBy(asc(donorEthnicities.position))
    .prepare(name),
);
export const ethnicitiesOf = (db: Db, donorId: number) => ethnicitiesQuery(db, { donorId });

/**
 * A table of the donor's form that holds many rows per donor: a reader of one donor's rows in
 * the given order (a prepared statement named after the table).
 */
function rowsOfDonor<T extends PgTable & { donorId: AnyPgColumn }>(table: T, ...order: SQL[]) {
  const query = preparedPerDb(`donor_rows_${getTableName(table)}`, (db, name) =>
    db
      .select()
      .from(table as PgTable)
      .where(eq(table.donorId, donorIdParam))
      .orderBy(...order)
      .prepare(name),
  );
  return (db: Db, donorId: number): Promise<T['$inferSelect'][]> => query(db, { donorId }) as never;
}

export const familyMembersOf = rowsOfDonor(
  donorFamilyMembers,
  asc(donorFamilyMembers.position),
  asc(donorFamilyMembers.id),
);
export const familyHistoryOf = rowsOfDonor(donorFamilyHistory, asc(donorFamilyHistory.key));
export const diseasesOf = rowsOfDonor(donorDiseases, asc(donorDiseases.id));
export const educationOf = rowsOfDonor(donorEducationRecords, asc(donorEducationRecords.id));
export const examsOf = rowsOfDonor(donorExamScores, asc(donorExamScores.id));
export const donationCyclesOf = rowsOfDonor(donorDonationCycles, desc(donorDonationCycles.cycleDate));
export const medicationsOf = rowsOfDonor(donorMedications, asc(donorMedications.id));
export const deliveriesOf = rowsOfDonor(donorDeliveries, asc(donorDeliveries.dateOfBirth));
export const frozenBatchesOf = rowsOfDonor(donorFrozenBatches, asc(donorFrozenBatches.frozenDate));

/**
 * A table of the donor's files: a reader of one donor's files in the given order, the private
 * ones left out unless the caller may see them (two prepared statements: with and without).
 */
function filesOfDonor<T extends PgTable & { donorId: AnyPgColumn; private: AnyPgColumn }>(
  table: T,
  ...order: SQL[]
) {
  const query = (withPrivate: boolean) =>
    preparedPerDb(`donor_files_${getTableName(table)}${withPrivate ? '_all' : ''}`, (db, name) =>
      db
        .select()
        .from(table as PgTable)
        .where(and(eq(table.donorId, donorIdParam), withPrivate ? undefined : eq(table.private, false)))
        .orderBy(...order)
        .prepare(name),
    );
  const all = query(true);
  const shown = query(false);
  return (db: Db, donorId: number, withPrivate: boolean): Promise<T['$inferSelect'][]> =>
    (withPrivate ? all : shown)(db, { donorId }) as never;
}

export const picturesOf = filesOfDonor(
  donorPictures,
  desc(donorPictures.isDefault),
  asc(donorPictures.position),
  asc(donorPictures.id),
);
export const videosOf = filesOfDonor(donorVideos, asc(donorVideos.id));
export const documentsOf = filesOfDonor(donorDocuments, asc(donorDocuments.id));
export const additionalDocumentsOf = filesOfDonor(
  donorAdditionalDocuments,
  asc(donorAdditionalDocuments.kind),
  asc(donorAdditionalDocuments.id),
);

export const FILE_TABLES = {
  picture: donorPictures,
  video: donorVideos,
  document: donorDocuments,
  additional: donorAdditionalDocuments,
} as const;
export type FileKind = keyof typeof FILE_TABLES;

export async function fileRow(db: Db, kind: FileKind, fileId: number) {
  const table = FILE_TABLES[kind];
  const [row] = await db
    .select({
      donorId: table.donorId,
      /** The donor's center, for the read's audit entry. */
      centerId: sql<number>`(select ${donors.centerId} from ${donors} where ${donors.userId} = ${table.donorId})`,
      storageKey: table.storageKey,
      contentType: table.contentType,
      private: table.private,
    })
    .from(table)
    .where(eq(table.id, fileId))
    .limit(1);
  return row ?? null;
}

// --- notes

/** A donor's notes, of one center (the caller's, `notesCenter` of policy/note.ts) or of all (null). */
export const notesOf = (db: Db, donorId: number, centerId: number | null) =>
  db
    .select({
      noteId: donorNotes.id,
      managerId: donorNotes.managerId,
      firstName: users.firstName,
      lastName: users.lastName,
      note: donorNotes.note,
      createdAt: donorNotes.createdAt,
    })
    .from(donorNotes)
    .leftJoin(users, eq(users.id, donorNotes.managerId))
    .where(
      and(eq(donorNotes.donorId, donorId), centerId === null ? undefined : eq(donorNotes.centerId, centerId)),
    )
    .orderBy(desc(donorNotes.createdAt), desc(donorNotes.id));

export async function insertNote(db: Db, values: typeof donorNotes.$inferInsert) {
  const [row] = await db.insert(donorNotes).values(values).returning();
  return row!;
}

export async function noteById(db: Db, noteId: number) {
  const [row] = await db.select().from(donorNotes).where(eq(donorNotes.id, noteId)).limit(1);
  return row ?? null;
}

export const deleteNote = (db: Db, noteId: number) => db.delete(donorNotes).where(eq(donorNotes.id, noteId));

export const setAdminNotes = (db: Db, donorId: number, adminNotes: string) =>
  db
    .update(donorProfiles)
    .set({ adminNotes, updatedAt: new Date() })
    .where(eq(donorProfiles.donorId, donorId))
    .returning({ donorId: donorProfiles.donorId });

// --- views

const pageViewFacts = preparedPerDb('donor_page_view_facts', (db, name) =>
  db
    .select({
      seen: sql<boolean>`exists (select 1 from ${donorViews} v
        where v.session_id = ${sessions.id} and v.donor_id = ${donorIdParam})`,
      views: sql<number>`(select count(*)::int from ${donorViews} v where v.session_id = ${sessions.id}
        and (${sessions.captchaSolvedAt} is null or v.viewed_at >= ${sessions.captchaSolvedAt}))`,
    })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare(name),
);

/**
 * What the donor page's captcha rule needs of a session, in one statement: whether it already
 * opened this donor, and how many distinct donors it opened since its last solved captcha (all
 * of them when it never solved one).
 */
export async function pageViewFactsOf(
  db: Db,
  sessionId: number,
  donorId: number,
): Promise<{ seen: boolean; views: number }> {
  const [row] = await pageViewFacts(db, { sessionId, donorId });
  return row ?? { seen: false, views: 0 };
}

export const markCaptchaSolved = (db: Db, sessionId: number, at: Date) =>
  db.update(sessions).set({ captchaSolvedAt: at }).where(eq(sessions.id, sessionId));

/** Records the view; false when this session had already counted it (a concurrent request). */
export async function insertView(
  db: Db,
  values: { sessionId: number; donorId: number; userId: number; viewedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(donorViews)
    .values(values)
    .onConflictDoNothing()
    .returning({ d: donorViews.donorId });
  if (rows.length === 0) return false;
  await db
    .update(donors)
    .set({ viewsCount: sql`${donors.viewsCount} + 1` })
    .where(eq(donors.userId, values.donorId));
  return true;
}

// --- summaries (favourites, shares, comparison)

export function summaryColumns() {
  return {
    donorId: donors.userId,
    displayId: donors.displayId,
    agencyDisplayId: donors.agencyDisplayId,
    firstName: users.firstName,
    dateOfBirth: donors.dateOfBirth,
    availability: donors.availability,
    donorType: donors.donorType,
    centerId: donors.centerId,
    centerSettings: centers.settings,
    heightCm: donors.heightCm,
    eyeColor: donors.eyeColor,
    hairColor: donors.hairColor,
    educationLevel: donors.educationLevel,
    bloodGroup: donors.bloodGroup,
    religion: donors.religion,
    previousDonor: donors.previousDonor,
    provenFertility: donors.provenFertility,
    amhValue: donors.amhValue,
    donationCount: donors.donationCount,
    compensation: donors.compensation,
    pictureId: sql<
      number | null
    >`(select p.id from donor_pictures p where p.donor_id = ${donors.userId} and not p.private order by p.is_default desc, p.position, p.id limit 1)`,
  };
}

export const favoritesOf = (db: Db, userId: number, visible: SQL) =>
  db
    .select({ ...summaryColumns(), favoritedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(donors, eq(donors.userId, favorites.donorId))
    .innerJoin(users, eq(users.id, donors.userId))
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(and(eq(favorites.userId, userId), visible))
    .orderBy(desc(favorites.createdAt));

export const addFavorite = (db: Db, userId: number, donorId: number, at: Date) =>
  db.insert(favorites).values({ userId, donorId, createdAt: at }).onConflictDoNothing().returning();

export const removeFavorite = (db: Db, userId: number, donorId: number) =>
  db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.donorId, donorId)))
    .returning();

export const compareRows = (db: Db, donorIds: number[], visible: SQL) =>
  db
    .select(summaryColumns())
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(and(inArray(donors.userId, donorIds), visible));

async function namesOf(db: Db, table: typeof donorRaces | typeof donorEthnicities, donorIds: number[]) {
  if (donorIds.length === 0) return [];
  return db
    .select({ donorId: table.donorId, name: table.name })
    .from(table)
    .where(inArray(table.donorId, donorIds))
    .orderBy(asc(table.position));
}

/** The race names of these donors, each donor's in her order. */
export const raceNamesOf = (db: Db, donorIds: number[]) => namesOf(db, donorRaces, donorIds);
export const ethnicityNamesOf = (db: Db, donorIds: number[]) => namesOf(db, donorEthnicities, donorIds);

// --- sharing

export async function userById(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export const managersOf = (db: Db, centerId: number, exceptUserId: number) =>
  db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.centerId, centerId),
        eq(users.role, 6),
        ne(users.status, 'Archived'),
        ne(users.id, exceptUserId),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));

export async function insertShare(db: Db, values: typeof donorShares.$inferInsert) {
  const [row] = await db.insert(donorShares).values(values).returning();
  return row!;
}

export function sharedWith(db: Db, userId: number, visible: SQL) {
  return db
    .select({
      ...summaryColumns(),
      shareId: donorShares.id,
      message: donorShares.message,
      sharedAt: donorShares.createdAt,
      sharedByName: sql<string>`coalesce((select trim(s.first_name || ' ' || s.last_name) from users s where s.id = ${donorShares.sharedBy}), '')`,
    })
    .from(donorShares)
    .innerJoin(donors, eq(donors.userId, donorShares.donorId))
    .innerJoin(users, eq(users.id, donors.userId))
    .innerJoin(centers, eq(centers.id, donors.centerId))
    .where(and(eq(donorShares.sharedTo, userId), visible))
    .orderBy(desc(donorShares.createdAt), desc(donorShares.id));
}

/** The center's settings, the defaults filling what it has not set. */
export async function centerSettingsOf(db: Db, centerId: number): Promise<CenterSettings> {
  const [row] = await db
    .select({ settings: centers.settings })
    .from(centers)
    .where(eq(centers.id, centerId))
    .limit(1);
  return centerSettings(row?.settings);
}

export type SummaryRow = Awaited<ReturnType<typeof compareRows>>[number];

export async function insertDetailsAccessRequest(db: Db, values: typeof ipQueries.$inferInsert) {
  const [row] = await db.insert(ipQueries).values(values).returning({ id: ipQueries.id });
  return row!.id;
}
