import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customizedQuestions,
  donorAdditionalDocuments,
  donorCustomAnswers,
  donorDeliveries,
  donorDiseases,
  donorDocuments,
  donorEducationRecords,
  donorExamScores,
  donorFamilyHistory,
  donorFamilyMembers,
  donorMedications,
  donorPictures,
  donorVideos,
  favorites,
  users,
} from '../../db/schema/index.js';
import { donorFixtures } from '../../test/donor-fixtures.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { type AnswerVisibilityKind, answerVisibilityOf } from '../questions/index.js';
import { donorPageRows } from './donors.page.repo.js';
import * as repo from './donors.repo.js';

/**
 * The donor page's one statement (donorPageRows) gives each list exactly as the table's own
 * reader does: the same keys, values, order and filters, timestamps as Date.toISOString() text.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const { clientVisibleDonors } = donorFixtures(() => t);

/** The custom answers `visible` lets through, read on their own (as the page read them before). */
const answersRead = (donorId: number, visible: SQL) =>
  t.db
    .select({ question: donorCustomAnswers.question, answer: donorCustomAnswers.answer })
    .from(donorCustomAnswers)
    .leftJoin(customizedQuestions, eq(customizedQuestions.id, donorCustomAnswers.questionId))
    .where(and(eq(donorCustomAnswers.donorId, donorId), visible))
    .orderBy(asc(donorCustomAnswers.id));

/** A reader's rows as JSON carries them: Dates as ISO text. */
const asJson = (rows: object[]) => JSON.parse(JSON.stringify(rows));

