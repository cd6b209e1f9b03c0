import { questionKey } from '@dm/shared';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index.js';
import type { SecretBox } from '../platform/crypto.js';
import type { Db } from '../platform/db.js';
import type { FileStorage } from '../platform/storage.js';
import { insertRows as insertAll, insertStatements, StatementQueue } from './bulk.js';
import { renderSeedFile, type SeedFile } from './files.js';
import type { GeneratedDonor, Insert } from './generated.js';
import { CUSTOM_QUESTIONS } from './words.js';

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
        .insert(schema.customizedQuestions)
        .values({ centerId, question: q.question, questionKey: key, tab: q.tab, isRequired: q.isRequired })
        .onConflictDoUpdate({
          target: [schema.customizedQuestions.centerId, schema.customizedQuestions.questionKey],
          set: { questionKey: key },
        })
        .returning({ id: schema.customizedQuestions.id });
      ids.set(`${centerId}:${q.questionId}`, row!.id);
    }
  }
  return ids;
}

/** Child tables whose rows need nothing but the donor's id, in the order they are written. */
const PLAIN_CHILDREN = [
  ['referrals', schema.donorReferrals],
  ['races', schema.donorRaces],
  ['ethnicities', schema.donorEthnicities],
  ['familyHistory', schema.donorFamilyHistory],
  ['educationRecords', schema.donorEducationRecords],
  ['examScores', schema.donorExamScores],
  ['donationCycles', schema.donorDonationCycles],
  ['medications', schema.donorMedications],
  ['deliveries', schema.donorDeliveries],
  ['frozenBatches', schema.donorFrozenBatches],
] as const satisfies readonly (readonly [keyof GeneratedDonor, PgTable])[];

export interface WriteDeps {
  /** Encrypts the SSN; without it no SSN is stored. */
  secrets?: SecretBox;
  /** Receives the generated photos and documents; without it none are stored. */
  storage?: FileStorage;
}

/** Renders each described file and stores it (no storage: nothing is rendered nor stored). */
async function storeFiles<R extends { file: SeedFile; ext: string }>(
  storage: FileStorage | undefined,
  donorId: number,
  files: R[],
): Promise<(Omit<R, 'file' | 'ext'> & { donorId: number; storageKey: string; sizeBytes: number })[]> {
  if (!storage) return [];
  return Promise.all(
    files.map(async ({ file, ext, ...rest }) => {
      const bytes = await renderSeedFile(file);
      return { ...rest, donorId, storageKey: await storage.put(bytes, ext), sizeBytes: bytes.length };
    }),
  );
}

/**
 * Writes donors rows, profiles and every child table for users that already exist, with
 * multi-row inserts. Call inside a transaction. The rows of files are written once every file is
 * stored: a failed transaction leaves unreferenced files, never rows pointing at missing files.
 */
export async function writeDonorProfiles(
  db: Db,
  items: { userId: number; donor: GeneratedDonor }[],
  deps: WriteDeps,
  /** Runs while the database works through the queued inserts (the seed generates its next donors). */
  whileQueued?: () => void,
): Promise<void> {
  if (items.length === 0) return;
  // The files are written while the rows go in (the disk and the database work side by side);
  // their rows follow once every file is stored.
  const storing = Promise.all(
    items.map(async ({ userId, donor: d }) => ({
      pictures: await storeFiles(deps.storage, userId, d.pictures),
      documents: await storeFiles(deps.storage, userId, d.documents),
      additional: await storeFiles(deps.storage, userId, d.additionalDocuments),
    })),
  );
  // Awaited below; a row insert failing first must not leave it unhandled.
  storing.catch(() => {});
  const questionIds = await seedCustomQuestions(
    db,
    items.map((i) => i.donor.donor.centerId),
  );
  // The inserts that need no ids from each other are queued at once: each runs as the one before it
  // finishes (in order, one at a time on the connection), while this process prepares the next.
  const queue = new StatementQueue(db);
  const queued: Promise<unknown>[] = [];
  queued.push(
    queue.run(
      insertStatements(
        schema.donors,
        items.map(({ userId, donor: d }) => ({ ...d.donor, userId })),
      ),
    ),
  );
  queued.push(
    queue.run(
      insertStatements(
        schema.donorProfiles,
        items.map(({ userId, donor: d }) => ({
          ...d.profile,
          donorId: userId,
          ssnEncrypted: deps.secrets ? deps.secrets.seal(d.ssn) : null,
        })),
      ),
    ),
  );
  const children = <K extends keyof GeneratedDonor>(key: K) =>
    items.flatMap(({ userId, donor: d }) =>
      (d[key] as unknown as object[]).map((row) => ({ ...row, donorId: userId })),
    );
  for (const [key, table] of PLAIN_CHILDREN)
    queued.push(queue.run(insertStatements(table, children(key) as Insert<typeof table>[])));
  queued.push(
    queue.run(
      insertStatements(
        schema.donorCustomAnswers,
        items.flatMap(({ userId, donor: d }) =>
          d.customAnswers.map((a) => ({
            ...a,
            donorId: userId,
            questionId: questionIds.get(`${d.donor.centerId}:${a.questionId}`)!,
          })),
        ) as Insert<typeof schema.donorCustomAnswers>[],
      ),
    ),
  );
  queued.push(
    queue.run(insertStatements(schema.donorNotes, children('notes') as Insert<typeof schema.donorNotes>[])),
  );
  // Family members need their ids for the disease rows that point at them.
  const members = children('familyMembers') as Insert<typeof schema.donorFamilyMembers>[];
  const membersInserted = queue.run<{ id: number; donor_id: number; position: number }>(
    insertStatements(schema.donorFamilyMembers, members, ['id', 'donor_id', 'position']),
  );
  queued.push(membersInserted);
  // Each is awaited below; one failing first must not leave the others unhandled.
  Promise.all(queued).catch(() => {});
  whileQueued?.();
  const memberIds = new Map<string, number>();
  for (const m of await membersInserted) memberIds.set(`${m.donor_id}:${m.position}`, m.id);
  queued.push(
    queue.run(
      insertStatements(
        schema.donorDiseases,
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
      ),
    ),
  );
  await Promise.all(queued);
  const stored = await storing;
  await insertAll(
    db,
    schema.donorPictures,
    stored.flatMap((s) => s.pictures),
  );
  await insertAll(
    db,
    schema.donorDocuments,
    stored.flatMap((s) => s.documents),
  );
  await insertAll(
    db,
    schema.donorAdditionalDocuments,
    stored.flatMap((s) => s.additional),
  );
}
