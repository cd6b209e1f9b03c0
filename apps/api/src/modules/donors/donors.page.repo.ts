import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  customizedQuestions,
  donorAdditionalDocuments,
  donorCustomAnswers,
  donorDeliveries,
  donorDiseases,
  donorDocuments,
  donorDonationCycles,
  donorEducationRecords,
  donorExamScores,
  donorFamilyHistory,
  donorFamilyMembers,
  donorFrozenBatches,
  donorMedications,
  donorPictures,
  donorProfiles,
  donorVideos,
  favorites,
} from '../../db/schema/index.js';
import { type Db, preparedStatement } from '../../platform/db.js';
import { type AnswerVisibilityKind, answerVisibilityOf } from '../questions/index.js';

// The donor page in one statement (decision 013): a section of the donors module's
// queries (donors.repo.ts holds the rest, the form tables' own readers among them).

/** Column types json_build_object gives as drizzle's select does (or as `fields` reads them). */
const AS_IS = new Set([
  'PgSerial',
  'PgInteger',
  'PgSmallInt',
  'PgText',
  'PgBoolean',
  'PgDoublePrecision',
  'PgDateString',
  'PgArray',
  'PgJsonb',
]);

/** A column's value in JSON: a timestamp as `Date.toISOString()` writes it, the rest as stored. */
function jsonValue(column: AnyPgColumn): SQL {
  if (AS_IS.has(column.columnType)) return sql`${column}`;
  if (column.columnType === 'PgTimestamp' && column.getSQLType() === 'timestamp with time zone')
    return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  throw new Error(`donor page: no JSON form for ${column.columnType} (${column.name})`);
}