describe('donorPageRows', () => {
  let donorId: number;
  let parentId: number;
  beforeAll(async () => {
    [donorId] = await clientVisibleDonors('parent@demo.test', 1, 1);
    parentId = (
      await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'parent@demo.test'))
    )[0]!.id;
    const db = t.db;
    // Values that tell the JSON form from a reader's: microseconds, a float's last digit, quotes,
    // non-ASCII text, nulls, arrays and an empty list.
    const [member] = await db
      .insert(donorFamilyMembers)
      .values([
        { donorId, relation: 'Mother "Mum"', heightCm: 0.1 + 0.2, dateOfBirth: '1960-02-29', position: 2 },
        { donorId, relation: 'Père', weightKg: 1e-7, living: false, ageAtDeath: 80, position: 1 },
      ])
      .returning();
    await db
      .insert(donorDiseases)
      .values({ donorId, disease: 'Asthma', relation: 'Mother', familyMemberId: member!.id });
    await db.insert(donorFamilyHistory).values([
      { donorId, key: 'zeta', answer: true, details: 'line\nbreak' },
      { donorId, key: 'alpha', answer: false },
    ]);
    const [record] = await db
      .insert(donorEducationRecords)
      .values({ donorId, type: 'College', gpa: 3.95, pursuing: true })
      .returning();
    await db
      .insert(donorExamScores)
      .values({ donorId, exam: 'SAT', score: 1530, educationRecordId: record!.id });
    await db.execute(
      sql`insert into donor_donation_cycles (donor_id, cycle_date, created_at) values
        (${donorId}, '2020-01-01', '2024-05-06 07:08:09.999999+00'),
        (${donorId}, '2023-01-01', '2024-05-06 23:59:59.0005+05:30')`,
    );
    await db.insert(donorMedications).values({ donorId, name: 'Ibuprofen ✓', prescribedOn: '2021-03-04' });
    await db.insert(donorDeliveries).values({ donorId, dateOfBirth: '2019-07-08', birthLengthCm: 50.5 });
    await db.execute(
      sql`insert into donor_frozen_batches (donor_id, ref_id, frozen_date, updated_at) values
        (${donorId}, 'B-2', '2022-02-02', '2025-01-01 00:00:00.123456+00'),
        (${donorId}, 'B-1', '2021-01-01', now())`,
    );
    const file = { storageKey: 'k', contentType: 'image/png', sizeBytes: 1 };
    await db.insert(donorPictures).values([
      { donorId, ...file, private: true, caption: 'private' },
      { donorId, ...file, caption: 'shown' },
    ]);
    await db.insert(donorVideos).values({ donorId, ...file, contentType: 'video/mp4', private: true });
    await db.insert(donorDocuments).values({ donorId, ...file, title: 'Report' });
    await db.insert(donorAdditionalDocuments).values([
      { donorId, ...file, kind: 'medical', private: true, title: 'Medical' },
      { donorId, ...file, kind: 'legal', title: 'Legal' },
    ]);
    await db
      .insert(favorites)
      .values({ userId: parentId, donorId, createdAt: new Date() })
      .onConflictDoNothing();
  });

  const read = (withPrivate: boolean, answers: AnswerVisibilityKind = 'all', centerId = 1) =>
    donorPageRows(t.db, {
      donorId,
      userId: parentId,
      centerId,
      withPrivate,
      additional: true,
      frozen: true,
      answers,
    });

  it("gives every repeating table's rows as its own reader does", async () => {
    const db = t.db;
    const rows = await read(true);
    expect(rows.members).toEqual(asJson(await repo.familyMembersOf(db, donorId)));
    expect(rows.history).toEqual(asJson(await repo.familyHistoryOf(db, donorId)));
    expect(rows.diseases).toEqual(asJson(await repo.diseasesOf(db, donorId)));
    expect(rows.records).toEqual(asJson(await repo.educationOf(db, donorId)));
    expect(rows.exams).toEqual(asJson(await repo.examsOf(db, donorId)));
    expect(rows.cycles).toEqual(asJson(await repo.donationCyclesOf(db, donorId)));
    expect(rows.meds).toEqual(asJson(await repo.medicationsOf(db, donorId)));
    expect(rows.deliveries).toEqual(asJson(await repo.deliveriesOf(db, donorId)));
    expect(rows.frozen).toEqual(asJson(await repo.frozenBatchesOf(db, donorId)));
    // The values that differ between JSON and a reader did reach the lists (the seed's rows too).
    const mine = rows.members.filter((m) => ['Père', 'Mother "Mum"'].includes(m.relation as string));
    expect(mine.map((m) => [m.relation, m.heightCm, m.weightKg])).toEqual([
      ['Père', null, 1e-7],
      ['Mother "Mum"', 0.1 + 0.2, null],
    ]);
    expect(rows.cycles.map((c) => c.createdAt)).toEqual(
      expect.arrayContaining(['2024-05-06T18:29:59.000Z', '2024-05-06T07:08:09.999Z']),
    );
    expect(rows.frozen!.filter((f) => f.refId === 'B-2').map((f) => f.updatedAt)).toEqual([
      '2025-01-01T00:00:00.123Z',
    ]);
    expect(rows.favorite).toBe(true);
  });

  it('gives the profile columns the page shows, as the profile reader does', async () => {
    const rows = await read(false);
    const profile = await repo.profileOf(t.db, donorId);
    expect(profile).not.toBeNull();
    expect(rows.profile).toEqual(
      Object.fromEntries(
        Object.keys(rows.profile!).map((key) => [key, profile![key as keyof typeof profile]]),
      ),
    );
    expect(Object.keys(rows.profile!)).toContain('healthAnswers');
    expect(Object.keys(rows.profile!)).not.toContain('updatedAt');
  });

  it('leaves out private files unless asked, in the readers’ order', async () => {
    const db = t.db;
    const pick = (f: { id: number; private: boolean }) => f.id;
    for (const withPrivate of [false, true]) {
      const rows = await read(withPrivate);
      expect(rows.pictures.map(pick)).toEqual((await repo.picturesOf(db, donorId, withPrivate)).map(pick));
      expect(rows.videos.map(pick)).toEqual((await repo.videosOf(db, donorId, withPrivate)).map(pick));
      expect(rows.documents.map(pick)).toEqual((await repo.documentsOf(db, donorId, withPrivate)).map(pick));
      expect(rows.additional!.map(pick)).toEqual(
        (await repo.additionalDocumentsOf(db, donorId, withPrivate)).map(pick),
      );
      expect(rows.pictures.some((f) => f.private)).toBe(withPrivate);
    }
    const shown = await read(false);
    expect(shown.pictures.find((f) => f.caption === 'shown')).toMatchObject({
      contentType: 'image/png',
      isDefault: false,
    });
    expect(shown.additional!.map((f) => [f.kind, f.title])).toContainEqual(['legal', 'Legal']);
    expect(shown.additional!.map((f) => f.title)).not.toContain('Medical');
  });

  it('leaves out what the caller may not see: additional files, frozen batches, hidden answers', async () => {
    const rows = await donorPageRows(t.db, {
      donorId,
      userId: parentId + 1_000_000,
      withPrivate: false,
      centerId: 1,
      additional: false,
      frozen: false,
      answers: 'activePublic',
    });
    expect(rows.additional).toBeNull();
    expect(rows.frozen).toBeNull();
    expect(rows.custom.map((c) => c.question)).not.toContain('Staff only?');
    expect(rows.favorite).toBe(false);
  });

  it('gives the custom answers each answer visibility lets through, as the answers reader does', async () => {
    const questions = await t.db
      .insert(customizedQuestions)
      .values([
        { centerId: 1, question: 'Why donate?', questionKey: 'page_test_public' },
        { centerId: 1, question: 'Staff only?', questionKey: 'page_test_staff', status: 'staff' },
        { centerId: 1, question: 'Archived?', questionKey: 'page_test_archived', isActive: false },
      ])
      .returning();
    await t.db
      .insert(donorCustomAnswers)
      .values(
        questions.map((q) => ({
          donorId,
          questionId: q.id,
          question: q.question,
          answer: `${q.question} yes`,
        })),
      )
      .onConflictDoNothing();
    const mine = questions.map((q) => q.question);
    const seen = new Set<string>();
    for (const kind of ['all', 'active', 'activePublic', 'staff'] as const) {
      for (const centerId of [1, 2]) {
        const custom = (await read(false, kind, centerId)).custom;
        expect(custom).toEqual(await answersRead(donorId, answerVisibilityOf(kind, centerId)));
        seen.add(
          `${kind}: ${custom
            .map((c) => c.question)
            .filter((q) => mine.includes(q))
            .join(', ')}`,
        );
      }
    }
    expect([...seen].sort()).toEqual([
      'active: Why donate?, Staff only?',
      'activePublic: Why donate?',
      'all: Why donate?, Staff only?, Archived?',
      'staff: Why donate?, Staff only?',
      'staff: Why donate?, Staff only?, Archived?',
    ]);
  });
});
