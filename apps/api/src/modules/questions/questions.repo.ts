import { answerVisibilityKind } from '@dm/shared';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { customizedQuestions, donorCustomAnswers, donors } from '../../db/schema/index.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';

export type QuestionRow = typeof customizedQuestions.$inferSelect;
export type QuestionInsert = typeof customizedQuestions.$inferInsert;

export const questionsOfCenter = (db: Db, centerId: number) =>
  db
    .select()
    .from(customizedQuestions)
    .where(eq(customizedQuestions.centerId, centerId))
    .orderBy(asc(customizedQuestions.id));

export const findQuestion = async (db: Db, id: number, forUpdate = false) => {
  const query = db.select().from(customizedQuestions).where(eq(customizedQuestions.id, id)).limit(1);
  return (forUpdate ? await query.for('update') : await query)[0];
};

/** Another question of the center with the same text ignoring case and spaces. */
export const findByKey = async (db: Db, centerId: number, key: string) =>
  (
    await db
      .select({ id: customizedQuestions.id })
      .from(customizedQuestions)
      .where(and(eq(customizedQuestions.centerId, centerId), eq(customizedQuestions.questionKey, key)))
      .limit(1)
  )[0];

export const insertQuestion = async (db: Db, row: QuestionInsert) =>
  (await db.insert(customizedQuestions).values(row).returning())[0]!;

export const updateQuestion = async (db: Db, id: number, set: Partial<QuestionInsert>) =>
  (await db.update(customizedQuestions).set(set).where(eq(customizedQuestions.id, id)).returning())[0]!;

export const donorCenterOf = async (db: Db, donorId: number) =>
  (await db.select({ centerId: donors.centerId }).from(donors).where(eq(donors.userId, donorId)).limit(1))[0]
    ?.centerId;

/** Active questions of a center on one tab. */
export const activeQuestionsOnTab = (db: Db, centerId: number, tab: string) =>
  db
    .select()
    .from(customizedQuestions)
    .where(
      and(
        eq(customizedQuestions.centerId, centerId),
        eq(customizedQuestions.tab, tab),
        eq(customizedQuestions.isActive, true),
      ),
    )
    .orderBy(asc(customizedQuestions.id));

export const answersOf = (db: Db, donorId: number) =>
  db
    .select({ questionId: donorCustomAnswers.questionId, answer: donorCustomAnswers.answer })
    .from(donorCustomAnswers)
    .where(eq(donorCustomAnswers.donorId, donorId));

/** Replaces the donor's answers to these questions (one row per donor and question). */
export async function upsertAnswers(
  db: Db,
  donorId: number,
  rows: { questionId: number; question: string; answer: string; isRequired: boolean; tab: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(donorCustomAnswers)
    .values(rows.map((r) => ({ ...r, donorId })))
    .onConflictDoUpdate({
      target: [donorCustomAnswers.donorId, donorCustomAnswers.questionId],
      set: {
        question: sql`excluded.question`,
        answer: sql`excluded.answer`,
        isRequired: sql`excluded.is_required`,
        tab: sql`excluded.tab`,
      },
    });
}

/** Deletes the donor's answers to these questions (a cleared optional answer). */
export async function deleteAnswers(db: Db, donorId: number, questionIds: number[]): Promise<void> {
  if (questionIds.length === 0) return;
  await db
    .delete(donorCustomAnswers)
    .where(and(eq(donorCustomAnswers.donorId, donorId), inArray(donorCustomAnswers.questionId, questionIds)));
}

/**
 * Which of a donor's stored answers a caller reads (join customized_questions on question_id):
 * `answerVisibilityKind` of packages/shared/src/policy/question.ts as SQL, after the status meanings in @dm/shared QUESTION_STATUSES:
 * - the donor: answers to active questions;
 * - intended parents: active public questions only;
 * - staff of the question's own center (and the master admin): everything, archived included;
 * - staff of another center that may see the donor: active public and staff questions.
 * An answer whose question no longer exists is read by staff only.
 */
export function answerVisibility(auth: Auth): SQL {
  return answerVisibilityOf(answerVisibilityKind(auth), auth.centerId);
}

export type AnswerVisibilityKind = ReturnType<typeof answerVisibilityKind>;

/** answerVisibility for a kind, the caller's center given as a value or a placeholder. */
export function answerVisibilityOf(kind: AnswerVisibilityKind, centerId: unknown): SQL {
  const q = customizedQuestions;
  if (kind === 'all') return sql`true`;
  if (kind === 'active') return eq(q.isActive, true);
  if (kind === 'activePublic') return and(eq(q.isActive, true), eq(q.status, 'public'))!;
  return or(
    isNull(q.id),
    eq(q.centerId, centerId as number),
    and(eq(q.isActive, true), inArray(q.status, ['public', 'staff'])),
  )!;
}