/** A row of `table` as a JSON object keyed as drizzle keys it (all columns, or `keys`). */
function jsonRow<T extends PgTable>(table: T, keys?: readonly (keyof T['$inferSelect'] & string)[]): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key]) => !keys || (keys as readonly string[]).includes(key),
  );
  return sql`json_build_object(${sql.join(
    columns.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${jsonValue(column as AnyPgColumn)}`),
    sql`, `,
  )})`;
}

/** The donor's rows of `table` as a JSON list, in `order`. */
function jsonRows<T extends PgTable & { donorId: AnyPgColumn }>(
  table: T,
  donorId: number,
  order: SQL[],
  options: { keys?: readonly (keyof T['$inferSelect'] & string)[]; where?: SQL } = {},
): SQL {
  return sql`coalesce((select json_agg(${jsonRow(table, options.keys)} order by ${sql.join(order, sql`, `)}) from ${table} where ${and(eq(table.donorId, donorId), options.where)}), '[]'::json)`;
}

/** What the donor page shows of the profile row (the rest is the form's). */
const PAGE_PROFILE_KEYS = [
  'ssnEncrypted',
  'address',
  'birthCountry',
  'birthState',
  'maritalStatus',
  'occupation',
  'numberOfPregnancies',
  'childCount',
  'ipWillingToWork',
  'donorFee',
  'donorFeeOther',
  'birthControl',
  'contraceptiveTypes',
  'hasPiercing',
  'hasTattoo',
  'covidVaccineName',
  'covidLastDoseDate',
  'transmittedDiseases',
  'anyMedications',
  'healthAnswers',
  'bodyType',
  'dominantHand',
  'personality',
  'hobbies',
  'raceDetails',
  'ethnicityDetails',
  'adminNotes',
] as const satisfies readonly (keyof typeof donorProfiles.$inferSelect)[];

const FILE_KEYS = ['id', 'contentType', 'private'] as const;

/** A row of a repeating table as the page reads it: timestamps are ISO text. */
type PageRow = Record<string, string | number | boolean | null | unknown[]>;
export interface PageFile {
  id: number;
  contentType: string;
  private: boolean;
  caption?: string | null;
  title?: string | null;
  isDefault?: boolean;
  kind?: string;
}

export interface DonorPageRows {
  profile: Pick<typeof donorProfiles.$inferSelect, (typeof PAGE_PROFILE_KEYS)[number]> | null;
  members: PageRow[];
  history: PageRow[];
  diseases: PageRow[];
  records: PageRow[];
  exams: PageRow[];
  cycles: PageRow[];
  meds: PageRow[];
  deliveries: PageRow[];
  custom: { question: string; answer: string }[];
  pictures: PageFile[];
  videos: PageFile[];
  documents: PageFile[];
  /** null unless asked for. */
  additional: PageFile[] | null;
  frozen: PageRow[] | null;
  favorite: boolean;
}

/** The values of the donor page statement (its shape is the caller's answer visibility). */
interface PageValues {
  donorId: number;
  userId: number;
  centerId: number;
  withPrivate: boolean;
  additional: boolean;
  frozen: boolean;
}

const pageStatement = preparedStatement<AnswerVisibilityKind, PageValues>((answers, p) => {
  const donorId = p.donorId as number;
  const shown = (table: { private: AnyPgColumn }) => sql`(${p.withPrivate}::boolean or not ${table.private})`;
  const a = donorCustomAnswers;
  return sql`select
      (select ${jsonRow(donorProfiles, PAGE_PROFILE_KEYS)} from ${donorProfiles} where ${eq(donorProfiles.donorId, donorId)}) as profile,
      ${jsonRows(donorFamilyMembers, donorId, [asc(donorFamilyMembers.position), asc(donorFamilyMembers.id)])} as members,
      ${jsonRows(donorFamilyHistory, donorId, [asc(donorFamilyHistory.key)])} as history,
      ${jsonRows(donorDiseases, donorId, [asc(donorDiseases.id)])} as diseases,
      ${jsonRows(donorEducationRecords, donorId, [asc(donorEducationRecords.id)])} as records,
      ${jsonRows(donorExamScores, donorId, [asc(donorExamScores.id)])} as exams,
      ${jsonRows(donorDonationCycles, donorId, [desc(donorDonationCycles.cycleDate)])} as cycles,
      ${jsonRows(donorMedications, donorId, [asc(donorMedications.id)])} as meds,
      ${jsonRows(donorDeliveries, donorId, [asc(donorDeliveries.dateOfBirth)])} as deliveries,
      coalesce((select json_agg(json_build_object('question', ${a.question}, 'answer', ${a.answer}) order by ${a.id})
        from ${a} left join ${customizedQuestions} on ${eq(customizedQuestions.id, a.questionId)}
        where ${and(eq(a.donorId, donorId), answerVisibilityOf(answers, p.centerId))}), '[]'::json) as custom,
      ${jsonRows(donorPictures, donorId, [desc(donorPictures.isDefault), asc(donorPictures.position), asc(donorPictures.id)], { keys: [...FILE_KEYS, 'caption', 'isDefault'], where: shown(donorPictures) })} as pictures,
      ${jsonRows(donorVideos, donorId, [asc(donorVideos.id)], { keys: [...FILE_KEYS, 'caption'], where: shown(donorVideos) })} as videos,
      ${jsonRows(donorDocuments, donorId, [asc(donorDocuments.id)], { keys: [...FILE_KEYS, 'title'], where: shown(donorDocuments) })} as documents,
      case when ${p.additional}::boolean then ${jsonRows(donorAdditionalDocuments, donorId, [asc(donorAdditionalDocuments.kind), asc(donorAdditionalDocuments.id)], { keys: [...FILE_KEYS, 'title', 'kind'], where: shown(donorAdditionalDocuments) })} end as additional,
      case when ${p.frozen}::boolean then ${jsonRows(donorFrozenBatches, donorId, [asc(donorFrozenBatches.frozenDate)])} end as frozen,
      exists (select 1 from ${favorites} where ${and(eq(favorites.userId, p.userId as number), eq(favorites.donorId, donorId))}) as favorite`;
});

/**
 * Everything of the donor page below the donor's own row in one statement (it was seventeen):
 * the profile, each repeating table as a JSON list in the order the form keeps, the files the
 * caller may see, the custom answers `answers` lets through (questions' answerVisibility), and
 * whether `userId` keeps the donor as a favourite. Each list has the keys and values the table's
 * own reader above gives (timestamps as ISO text). The text is rendered once per answer
 * visibility and prepared.
 */
export async function donorPageRows(
  db: Db,
  p: PageValues & { answers: AnswerVisibilityKind },
): Promise<DonorPageRows> {
  const { answers, ...values } = p;
  const [row] = await pageStatement<DonorPageRows>(db, answers, values);
  return row!;
}
